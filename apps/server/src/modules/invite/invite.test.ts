import type { InvitedInfo } from '@polaris/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { query } from '../../db/client.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { signUpAccount } from '../../test/client-requests.ts';
import { adminToken, balanceOf, deposit, type WalletUser, walletUser } from '../../test/wallet-fixtures.ts';
import { createActivity, DAY, host, signUp } from '../activity/activity-fixtures.ts';
import { checkLedger } from '../wallet/ledger.store.ts';

/** Invite gift through the API: naming an inviter, the refusals, the reward once per invitee, the list. */

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
afterAll(async () => {
  expect(await checkLedger(t.database.db)).toEqual([]);
  await t.close();
});

const signupWith = (email: string, inviteCode?: string) => signUpAccount(t.call, t.outbox, email, { inviteCode });
async function person(email: string, inviteCode?: string) {
  const result = await signupWith(email, inviteCode);
  if (result.status !== 200) throw new Error(`signup: ${result.msg}`);
  return result.attachment;
}
const info = async (token: string, query: Record<string, string> = {}) =>
  (await t.call<InvitedInfo>('POST', '/user/getInvitedInfo', { token, query })).attachment;
const bind = (token: string, inviteCode: unknown) =>
  t.call<{ inviter: string }>('POST', '/user/invite/bind', { token, body: { inviteCode } });
const fund = async (amount: string) =>
  t.call<{ pool: string; paid: number; stillOwed: number }>('POST', '/admin/invite/fund', {
    headers: { 'x-admin-token': await adminToken(t) },
    body: { amount },
  });
const usdt = async (token: string) => (await balanceOf(t, token, 'USDT')).available;
async function pool(): Promise<string> {
  const found = await query<{ available: string }>(
    t.database.db,
    sql`select available::text from accounts where system_code = 'referral_pool' and asset_code = 'USDT'`,
  );
  return found.rows[0]?.available ?? '0';
}
async function invitedBy(email: string): Promise<number | null> {
  const found = await query<{ invited_by: string | null }>(
    t.database.db,
    sql`select invited_by from users where email = ${email}`,
  );
  return found.rows[0]?.invited_by === null ? null : Number(found.rows[0]?.invited_by);
}
async function idOf(email: string): Promise<number> {
  const found = await query<{ id: string }>(t.database.db, sql`select id from users where email = ${email}`);
  return Number(found.rows[0]!.id);
}

describe('naming an inviter', () => {
  it('at sign-up: an unknown code is a field error; a known one (any case) is recorded', async () => {
    const ann = await person('ann@example.com');
    const code = (await info(ann.token)).inviteCode;
    const bad = await signupWith('bob@example.com', 'NOPE0000');
    expect(bad).toMatchObject({
      status: 400,
      attachment: [{ field: 'inviteCode', message: 'This invitation code does not exist' }],
    });
    await person('bob@example.com', code.toLowerCase());
    expect(await invitedBy('bob@example.com')).toBe(await idOf('ann@example.com'));
  });

  it('later: own code, a loop up the chain, an unknown code and bad text are refused and change nothing', async () => {
    const top = await person('top@example.com');
    const topCode = (await info(top.token)).inviteCode;
    const mid = await person('mid@example.com', topCode);
    const midCode = (await info(mid.token)).inviteCode;
    const low = await person('low@example.com', midCode);
    const lowCode = (await info(low.token)).inviteCode;

    const own = await bind(top.token, topCode);
    expect(own).toMatchObject({
      status: 400,
      msg: 'This is your own invitation code: you cannot invite yourself',
      attachment: [{ field: 'inviteCode' }],
    });
    for (const code of [midCode, lowCode]) {
      const loop = await bind(top.token, code);
      expect(loop).toMatchObject({ status: 400, attachment: [{ field: 'inviteCode' }] });
      expect(loop.msg).toContain('joined through you');
    }
    expect(await bind(top.token, 'ZZZZ9999')).toMatchObject({
      status: 400,
      attachment: [{ field: 'inviteCode', message: 'This invitation code does not exist' }],
    });
    for (const hostile of ['', 'AB\u0000CD', '\ud800', 'A'.repeat(5000), 42, null]) {
      const refused = await bind(top.token, hostile);
      expect(refused.status).toBe(400);
      expect(refused.attachment).toEqual([expect.objectContaining({ field: 'inviteCode' })]);
    }
    expect(await invitedBy('top@example.com')).toBeNull();
    // Somebody with an inviter already cannot change it.
    const other = await person('other@example.com');
    expect(await bind(mid.token, (await info(other.token)).inviteCode)).toMatchObject({
      status: 409,
      msg: 'You already have an inviter; it cannot be changed',
    });
  });

  it('binds once within the window; not after it, nor after the first qualifying action', async () => {
    const inviter = await person('binder-inviter@example.com');
    const code = (await info(inviter.token)).inviteCode;
    const fresh = await person('fresh@example.com');
    expect((await info(fresh.token)).canBind).toBe(true);
    expect(await bind(fresh.token, code)).toMatchObject({ status: 200, attachment: { inviter: 'bi***@example.com' } });
    expect(await invitedBy('fresh@example.com')).toBe(await idOf('binder-inviter@example.com'));
    expect((await info(fresh.token)).canBind).toBe(false);

    const depositor = await walletUser(t, 'depositor@example.com');
    await deposit(t, depositor.email, 'USDT', 'BSC', '20');
    expect((await info(depositor.token)).canBind).toBe(false);
    expect(await bind(depositor.token, code)).toMatchObject({ status: 409 });
    expect(await invitedBy('depositor@example.com')).toBeNull();

    const late = await person('late@example.com');
    t.clock.advance(8 * DAY);
    expect(await bind(late.token, code)).toMatchObject({
      status: 409,
      msg: 'An inviter can only be named within 7 days of signing up',
    });
    const zh = await t.call('POST', '/user/invite/bind', {
      token: late.token,
      body: { inviteCode: code },
      locale: 'zh_TW',
    });
    expect(zh.msg).toBe('只能在註冊後 7 天內填寫邀請人');
  });

  it('two people naming each other at the same moment: at most one succeeds, no loop', async () => {
    const a = await person('pair-a@example.com');
    const b = await person('pair-b@example.com');
    const [codeA, codeB] = [(await info(a.token)).inviteCode, (await info(b.token)).inviteCode];
    const results = await Promise.all([bind(a.token, codeB), bind(b.token, codeA)]);
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    const aBy = await invitedBy('pair-a@example.com');
    const bBy = await invitedBy('pair-b@example.com');
    expect(aBy === null || bBy === null).toBe(true);
  });
});

describe('binding under load', () => {
  it('200 binds of one account at once, to ten different inviters: exactly one holds', async () => {
    const codes: string[] = [];
    for (let i = 0; i < 10; i++) codes.push((await info((await person(`many-${i}@example.com`)).token)).inviteCode);
    const me = await person('popular@example.com');
    const results = await Promise.all(Array.from({ length: 200 }, (_, i) => bind(me.token, codes[i % 10])));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status !== 200).every((r) => r.status === 409)).toBe(true);
    expect(await invitedBy('popular@example.com')).not.toBeNull();
  }, 60_000);
});

describe('rewards', () => {
  let inviter: WalletUser;
  let code: string;
  beforeAll(async () => {
    inviter = await walletUser(t, 'rich-inviter@example.com');
    code = (await info(inviter.token)).inviteCode;
  });

  it('a small deposit earns nothing; the first deposit of 20 USDT pays both once; later ones nothing', async () => {
    expect(await fund('100')).toMatchObject({ status: 200, attachment: { pool: '100', paid: 0, stillOwed: 0 } });
    await person('payee@example.com', code);
    const payee = await walletUser(t, 'payee2@example.com');
    // walletUser registers without a code: bind it within the window.
    expect((await bind(payee.token, code)).status).toBe(200);
    await deposit(t, payee.email, 'USDT', 'BSC', '19.99');
    await deposit(t, payee.email, 'BTC', 'BTC', '1').catch(() => undefined);
    expect(await usdt(inviter.token)).toBe('0');
    await deposit(t, payee.email, 'USDT', 'BSC', '20');
    expect(await usdt(inviter.token)).toBe('5');
    expect(await usdt(payee.token)).toBe('41.99');
    await deposit(t, payee.email, 'USDT', 'BSC', '50');
    expect(await usdt(inviter.token)).toBe('5');
    expect(await pool()).toBe(String(93n * 10n ** 6n));

    const mine = await info(inviter.token);
    expect(mine.totals).toEqual({ invited: 2, rewarded: 1, earned: '5', owed: '0' });
    expect(mine.items.map((i) => [i.name, i.state, i.amount])).toEqual([
      ['pa***@example.com', 'rewarded', '5'],
      ['pa***@example.com', 'joined', '0'],
    ]);
    expect(mine.link).toBe(`http://localhost:8080/s/u${code}`);
    const theirs = await info(payee.token);
    expect(theirs.invitedBy).toEqual({ name: 'ri***@example.com', state: 'rewarded', amount: '2' });
  });

  it('a check-in at someone else’s activity qualifies; at one’s own or the inviter’s activity it does not', async () => {
    await fund('7');
    const organizer = await host(t, 'organizer@example.com');
    const guestUser = await walletUser(t, 'checker@example.com');
    expect((await bind(guestUser.token, (await info(organizer.token)).inviteCode)).status).toBe(200);
    const ownEvent = await createActivity(t, organizer);
    const ticket = (await signUp(t, guestUser, ownEvent.id)).attachment;
    await t.call('POST', '/activity/checkin', {
      token: organizer.token,
      body: { activityId: ownEvent.id, ticketCode: ticket.qr },
    });
    expect((await info(organizer.token)).totals.rewarded).toBe(0);

    const third = await host(t, 'third-host@example.com');
    const elsewhere = await createActivity(t, third);
    const ticket2 = (await signUp(t, guestUser, elsewhere.id)).attachment;
    const checked = await t.call('POST', '/activity/checkin', {
      token: third.token,
      body: { activityId: elsewhere.id, ticketCode: ticket2.qr },
    });
    expect(checked.status).toBe(200);
    expect(await usdt(organizer.token)).toBe('5');
    expect(await usdt(guestUser.token)).toBe('2');
  });

  it('when the pool is short the reward is owed, and funding the pool pays it; the pool never goes negative', async () => {
    const drained = await pool();
    const owedInviter = await walletUser(t, 'owed-inviter@example.com');
    const owedCode = (await info(owedInviter.token)).inviteCode;
    const invitees: WalletUser[] = [];
    // Enough invitees to use up what is left in the pool and then some.
    const needed = Number(BigInt(drained) / (7n * 10n ** 6n)) + 2;
    for (let i = 0; i < needed; i++) {
      const user = await walletUser(t, `owed-${i}@example.com`);
      expect((await bind(user.token, owedCode)).status).toBe(200);
      await deposit(t, user.email, 'USDT', 'BSC', '20');
      invitees.push(user);
    }
    expect(BigInt(await pool())).toBeGreaterThanOrEqual(0n);
    const before = await info(owedInviter.token);
    expect(before.totals.owed).not.toBe('0');
    const owedCount = before.items.filter((i) => i.state === 'owed').length;
    expect(owedCount).toBeGreaterThanOrEqual(1);
    expect(await usdt(invitees.at(-1)!.token)).toBe('20');

    const funded = await fund('1000');
    expect(funded.attachment).toMatchObject({ paid: owedCount, stillOwed: 0 });
    const after = await info(owedInviter.token);
    expect(after.totals).toMatchObject({ rewarded: needed, owed: '0', earned: String(5 * needed) });
    expect(await usdt(invitees.at(-1)!.token)).toBe('22');
    expect(await fund('-1')).toMatchObject({ status: 400 });
    expect(
      (
        await t.call('POST', '/admin/invite/fund', {
          body: { amount: '1' },
          headers: { 'x-admin-token': 'f'.repeat(64) },
        })
      ).status,
    ).toBe(403);
  });

  it('200 concurrent qualifying deposits of one invitee pay exactly one pair', async () => {
    await fund('100');
    const poolBefore = BigInt(await pool());
    const user = await walletUser(t, 'racer@example.com');
    expect((await bind(user.token, code)).status).toBe(200);
    const inviterBefore = await usdt(inviter.token);
    await Promise.all(Array.from({ length: 200 }, (_, i) => deposit(t, user.email, 'USDT', 'BSC', '20', `0xrace${i}`)));
    const entries = await query<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from journal_entries where kind = 'invite_reward' and reference = ${`invite:${await idOf(user.email)}`}`,
    );
    expect(entries.rows[0]!.n).toBe(1);
    expect(await usdt(user.token)).toBe(String(200 * 20 + 2));
    expect(Number(await usdt(inviter.token))).toBe(Number(inviterBefore) + 5);
    expect(BigInt(await pool())).toBe(poolBefore - 7n * 10n ** 6n);
    expect(await checkLedger(t.database.db)).toEqual([]);
  }, 120_000);
});

describe('the list', () => {
  it('pages the invitees newest first with a cursor', async () => {
    const boss = await person('boss@example.com');
    const code = (await info(boss.token)).inviteCode;
    for (const name of ['p1', 'p2', 'p3']) await person(`${name}-boss@example.com`, code);
    const first = await info(boss.token, { limit: '2' });
    expect(first.items.map((i) => i.name)).toEqual(['p3***@example.com', 'p2***@example.com']);
    expect(first.nextCursor).not.toBeNull();
    const second = await info(boss.token, { limit: '2', cursor: first.nextCursor! });
    expect(second.items.map((i) => i.name)).toEqual(['p1***@example.com']);
    expect(second.nextCursor).toBeNull();
    expect(first.totals.invited).toBe(3);
    expect(first.rule).toEqual({ inviterAmount: '5', inviteeAmount: '2', minDeposit: '20', bindDays: 7 });
    expect(
      (await t.call('POST', '/user/getInvitedInfo', { query: { cursor: 'x\u0000' }, token: boss.token })).status,
    ).toBe(400);
    expect((await t.call('POST', '/user/getInvitedInfo')).status).not.toBe(200);
  });
});
