import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users, withdrawalDailyUsage, withdrawals } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { balanceOf, deposit, newKey, type WalletUser, walletUser } from '../../test/wallet-fixtures.ts';
import { checkLedger } from './ledger.store.ts';
import { limitCentsOf, limitDay, valueCents } from './limits.ts';

let t: TestApp;
const EVM_ADDRESS = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  expect(await checkLedger(t.database.db)).toEqual([]);
  await t.close();
});

interface Preview {
  dailyLimit: {
    level: number;
    limitUsd: string;
    usedUsd: string;
    remainingUsd: string;
    priced: boolean;
    priceUsd: string | null;
    source: string;
    resetsAt: string;
  } | null;
}
const preview = (user: WalletUser, asset = 'USDT', to = EVM_ADDRESS, chainId: number | undefined = 201) =>
  t.call<Preview>('POST', '/wallet/transfer/preview', { token: user.token, body: { asset, to, chainId } });
const withdraw = (user: WalletUser, amount: string) =>
  t.call<{ status: string }>('POST', '/wallet/transfer', {
    token: user.token,
    body: {
      ...{ asset: 'USDT', amount, to: EVM_ADDRESS, chainId: 201 },
      ...{ tradePassword: user.trade, idempotencyKey: newKey() },
    },
  });

async function usageOf(user: WalletUser) {
  const [account] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, user.email));
  const [row] = await t.database.db
    .select()
    .from(withdrawalDailyUsage)
    .where(and(eq(withdrawalDailyUsage.userId, account!.id), eq(withdrawalDailyUsage.day, limitDay(t.clock.now()))));
  return row?.usedCents ?? 0n;
}

describe('the daily withdrawal limit', () => {
  it('shows what is left of the day before the user confirms, valued at the (labelled) market price', async () => {
    const ann = await walletUser(t, 'limit-ann@example.com');
    await deposit(t, ann.email, 'USDT', 'BSC', '500', '0x11aa');
    const before = await preview(ann);
    expect(before.attachment.dailyLimit).toMatchObject({
      level: 0,
      limitUsd: '1000',
      usedUsd: '0',
      remainingUsd: '1000',
      priced: true,
      source: 'demo',
    });
    const price = before.attachment.dailyLimit!.priceUsd!;
    expect((await withdraw(ann, '100')).status).toBe(200);
    const cents = valueCents(100_000_000n, 6, price);
    const after = (await preview(ann)).attachment.dailyLimit!;
    expect(after.usedUsd).toBe((Number(cents) / 100).toString());
    expect(Number(after.remainingUsd)).toBeCloseTo(1000 - Number(cents) / 100, 2);
    // A transfer to another user of the app is not a withdrawal: no limit shown, none counted.
    const bob = await walletUser(t, 'limit-bob@example.com');
    expect((await preview(ann, 'USDT', bob.uid, undefined)).attachment.dailyLimit ?? null).toBeNull();
  });

  it('refuses the withdrawal that would pass it, naming the amount, and moves nothing', async () => {
    const ben = await walletUser(t, 'limit-ben@example.com');
    await deposit(t, ben.email, 'USDT', 'BSC', '3000', '0x11bb');
    expect((await withdraw(ben, '900')).status).toBe(200);
    const balance = await balanceOf(t, ben.token, 'USDT');
    const refused = await withdraw(ben, '200');
    expect(refused).toMatchObject({ status: 400, attachment: [{ field: 'amount' }] });
    expect(refused.msg).toMatch(
      /^Over the daily withdrawal limit: this is worth 200\.\d+ USD and 9\d\.\d+ USD of 1000 USD is left today$/,
    );
    expect(await balanceOf(t, ben.token, 'USDT')).toEqual(balance);
    // The next UTC day starts afresh.
    const resetsAt = Date.parse((await preview(ben)).attachment.dailyLimit!.resetsAt);
    t.clock.advance(resetsAt - t.clock.now().getTime() + 1000);
    expect((await preview(ben)).attachment.dailyLimit).toMatchObject({ usedUsd: '0', remainingUsd: '1000' });
    expect((await withdraw(ben, '200')).status).toBe(200);
  });

  it('lets exactly as many of 50 withdrawals sent at once through as the limit holds', async () => {
    const cat = await walletUser(t, 'limit-cat@example.com');
    await deposit(t, cat.email, 'USDT', 'BSC', '5000', '0x11cc');
    const price = (await preview(cat)).attachment.dailyLimit!.priceUsd!;
    const each = valueCents(50_000_000n, 6, price);
    const fits = Number(limitCentsOf(0) / each);
    expect(fits).toBeLessThan(50);
    const results = await Promise.all(Array.from({ length: 50 }, () => withdraw(cat, '50')));
    const passed = results.filter((result) => result.status === 200);
    expect(passed).toHaveLength(fits);
    for (const refused of results.filter((result) => result.status !== 200)) {
      expect(refused).toMatchObject({ status: 400, attachment: [{ field: 'amount' }] });
    }
    expect(await usageOf(cat)).toBe(each * BigInt(fits));
    expect(await balanceOf(t, cat.token, 'USDT')).toMatchObject({
      available: String(5000 - 50 * fits),
      frozen: String(50 * fits),
    });
    const [account] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, cat.email));
    const rows = await t.database.db.select().from(withdrawals).where(eq(withdrawals.userId, account!.id));
    expect(rows).toHaveLength(fits);
    expect(rows.every((row) => row.valueCents === each)).toBe(true);
    expect(await checkLedger(t.database.db)).toEqual([]);
  });

  it('values a verified level higher, and rounds a value up, never down', () => {
    expect(limitCentsOf(0)).toBe(100_000n);
    expect(limitCentsOf(1)).toBe(2_000_000n);
    expect(limitCentsOf(2)).toBe(20_000_000n);
    expect(limitCentsOf(7)).toBe(20_000_000n);
    expect(valueCents(1n, 6, '1')).toBe(1n);
    expect(valueCents(10_000n, 6, '1')).toBe(1n);
    expect(valueCents(10_001n, 6, '1')).toBe(2n);
    expect(valueCents(2n * 10n ** 18n, 18, '3500.5')).toBe(700_100n);
  });
});
