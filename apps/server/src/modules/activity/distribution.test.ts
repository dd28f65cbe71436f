import { type Distribution, hashLoginPassword, type MasterBalances, type MasterEarnings } from '@polaris/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { query } from '../../db/client.ts';
import type { TestApp } from '../../test/app.ts';
import { balanceOf, newKey, type WalletUser } from '../../test/wallet-fixtures.ts';
import {
  activityApp,
  closeCheckingLedger,
  createActivity,
  DAY,
  guest,
  HOUR,
  host,
  paidTicket,
  signUp,
} from '../activity/activity-fixtures.ts';

// Olivia organizes; Cody co-hosts with a share and invites; Carol co-hosts without a share and invites.
let t: TestApp;
let olivia: WalletUser;
let cody: WalletUser;
let carol: WalletUser;
let stranger: WalletUser;
let activityId: string;

const split = (user: WalletUser, body: Record<string, unknown>, locale?: string) =>
  t.call<unknown>('POST', '/open/master/split', {
    token: user.token,
    ...(locale ? { locale } : {}),
    body: { activityId, ...body },
  });
const rule = (referralPercent: number, codyPercent: number) =>
  split(olivia, { referralPercent, cohosts: codyPercent > 0 ? [{ uid: cody.uid, percent: codyPercent }] : [] });
const invite = async (user: WalletUser) =>
  (
    await t.call<{ code: string }>('POST', '/activity/manage/invite', {
      token: user.token,
      body: { activityId, emails: [] },
    })
  ).attachment.code;
const distribution = async (user: WalletUser) =>
  (await t.call<Distribution>('GET', '/open/master/distribution', { token: user.token })).attachment.items;
const usdt = async (user: WalletUser) =>
  (await t.call<MasterBalances>('GET', '/open/master/earnings-coin', { token: user.token })).attachment.balances.find(
    (b) => b.asset === 'USDT',
  );

/** Each payee's creator earnings of the activity, in base units. */
async function parts() {
  const result = await query<{ uid: string; role: string; amount: string }>(
    t.database.db,
    sql`select u.uid::text, e.role, e.amount::text from creator_earnings e join users u on u.id = e.organizer_id
        order by e.role, u.uid`,
  );
  return result.rows.map((row) => `${row.role} ${row.uid} ${row.amount}`);
}

/** What the ledger moved into the creator_earnings account at settlement, and its buckets now. */
async function ledgerView() {
  const held = await query<{ total: string }>(
    t.database.db,
    sql`select coalesce(sum(p.amount), 0)::text as total from journal_entries j
        join postings p on p.entry_id = j.id and p.amount > 0
        join accounts a on a.id = p.account_id and a.system_code = 'creator_earnings'
        where j.kind = 'ticket_earning_hold'`,
  );
  const account = await query<{ available: string; frozen: string }>(
    t.database.db,
    sql`select available::text, frozen::text from accounts where system_code = 'creator_earnings' and asset_code = 'USDT'`,
  );
  return { held: held.rows[0]!.total, ...account.rows[0]! };
}

beforeAll(async () => {
  ({ t, olivia, cohost: cody } = await activityApp());
  carol = await host(t, 'carol@example.com');
  stranger = await host(t, 'stranger@example.com');
  ({ id: activityId } = await createActivity(t, olivia, { ...paidTicket('10'), coHosts: [cody.uid, carol.uid] }));
});
afterAll(() => closeCheckingLedger(t));

describe('the split rule', () => {
  it('refuses bad shares with field errors, in every language', async () => {
    const above = await rule(101, 0);
    expect(above.status).toBe(400);
    expect(above.attachment).toContainEqual({
      field: 'referralPercent',
      message: 'Referral share must be at most 100',
    });
    const step = await rule(10.555, 0);
    expect(step.attachment).toContainEqual({
      field: 'referralPercent',
      message: 'Referral share may have at most two decimals',
    });
    const total = await split(olivia, { referralPercent: 50, cohosts: [{ uid: cody.uid, percent: 50.01 }] }, 'zh_TW');
    expect(total.status).toBe(400);
    expect(total.attachment).toContainEqual({
      field: 'referralPercent',
      message: '推薦分成與共同主辦人分成合計不能超過 100%',
    });
    const twice = await split(olivia, {
      referralPercent: 0,
      cohosts: [
        { uid: cody.uid, percent: 1 },
        { uid: cody.uid, percent: 1 },
      ],
    });
    expect(twice.attachment).toContainEqual({ field: 'cohosts.1.uid', message: 'This co-host is listed twice' });
    const outsider = await split(olivia, { referralPercent: 0, cohosts: [{ uid: stranger.uid, percent: 5 }] }, 'zh_CN');
    expect(outsider.status).toBe(400);
    expect(outsider.attachment).toContainEqual({
      field: 'cohosts.0.uid',
      message: '只有本活动的联合主办人可以获得分成',
    });
    expect((await split(olivia, { referralPercent: -1, cohosts: [] })).status).toBe(400);
    expect((await split(olivia, { referralPercent: '5\u0000', cohosts: [] })).status).toBe(400);
    expect((await split(olivia, { activityId: 'x\uD800yyyyyyyy', referralPercent: 5, cohosts: [] })).status).toBe(400);
    // Only the organizer sets it; a co-host may not give themselves a share.
    expect((await split(cody, { referralPercent: 0, cohosts: [{ uid: cody.uid, percent: 90 }] })).status).toBe(403);
  });

  it('may be lowered freely before anyone has paid', async () => {
    expect((await rule(50, 50)).status).toBe(200);
    const saved = await rule(7.77, 33.33);
    expect(saved.status).toBe(200);
    expect(saved.attachment).toMatchObject({
      roles: ['organizer'],
      referralPercent: 7.77,
      editable: true,
      sold: false,
      settled: false,
      cohosts: [
        { uid: cody.uid, percent: 33.33, current: true },
        { uid: carol.uid, percent: 0, current: true },
      ],
    });
  });
});

describe('a paid activity with a co-host and two referrers', () => {
  it('after the first paid sign-up, shares may be raised but not lowered or taken away', async () => {
    const [byCody, byCarol] = [await invite(cody), await invite(carol)];
    const buyers = [
      ['a', byCody],
      ['b', byCody],
      ['c', byCarol],
      ['d', undefined],
    ] as const;
    for (const [name, inviteCode] of buyers) {
      const buyer = await guest(t, `${name}@example.com`, '10');
      expect((await signUp(t, buyer, activityId, inviteCode ? { inviteCode } : {})).status).toBe(200);
    }
    const lower = await rule(7.76, 33.33);
    expect(lower.status).toBe(409);
    expect(lower.attachment).toContainEqual({
      field: 'referralPercent',
      message: 'A sign-up has already paid: shares can now only be raised',
    });
    const removed = await rule(7.77, 0);
    expect(removed.status).toBe(409);
    expect(removed.attachment).toContainEqual({
      field: 'cohosts',
      message: 'A sign-up has already paid: shares can now only be raised',
    });
    const raised = await rule(7.77, 33.34);
    expect(raised.status).toBe(200);
    expect(raised.attachment).toMatchObject({ sold: true, referralPercent: 7.77 });
  });

  it('settles after the end so that every part is in the ledger and the parts sum to the revenue', async () => {
    t.clock.advance(7 * DAY + 4 * HOUR);
    // Two settlement runs at once, as two processes would: the activity is split once.
    await Promise.all([t.services.activity.settlement.processDue(), t.services.activity.settlement.processDue()]);
    // Referral 7.77 % of 10 USDT = 0.777 per ticket: Cody 2, Carol 1. The rest 37.669 × 33.34 % = 12.5588446 → Cody.
    expect(await parts()).toEqual(
      [
        `cohost ${cody.uid} 12558844`,
        `organizer ${olivia.uid} 25110156`,
        `referrer ${cody.uid} 1554000`,
        `referrer ${carol.uid} 777000`,
      ].sort((a, b) => a.localeCompare(b)),
    );
    expect(12558844 + 25110156 + 1554000 + 777000).toBe(40_000_000);
    expect(await ledgerView()).toEqual({ held: '40000000', frozen: '40000000', available: '0' });
    // The hosts' overview still shows the activity's whole money, not one part.
    const overview = await t.call<{ held: { asset: string; amount: string }[] }>('GET', '/activity/manage/overview', {
      token: cody.token,
      query: { activityId },
    });
    expect(overview.attachment.held).toMatchObject([{ asset: 'USDT', amount: '40' }]);

    // The statistics screens agree with the ledger: each payee's earned, frozen and daily earnings.
    const payees = [olivia, cody, carol];
    const earned = await Promise.all(payees.map(usdt));
    expect(earned.map((b) => b?.frozen)).toEqual(['25.110156', '14.112844', '0.777']);
    expect(earned.reduce((s, b) => s + Math.round(Number(b!.earned) * 1e6), 0)).toBe(40_000_000);
    for (const [i, payee] of payees.entries()) {
      const daily = await t.call<MasterEarnings>('GET', '/open/master/earnings', {
        token: payee.token,
        query: { days: '7', asset: 'USDT' },
      });
      const sum = daily.attachment.days.reduce((s, d) => s + Math.round(Number(d.amount) * 1e6), 0);
      expect(sum).toBe(Math.round(Number(earned[i]!.earned) * 1e6));
    }
    // Carol organized nothing but is paid as a referrer: she is a creator now.
    expect((await t.call('GET', '/open/master/info', { token: carol.token })).status).toBe(200);
    expect((await t.call('GET', '/open/master/info', { token: stranger.token })).status).toBe(404);

    const [mine] = await distribution(cody);
    expect(mine).toMatchObject({
      roles: ['cohost', 'referrer'],
      editable: false,
      settled: true,
      mine: [
        { asset: 'USDT', role: 'cohost', frozen: '12.558844', released: '0' },
        { asset: 'USDT', role: 'referrer', frozen: '1.554', released: '0' },
      ],
    });
    expect((await distribution(carol))[0]).toMatchObject({ roles: ['cohost', 'referrer'] });
    expect(await distribution(stranger)).toEqual([]);
    const closed = await rule(50, 50);
    expect(closed.status).toBe(409);
  });

  it('releases every part after the hold, once, and each payee withdraws their own', async () => {
    t.clock.advance(DAY);
    const runs = await Promise.all([t.services.earnings.releaseDue(), t.services.earnings.releaseDue()]);
    expect(runs[0]!.released + runs[1]!.released).toBe(4);
    expect(await t.services.earnings.releaseDue()).toEqual({ released: 0 });
    expect(await ledgerView()).toEqual({ held: '40000000', frozen: '0', available: '40000000' });
    expect(await usdt(cody)).toEqual({
      asset: 'USDT',
      frozen: '0',
      withdrawable: '14.112844',
      withdrawn: '0',
      earned: '14.112844',
    });

    const before = await balanceOf(t, carol.token, 'USDT');
    const taken = await t.call('POST', '/open/master/withdraw', {
      token: carol.token,
      body: { asset: 'USDT', amount: '0.777', tradePassword: carol.trade, idempotencyKey: newKey() },
    });
    expect(taken.status).toBe(200);
    const after = await balanceOf(t, carol.token, 'USDT');
    expect(Math.round((Number(after.available) - Number(before.available)) * 1e6)).toBe(777_000);
    // Carol cannot take Cody's part.
    const more = await t.call('POST', '/open/master/withdraw', {
      token: carol.token,
      body: { asset: 'USDT', amount: '1', tradePassword: carol.trade, idempotencyKey: newKey() },
    });
    expect(more.status).toBe(409);
    expect((await distribution(carol))[0]!.mine).toEqual([
      { asset: 'USDT', role: 'referrer', frozen: '0', released: '0.777' },
    ]);
    expect(await ledgerView()).toMatchObject({ available: String(40_000_000 - 777_000) });
  });

  it('keeps the share of a co-host removed after the first sale, and pays it', async () => {
    const later = await createActivity(t, olivia, { ...paidTicket('4'), coHosts: [cody.uid] });
    const terms = { activityId: later.id, referralPercent: 0, cohosts: [{ uid: cody.uid, percent: 50 }] };
    expect((await split(olivia, terms)).status).toBe(200);
    const buyer = await guest(t, 'later@example.com', '4');
    expect((await signUp(t, buyer, later.id)).status).toBe(200);
    const edited = await t.call('POST', '/activity/update', {
      token: olivia.token,
      body: { id: later.id, coHosts: [] },
    });
    expect(edited.status).toBe(200);
    const [shown] = await distribution(cody);
    expect(shown).toMatchObject({
      activity: { id: later.id },
      roles: ['cohost'],
      cohosts: [{ percent: 50, current: false }],
    });
    // Dropping the former co-host's share now would lower it: refused.
    expect((await split(olivia, { ...terms, cohosts: [] })).status).toBe(409);
    t.clock.advance(8 * DAY);
    await t.services.activity.settlement.processDue();
    expect((await distribution(cody))[0]!.mine).toEqual([
      { asset: 'USDT', role: 'cohost', frozen: '2', released: '0' },
    ]);
  });

  it('gives the part of a co-host who deleted their account to the organizer', async () => {
    const dee = await host(t, 'dee@example.com');
    const later = await createActivity(t, olivia, { ...paidTicket('4'), coHosts: [dee.uid] });
    const terms = { activityId: later.id, referralPercent: 0, cohosts: [{ uid: dee.uid, percent: 50 }] };
    expect((await split(olivia, terms)).status).toBe(200);
    const buyer = await guest(t, 'buyer-of-dee@example.com', '4');
    expect((await signUp(t, buyer, later.id)).status).toBe(200);
    await t.call('POST', '/user/deleteAccount/vcode', { token: dee.token });
    const deleted = await t.call('POST', '/user/deleteAccount', {
      token: dee.token,
      body: { password: hashLoginPassword('abc12345'), vcode: await t.code(dee.email) },
    });
    expect(deleted.status, deleted.msg).toBe(200);
    t.clock.advance(8 * DAY);
    await t.services.activity.settlement.processDue();
    const result = await query<{ uid: string; role: string; amount: string }>(
      t.database.db,
      sql`select u.uid::text, e.role, e.amount::text from creator_earnings e join users u on u.id = e.organizer_id
          join activities a on a.id = e.activity_id where a.code = ${later.id} order by e.role`,
    );
    expect(result.rows).toEqual([{ uid: olivia.uid, role: 'organizer', amount: '4000000' }]);
  });

  it('costs the same number of statements for one activity or many', async () => {
    for (let i = 0; i < 3; i++) await createActivity(t, olivia, { coHosts: [cody.uid] });
    // Work that follows earlier requests (notices announced after their commits) must not land in the count.
    const quiet = async () => {
      let last = -1;
      while (last !== t.database.statements()) {
        last = t.database.statements();
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    };
    const statementsOf = async (limit: string) => {
      await quiet();
      const before = t.database.statements();
      const page = await t.call<Distribution>('GET', '/open/master/distribution', {
        token: cody.token,
        query: { limit },
      });
      expect(page.status).toBe(200);
      return { statements: t.database.statements() - before, items: page.attachment.items.length };
    };
    const one = await statementsOf('1');
    const all = await statementsOf('50');
    expect([one.items, all.items]).toEqual([1, 5]);
    expect(all.statements).toBe(one.statements);
  });
});
