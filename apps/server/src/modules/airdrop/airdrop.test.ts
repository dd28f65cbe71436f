import type { Airdrop, AirdropDetail } from '@polaris/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { query } from '../../db/client.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { adminToken, balanceOf, deposit, newKey, type WalletUser, walletUser } from '../../test/wallet-fixtures.ts';
import { createActivity, HOUR, host, signUp } from '../activity/activity-fixtures.ts';
import { checkLedger } from '../wallet/ledger.store.ts';
import { earmarked } from './store.ts';

/** Airdrops through the API: creation and funding, sign-up and its refusals, races, and the distribution's money. */

let t: TestApp;
let alice: WalletUser;
let bob: WalletUser;
let funder: WalletUser;

beforeAll(async () => {
  t = await createTestApp();
  [alice, bob, funder] = await Promise.all([
    walletUser(t, 'air-alice@example.com'),
    walletUser(t, 'air-bob@example.com'),
    walletUser(t, 'air-funder@example.com'),
  ]);
  await deposit(t, funder.email, 'USDT', 'BSC', '1000');
}, 60_000);

afterAll(async () => {
  expect(await checkLedger(t.database.db)).toEqual([]);
  // The pool account holds exactly what the airdrops still hold, asset by asset.
  const held = [...(await earmarked(t.database.db))].filter(([, units]) => units !== 0n);
  expect(new Map(held)).toEqual(await poolBalances());
  await t.close();
});

const MINUTE = 60_000;
const at = (ms: number) => new Date(t.clock.now().getTime() + ms).toISOString();

async function create(body: Record<string, unknown>) {
  return t.call<{ id: string; pool: string; asset: string }>('POST', '/admin/airdrop/create', {
    headers: { 'x-admin-token': await adminToken(t) },
    body: {
      project: 'Polaris Labs',
      description: 'Early users',
      asset: 'USDT',
      mode: 'prorata',
      pool: '10',
      signupStartsAt: at(-MINUTE),
      signupEndsAt: at(HOUR),
      distributeAt: at(2 * HOUR),
      ...body,
    },
  });
}
async function created(body: Record<string, unknown> = {}) {
  const result = await create(body);
  expect(result.status, result.msg).toBe(200);
  return result.attachment.id;
}
const signup = (user: WalletUser, id: string, locale?: string) =>
  t.call<{ participants: number }>('POST', '/airdrop/signup', { token: user.token, body: { id }, locale });
const detail = async (id: string, user?: WalletUser) =>
  (await t.call<AirdropDetail>('GET', '/airdrop/detail', { token: user?.token, query: { id } })).attachment;
const available = async (user: WalletUser) => (await balanceOf(t, user.token, 'USDT'))?.available ?? '0';
async function signupRows(id: string, userId?: string) {
  const { rows } = await query<{ n: number }>(
    t.database.db,
    sql`select count(*)::int as n from airdrop_signups s join users u on u.id = s.user_id
        where s.airdrop_id = ${Number(id)} and (${userId ?? null}::text is null or u.uid = ${userId ?? null})`,
  );
  return rows[0]!.n;
}
async function poolBalances() {
  const { rows } = await query<{ asset_code: string; available: string }>(
    t.database.db,
    sql`select asset_code, available::text from accounts where system_code = 'airdrop_pool'`,
  );
  return new Map(rows.filter((r) => r.available !== '0').map((r) => [r.asset_code, BigInt(r.available)]));
}
async function fresh(email: string) {
  return walletUser(t, `${email}-${newKey()}@example.com`);
}
async function richFresh(email: string) {
  const user = await fresh(email);
  await deposit(t, user.email, 'USDT', 'BSC', '100');
  return user;
}

describe('creating an airdrop (operator)', () => {
  it('funds the pool from outside and lists it as current and open', async () => {
    const id = await created({ project: 'Listed Co', pool: '25' });
    const list = await t.call<{ items: Airdrop[] }>('GET', '/airdrop/list');
    const item = list.attachment.items.find((a) => a.id === id)!;
    expect(item).toMatchObject({ project: 'Listed Co', pool: '25', asset: 'USDT', mode: 'prorata', phase: 'open' });
    expect(item.mine).toBeNull();
    const past = await t.call<{ items: Airdrop[] }>('GET', '/airdrop/list', { query: { filter: 'past' } });
    expect(past.attachment.items.some((a) => a.id === id)).toBe(false);
  });

  it('a fixed airdrop funded from a user’s wallet takes per-person × places from it', async () => {
    const before = Number(await available(funder));
    const result = await create({
      mode: 'fixed',
      pool: undefined,
      perPerson: '2',
      maxParticipants: 3,
      funderEmail: funder.email,
    });
    expect(result.attachment).toMatchObject({ pool: '6', asset: 'USDT' });
    expect(Number(await available(funder))).toBe(before - 6);
  });

  it('refuses a wrong window, missing amounts, a funder without the money, and callers without the token', async () => {
    expect(await create({ signupEndsAt: at(-MINUTE / 2) })).toMatchObject({ status: 400 });
    expect(await create({ distributeAt: at(HOUR / 2) })).toMatchObject({ status: 400 });
    expect(await create({ mode: 'fixed', pool: undefined })).toMatchObject({ status: 400 });
    const poor = await fresh('poor');
    expect(await create({ funderEmail: poor.email })).toMatchObject({ status: 400, msg: 'Insufficient balance' });
    const stranger = await t.call('POST', '/admin/airdrop/create', {
      body: {
        project: 'x',
        asset: 'USDT',
        mode: 'prorata',
        pool: '1',
        signupStartsAt: at(0),
        signupEndsAt: at(HOUR),
        distributeAt: at(HOUR),
      },
    });
    expect(stranger.status).toBe(403);
  });
});

describe('the website link', () => {
  it('is stored only as https: javascript:, data: and plain http are refused naming website', async () => {
    for (const website of [
      'javascript:alert(document.cookie)',
      'data:text/html,<script>alert(1)</script>',
      'http://x.io',
    ]) {
      const refused = await create({ website });
      expect(refused).toMatchObject({ status: 400, attachment: [{ field: 'website' }] });
      expect(refused.msg).toBe('Please enter a link starting with https://');
    }
    const id = await created({ website: 'https://polaris.example/airdrop' });
    expect((await detail(id)).website).toBe('https://polaris.example/airdrop');
  });

  it('one stored before links were checked is not served', async () => {
    const id = await created({ website: 'https://polaris.example/old' });
    await query(t.database.db, sql`update airdrops set website = ${'javascript:alert(1)'} where id = ${Number(id)}`);
    expect((await detail(id)).website).toBeNull();
  });
});

describe('signing up', () => {
  it('signs up once; a second time is refused and changes nothing', async () => {
    const id = await created();
    expect(await signup(alice, id)).toMatchObject({ status: 200, attachment: { participants: 1 } });
    const again = await signup(alice, id);
    expect(again).toMatchObject({ status: 409, msg: 'You have already signed up for this airdrop' });
    expect((await detail(id, alice)).participants).toBe(1);
    expect((await detail(id, alice)).mine).not.toBeNull();
    expect(await signupRows(id)).toBe(1);
  });

  it('200 sign-ups of one user at once make one row', async () => {
    const id = await created();
    const results = await Promise.all(Array.from({ length: 200 }, () => signup(bob, id)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(199);
    expect(await signupRows(id)).toBe(1);
    expect((await detail(id)).participants).toBe(1);
  });

  it('after the end: the SPEC message, in the user’s language, and nothing changes', async () => {
    const id = await created({ signupEndsAt: at(10 * MINUTE), distributeAt: at(HOUR) });
    t.clock.advance(11 * MINUTE);
    try {
      expect(await signup(alice, id)).toMatchObject({
        status: 409,
        msg: 'Please confirm whether the airdrop has ended',
      });
      expect(await signup(alice, id, 'zh_TW')).toMatchObject({ msg: '請確認空投是否已結束' });
      expect(await signup(alice, id, 'zh_CN')).toMatchObject({ msg: '请确认空投是否已结束' });
      expect((await detail(id)).phase).toBe('ended');
      expect(await signupRows(id)).toBe(0);
    } finally {
      t.clock.advance(-11 * MINUTE);
    }
  });

  it('before the start it is not open yet; an unknown or malformed airdrop is not found', async () => {
    const id = await created({ signupStartsAt: at(HOUR), signupEndsAt: at(2 * HOUR), distributeAt: at(3 * HOUR) });
    expect((await detail(id)).phase).toBe('upcoming');
    expect(await signup(alice, id)).toMatchObject({ status: 409, msg: 'Sign-up for this airdrop has not opened yet' });
    expect(await signup(alice, '999999')).toMatchObject({ status: 404 });
    expect(await signup(alice, 'x\u0000')).toMatchObject({ status: 400 });
  });

  it('a fixed airdrop takes as many people as it has places, however many try at once', async () => {
    const id = await created({ mode: 'fixed', pool: undefined, perPerson: '1', maxParticipants: 3 });
    const crowd = await Promise.all(Array.from({ length: 12 }, (_, i) => fresh(`crowd${i}`)));
    const results = await Promise.all(crowd.map((user) => signup(user, id)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(3);
    expect(results.filter((r) => r.msg === 'This airdrop has no places left')).toHaveLength(9);
    expect(await signupRows(id)).toBe(3);
  });
});

describe('who qualifies', () => {
  it('holders of an asset: refused below the minimum, accepted once they hold it', async () => {
    const id = await created({ holdsAsset: 'USDT', holdsMin: '50' });
    const carol = await fresh('carol');
    expect((await detail(id, carol)).eligibility).toEqual({ holds: false, attended: null, vipTier: null });
    expect(await signup(carol, id)).toMatchObject({
      status: 403,
      msg: 'This airdrop is for holders of at least 50 USDT',
    });
    expect(await signupRows(id)).toBe(0);
    await deposit(t, carol.email, 'USDT', 'BSC', '50');
    expect((await signup(carol, id)).status).toBe(200);
  });

  it('members of a tier and above', async () => {
    const id = await created({ vipTier: 'pro' });
    const dan = await fresh('dan');
    expect(await signup(dan, id)).toMatchObject({ status: 403, msg: 'This airdrop is for PRO members and above' });
    await deposit(t, dan.email, 'USDT', 'BSC', '100');
    const bought = await t.call('POST', '/uservip/buyVip', {
      token: dan.token,
      body: { tier: 'max', period: 'month', tradePassword: dan.trade, idempotencyKey: newKey() },
    });
    expect(bought.status).toBe(200);
    expect((await signup(dan, id)).status).toBe(200);
  });

  it('checked-in attendees of an activity', async () => {
    const organizer = await host(t, `org-${newKey()}@example.com`);
    const activity = await createActivity(t, organizer, {
      startsAt: at(30 * MINUTE),
      endsAt: at(3 * HOUR),
    });
    const erin = await fresh('erin');
    const ticket = (await signUp(t, erin, activity.id)).attachment;
    const id = await created({ attendedActivityId: activity.id });
    expect((await detail(id)).requirements.attended).toEqual({ activityId: activity.id, title: activity.title });
    expect(await signup(erin, id)).toMatchObject({
      status: 403,
      msg: `This airdrop is for checked-in attendees of ${activity.title}`,
    });
    const checkedIn = await t.call('POST', '/activity/checkin', {
      token: organizer.token,
      body: { activityId: activity.id, ticketCode: ticket.qr },
    });
    expect(checkedIn.status, checkedIn.msg).toBe(200);
    expect((await signup(erin, id)).status).toBe(200);
  });
});

describe('distribution', () => {
  async function distribute() {
    t.clock.advance(3 * HOUR);
    try {
      await t.services.airdrops.distributeDue();
      // A second run (another process, a retry) finds nothing left to pay.
      expect(await t.services.airdrops.distributeDue()).toEqual({ paid: 0, finished: 0 });
    } finally {
      t.clock.advance(-3 * HOUR);
    }
  }

  it('fixed: each sign-up is paid once; the unused places go back to the funder', async () => {
    const funder = await richFresh('funder');
    const id = await created({
      mode: 'fixed',
      pool: undefined,
      perPerson: '2.5',
      maxParticipants: 4,
      funderEmail: funder.email,
    });
    const people = await Promise.all([fresh('f1'), fresh('f2'), fresh('f3')]);
    for (const person of people) expect((await signup(person, id)).status).toBe(200);
    expect(await available(funder)).toBe('90');
    await distribute();
    for (const person of people) expect(await available(person)).toBe('2.5');
    expect(await available(funder)).toBe('92.5');
    const after = await detail(id, people[0]);
    expect(after).toMatchObject({ phase: 'distributed', mine: { paid: '2.5' } });
    const past = await t.call<{ items: Airdrop[] }>('GET', '/airdrop/list', { query: { filter: 'past' } });
    expect(past.attachment.items.some((a) => a.id === id)).toBe(true);
    const signedUpLate = await signup(await fresh('late'), id);
    expect(signedUpLate.msg).toBe('Please confirm whether the airdrop has ended');
  });

  it('pro-rata: the pool is split equally to the base unit; the remainder returns to chain clearing', async () => {
    const id = await created({ pool: '10' });
    const people = await Promise.all([fresh('p1'), fresh('p2'), fresh('p3')]);
    for (const person of people) expect((await signup(person, id)).status).toBe(200);
    await distribute();
    for (const person of people) expect(await available(person)).toBe('3.333333');
    const { rows } = await query<{ paid: string; returned: string; status: string }>(
      t.database.db,
      sql`select paid::text, returned::text, status from airdrops where id = ${Number(id)}`,
    );
    expect(rows[0]).toEqual({ paid: '9999999', returned: '1', status: 'distributed' });
    const { rows: entries } = await query<{ kind: string; n: number }>(
      t.database.db,
      sql`select kind, count(*)::int as n from journal_entries where reference = ${`airdrop:${id}`} group by kind order by kind`,
    );
    expect(entries).toEqual([
      { kind: 'airdrop_fund', n: 1 },
      { kind: 'airdrop_payout', n: 3 },
      { kind: 'airdrop_return', n: 1 },
    ]);
  });

  it('an airdrop nobody signed up for returns its whole pool', async () => {
    const funder = await richFresh('funder');
    const id = await created({ pool: '7', funderEmail: funder.email });
    expect(await available(funder)).toBe('93');
    await distribute();
    expect(await available(funder)).toBe('100');
    expect((await detail(id)).phase).toBe('distributed');
  });
});
