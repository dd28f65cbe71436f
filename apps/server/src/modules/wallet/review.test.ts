import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withdrawals } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { adminToken, balanceOf, deposit, newKey, type WalletUser, walletUser } from '../../test/wallet-fixtures.ts';
import { checkLedger } from './ledger.store.ts';

let t: TestApp;
let ann: WalletUser;
const EVM_ADDRESS = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';

beforeAll(async () => {
  // Above 100 US dollars a withdrawal waits for an operator; the simulator settles at once once it is let through.
  t = await createTestApp({ env: { WITHDRAWAL_REVIEW_ABOVE_USD: '100', LOCAL_CHAIN_DELAY_MS: '0' } });
  ann = await walletUser(t, 'review-ann@example.com');
  await deposit(t, ann.email, 'USDT', 'BSC', '900', '0x33aa');
});
afterAll(async () => {
  expect(await checkLedger(t.database.db)).toEqual([]);
  await t.close();
});

const withdraw = (amount: string) =>
  t.call<{ id: string; status: string }>('POST', '/wallet/transfer', {
    token: ann.token,
    body: {
      ...{ asset: 'USDT', amount, to: EVM_ADDRESS, chainId: 201 },
      ...{ tradePassword: ann.trade, idempotencyKey: newKey() },
    },
  });
const operator = async <T>(method: 'GET' | 'POST', route: string, body?: unknown) =>
  t.call<T>(method, route, { headers: { 'x-admin-token': await adminToken(t) }, body });
const statusOf = async (id: string) =>
  (
    await t.database.db
      .select()
      .from(withdrawals)
      .where(eq(withdrawals.id, Number(id)))
  )[0]?.status;
/** The newest withdrawal in the user's records (newest first), as the asset's page lists it. */
const newestWithdrawalRecord = async () =>
  (
    await t.call<{ items: { kind: string; status: string }[] }>('GET', '/wallet/records', {
      token: ann.token,
      query: { asset: 'USDT' },
    })
  ).attachment.items.find((item) => item.kind === 'withdrawal');

describe('review of large withdrawals', () => {
  it('holds one above the threshold frozen until an operator approves it, then it goes out', async () => {
    const small = await withdraw('50');
    expect(small.attachment.status).toBe('processing');
    const large = await withdraw('150');
    expect(large).toMatchObject({ status: 200, attachment: { status: 'review' } });
    expect(await balanceOf(t, ann.token, 'USDT')).toMatchObject({ frozen: '200' });
    // The chain's worker passes over it: only the small one settles.
    expect(await t.services.transfers.processWithdrawals()).toEqual({ completed: 1, failed: 0 });
    expect(await statusOf(large.attachment.id)).toBe('review');
    const pending = await operator<{ items: { id: string; uid: string; amount: string; valueUsd: string }[] }>(
      'GET',
      '/admin/withdrawals/review',
    );
    expect(pending.attachment.items).toEqual([
      expect.objectContaining({ id: large.attachment.id, uid: ann.uid, amount: '150' }),
    ]);
    expect(Number(pending.attachment.items[0]!.valueUsd)).toBeGreaterThan(100);
    // Without the operator token nothing is decided.
    const stranger = await t.call('POST', '/admin/withdrawals/review', {
      body: { id: large.attachment.id, decision: 'approve' },
    });
    expect(stranger.status).not.toBe(200);
    const approved = await operator('POST', '/admin/withdrawals/review', {
      id: large.attachment.id,
      decision: 'approve',
      note: 'Known exchange address',
    });
    expect(approved).toMatchObject({ status: 200, attachment: { status: 'processing' } });
    expect(await t.services.transfers.processWithdrawals()).toEqual({ completed: 1, failed: 0 });
    expect(await statusOf(large.attachment.id)).toBe('completed');
    expect(await balanceOf(t, ann.token, 'USDT')).toMatchObject({ available: '700', frozen: '0' });
    expect(await checkLedger(t.database.db)).toEqual([]);
    // Decided once: a second decision is refused.
    expect(
      (await operator('POST', '/admin/withdrawals/review', { id: large.attachment.id, decision: 'reject' })).status,
    ).toBe(409);
  });

  it('a rejection unfreezes the whole amount through the ledger and tells the user', async () => {
    const large = await withdraw('300');
    expect(large.attachment.status).toBe('review');
    expect(await newestWithdrawalRecord()).toMatchObject({ status: 'review' });
    expect(await balanceOf(t, ann.token, 'USDT')).toMatchObject({ available: '400', frozen: '300' });
    const rejected = await operator('POST', '/admin/withdrawals/review', {
      id: large.attachment.id,
      decision: 'reject',
      note: 'Address on a sanctions list',
    });
    expect(rejected).toMatchObject({ status: 200, attachment: { status: 'failed' } });
    expect(await balanceOf(t, ann.token, 'USDT')).toMatchObject({ available: '700', frozen: '0' });
    expect(await statusOf(large.attachment.id)).toBe('failed');
    expect(await newestWithdrawalRecord()).toMatchObject({ status: 'failed' });
    expect(await checkLedger(t.database.db)).toEqual([]);
    const pending = await operator<{ items: unknown[] }>('GET', '/admin/withdrawals/review');
    expect(pending.attachment.items).toEqual([]);
  });

  it('holds every withdrawal of an asset the market does not price, whatever its amount, and lists it without a value', async () => {
    await deposit(t, ann.email, 'XDR', 'BSC', '500', '0x33ab');
    const small = await t.call<{ id: string; status: string }>('POST', '/wallet/transfer', {
      token: ann.token,
      body: {
        ...{ asset: 'XDR', amount: '200', to: EVM_ADDRESS, chainId: 201 },
        ...{ tradePassword: ann.trade, idempotencyKey: newKey() },
      },
    });
    expect(small).toMatchObject({ status: 200, attachment: { status: 'review' } });
    const pending = await operator<{ items: { id: string; asset: string; valueUsd: string | null }[] }>(
      'GET',
      '/admin/withdrawals/review',
    );
    expect(pending.attachment.items).toEqual([
      expect.objectContaining({ id: small.attachment.id, asset: 'XDR', valueUsd: null }),
    ]);
    const rejected = await operator('POST', '/admin/withdrawals/review', {
      id: small.attachment.id,
      decision: 'reject',
    });
    expect(rejected).toMatchObject({ status: 200, attachment: { status: 'failed' } });
    expect(await balanceOf(t, ann.token, 'XDR')).toMatchObject({ available: '500', frozen: '0' });
    expect(await checkLedger(t.database.db)).toEqual([]);
  });
});
