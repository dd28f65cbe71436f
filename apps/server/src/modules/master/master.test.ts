import type { MasterBalances, MasterCount, MasterEarnings, MasterInfo } from '@polaris/contract';
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

let t: TestApp;
let olivia: WalletUser;
let stranger: WalletUser;

beforeAll(async () => {
  ({ t, olivia } = await activityApp());
  stranger = await host(t, 'stranger@example.com');
  // Two paid activities ending in a week: 3 × 10 USDT and 2 × 5 USDT, and a free one without sign-ups.
  const big = await createActivity(t, olivia, paidTicket('10'));
  const small = await createActivity(t, olivia, paidTicket('5'));
  await createActivity(t, olivia);
  for (const [i, activity] of [big, big, big, small, small].entries()) {
    const buyer = await guest(t, `buyer${i}@example.com`, '10');
    expect((await signUp(t, buyer, activity.id)).status).toBe(200);
  }
  t.clock.advance(7 * DAY + 4 * HOUR);
  await t.services.activity.settlement.processDue();
});
afterAll(() => closeCheckingLedger(t));

const get = <T>(path: string, user: WalletUser, q: Record<string, string> = {}) =>
  t.call<T>('GET', path, { token: user.token, query: q });
const withdraw = (amount: string, extra: Record<string, unknown> = {}) =>
  t.call<{ withdrawal: { amount: string }; balance: MasterInfo['balances'][number] }>('POST', '/open/master/withdraw', {
    token: olivia.token,
    body: { asset: 'USDT', amount, tradePassword: olivia.trade, idempotencyKey: newKey(), ...extra },
  });
const usdt = async (user: WalletUser) =>
  (await get<MasterBalances>('/open/ticket/frozen-balance', user)).attachment.balances.find((b) => b.asset === 'USDT');

/** The ledger's own numbers: the creator_earnings account and olivia's earning entries, summed in base units. */
async function ledgerView() {
  const account = await query<{ available: string; frozen: string }>(
    t.database.db,
    sql`select available::text, frozen::text from accounts where system_code = 'creator_earnings' and asset_code = 'USDT'`,
  );
  const held = await query<{ total: string }>(
    t.database.db,
    sql`select coalesce(sum(p.amount), 0)::text as total from journal_entries j
        join postings p on p.entry_id = j.id and p.amount > 0
        join accounts a on a.id = p.account_id and a.system_code = 'creator_earnings'
        where j.kind = 'ticket_earning_hold' and p.asset_code = 'USDT'`,
  );
  return { ...account.rows[0]!, held: held.rows[0]!.total };
}

describe('statistics', () => {
  it('answers 404 to someone who has organized nothing, so the client hides the screens', async () => {
    const info = await get('/open/master/info', stranger);
    expect(info.status).toBe(404);
    expect(info.msg).toBe('Creator earnings are for people who have organized an activity');
    expect((await get<MasterBalances>('/open/master/earnings-coin', stranger)).attachment.balances).toEqual([]);
  });

  it('counts by day what the tables and the ledger hold, every day of the range present', async () => {
    const info = await get<MasterInfo>('/open/master/info', olivia);
    expect(info.status).toBe(200);
    expect(info.attachment).toMatchObject({ activities: 3, signups: 5 });

    const count = await get<MasterCount>('/open/master/count', olivia, { days: '30' });
    const signups = await get<MasterCount>('/open/master/signup-count', olivia, { days: '30' });
    const earnings = await get<MasterEarnings>('/open/master/earnings', olivia, { days: '30', asset: 'USDT' });
    expect(count.attachment.days).toHaveLength(30);
    expect(count.attachment.days.at(-1)!.day).toBe(t.clock.now().toISOString().slice(0, 10));
    const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
    expect(sum(count.attachment.days.map((d) => d.count))).toBe(info.attachment.activities);
    expect(sum(signups.attachment.days.map((d) => d.count))).toBe(info.attachment.signups);

    const ledger = await ledgerView();
    const earnedUnits = earnings.attachment.days.reduce((total, d) => total + BigInt(Number(d.amount) * 1e6), 0n);
    expect(earnedUnits.toString()).toBe(ledger.held);
    expect(ledger.held).toBe('40000000');
    // Still in the hold: all frozen, nothing withdrawable, on the screen and in the account alike.
    expect(await usdt(olivia)).toEqual({
      asset: 'USDT',
      frozen: '40',
      withdrawable: '0',
      withdrawn: '0',
      earned: '40',
    });
    expect(ledger).toMatchObject({ frozen: '40000000', available: '0' });
    expect(info.attachment.balances).toEqual([await usdt(olivia)]);

    const seven = await get<MasterCount>('/open/master/count', olivia, { days: '7' });
    expect(seven.attachment.days).toHaveLength(7);
    expect((await get('/open/master/count', olivia, { days: '9' })).status).toBe(400);
  });

  it('lists each activity’s earning with its release time, and nobody else’s', async () => {
    const page = await get<{ items: { amount: string; releasedAt: string | null }[]; nextCursor: string | null }>(
      '/open/ticket/activity-earnings',
      olivia,
      { limit: '1' },
    );
    expect(page.attachment.items).toHaveLength(1);
    const rest = await get<{ items: { amount: string }[]; nextCursor: string | null }>(
      '/open/ticket/activity-earnings',
      olivia,
      { limit: '5', cursor: page.attachment.nextCursor! },
    );
    expect([...page.attachment.items, ...rest.attachment.items].map((i) => i.amount).sort()).toEqual(['10', '30']);
    expect(rest.attachment.nextCursor).toBeNull();
    expect((await get<{ items: unknown[] }>('/open/ticket/activity-earnings', stranger)).attachment.items).toEqual([]);
  });

  it('costs the same number of statements however many days and rows there are', async () => {
    const statementsOf = async (call: () => Promise<{ status: number }>) => {
      const before = t.database.statements();
      expect((await call()).status).toBe(200);
      return t.database.statements() - before;
    };
    const week = await statementsOf(() => get('/open/master/signup-count', olivia, { days: '7' }));
    const month = await statementsOf(() => get('/open/master/signup-count', olivia, { days: '30' }));
    expect(month).toBe(week);
    const one = await statementsOf(() => get('/open/ticket/activity-earnings', olivia, { limit: '1' }));
    const all = await statementsOf(() => get('/open/ticket/activity-earnings', olivia, { limit: '50' }));
    expect(all).toBe(one);
  });
});

describe('withdrawal', () => {
  it('refuses while everything is still in the hold, and changes nothing', async () => {
    const before = await balanceOf(t, olivia.token, 'USDT');
    const early = await withdraw('1');
    expect(early.status).toBe(409);
    expect(early.msg).toBe('Nothing is withdrawable in USDT yet');
    expect(await balanceOf(t, olivia.token, 'USDT')).toEqual(before);
  });

  it('after the hold: refuses more than the withdrawable balance, a wrong password and a bad amount, moving nothing', async () => {
    t.clock.advance(DAY);
    await t.services.earnings.releaseDue();
    expect(await usdt(olivia)).toEqual({
      asset: 'USDT',
      frozen: '0',
      withdrawable: '40',
      withdrawn: '0',
      earned: '40',
    });
    expect(await ledgerView()).toMatchObject({ frozen: '0', available: '40000000' });
    const before = await balanceOf(t, olivia.token, 'USDT');

    const above = await withdraw('40.01');
    expect(above.status).toBe(400);
    expect(above.msg).toBe('You can withdraw at most 40 USDT');
    expect((await withdraw('0')).status).toBe(400);
    expect((await withdraw('1.0000001')).status).toBe(400);
    expect((await withdraw('abc')).status).toBe(400);
    expect((await withdraw('1', { asset: 'NOPE' })).status).toBe(400);
    const wrong = await withdraw('1', { tradePassword: stranger.trade });
    expect(wrong.status).toBe(468);
    // The stranger has earned nothing to withdraw.
    const theirs = await t.call('POST', '/open/master/withdraw', {
      token: stranger.token,
      body: { asset: 'USDT', amount: '1', tradePassword: stranger.trade, idempotencyKey: newKey() },
    });
    expect(theirs.status).toBe(409);

    expect(await balanceOf(t, olivia.token, 'USDT')).toEqual(before);
    expect(await usdt(olivia)).toMatchObject({ withdrawable: '40', withdrawn: '0' });
  });

  it('moves part to the wallet at once, once per key, and lists it', async () => {
    const before = await balanceOf(t, olivia.token, 'USDT');
    const key = newKey();
    const first = await withdraw('15', { idempotencyKey: key });
    const again = await withdraw('15', { idempotencyKey: key });
    expect(first.status).toBe(200);
    expect(again.attachment).toEqual(first.attachment);
    expect(first.attachment.balance).toEqual({
      asset: 'USDT',
      frozen: '0',
      withdrawable: '25',
      withdrawn: '15',
      earned: '40',
    });
    const after = await balanceOf(t, olivia.token, 'USDT');
    expect(Number(after.available) - Number(before.available)).toBe(15);
    expect(await usdt(olivia)).toEqual(first.attachment.balance);
    expect(await ledgerView()).toMatchObject({ available: '25000000' });
    const records = await get<{ items: { amount: string; asset: string }[] }>('/open/ticket/user-withdrawal', olivia);
    expect(records.attachment.items).toEqual([first.attachment.withdrawal]);
    expect((await get<{ items: unknown[] }>('/open/ticket/user-withdrawal', stranger)).attachment.items).toEqual([]);
  });

  it('lets one of 20 withdrawals of the whole balance sent together through', async () => {
    const before = await balanceOf(t, olivia.token, 'USDT');
    const results = await Promise.all(Array.from({ length: 20 }, () => withdraw('25')));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status !== 200).every((r) => r.status === 409)).toBe(true);
    const after = await balanceOf(t, olivia.token, 'USDT');
    expect(Number(after.available) - Number(before.available)).toBe(25);
    expect(await usdt(olivia)).toEqual({
      asset: 'USDT',
      frozen: '0',
      withdrawable: '0',
      withdrawn: '40',
      earned: '40',
    });
    expect(await ledgerView()).toMatchObject({ frozen: '0', available: '0' });
  });
});
