import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { query } from '../../db/client.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { deposit, newKey, type WalletUser, walletUser } from '../../test/wallet-fixtures.ts';
import { checkLedger } from './ledger.store.ts';

let t: TestApp;
let ann: WalletUser;
let ben: WalletUser;

beforeAll(async () => {
  t = await createTestApp();
  ann = await walletUser(t, 'ann@example.com');
  ben = await walletUser(t, 'ben@example.com');
  await deposit(t, ann.email, 'USDT', 'BSC', '100');
});
afterAll(async () => {
  expect(await checkLedger(t.database.db)).toEqual([]);
  await t.close();
});

async function moneyState() {
  const { rows } = await query<{ entries: string; balances: string }>(
    t.database.db,
    sql`select (select count(*) from journal_entries)::text as entries,
               (select string_agg(id || ':' || available || ':' || frozen, ',' order by id) from accounts) as balances`,
  );
  return rows[0];
}

describe('bad input moves nothing', () => {
  const cases: [string, Record<string, unknown>, number, string, string?][] = [
    ['a negative amount', { amount: '-5' }, 400, 'amount', 'The amount must be numeric'],
    ['a zero amount', { amount: '0' }, 400, 'amount', 'The amount must be greater than 0'],
    ['a non-numeric amount', { amount: 'ten' }, 400, 'amount', 'The amount must be numeric'],
    ['an amount in exponent form', { amount: '1e3' }, 400, 'amount', 'The amount must be numeric'],
    ['an over-precise amount', { amount: '1.0000001' }, 400, 'amount', 'The amount allows at most 6 decimal places'],
    ['a huge amount', { amount: '9'.repeat(40) }, 400, 'amount', 'The amount must be numeric'],
    ['an amount over any supply', { amount: '9'.repeat(30) }, 400, 'amount', 'The amount is too large'],
    ['an amount given as a number', { amount: 5 }, 400, 'amount'],
    ['a missing amount', { amount: undefined }, 400, 'amount', 'Amount cannot be empty'],
    ['an unknown asset', { asset: 'DOGE' }, 400, 'asset', 'This asset is not supported'],
    ['a malformed asset', { asset: '$$$' }, 400, 'asset'],
    [
      'a missing trade password',
      { tradePassword: undefined },
      400,
      'tradePassword',
      'Transaction password cannot be empty',
    ],
    ['a trade password that is not a hash', { tradePassword: 'plain' }, 400, 'tradePassword'],
    ['a missing idempotency key', { idempotencyKey: undefined }, 400, 'idempotencyKey'],
    ['an idempotency key with spaces', { idempotencyKey: 'has spaces in it' }, 400, 'idempotencyKey'],
    [
      'a waiting chain',
      { to: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', chainId: 1, asset: 'BTC', amount: '0.01' },
      400,
      'chainId',
      'This network is coming soon',
    ],
    [
      'a chain the asset is not on',
      { to: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', chainId: 311, asset: 'XDR' },
      400,
      'chainId',
      'This network is not available for this asset',
    ],
    ['an unknown chain', { to: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', chainId: 999 }, 400, 'chainId'],
    ['a memo too long', { memo: 'x'.repeat(141) }, 400, 'memo'],
  ];

  for (const [label, change, status, field, message] of cases) {
    it(`refuses ${label}`, async () => {
      const before = await moneyState();
      const body = {
        asset: 'USDT',
        amount: '1',
        to: ben.uid,
        tradePassword: ann.trade,
        idempotencyKey: newKey(),
        ...change,
      };
      const result = await t.call<{ field: string; message: string }[]>('POST', '/wallet/transfer', {
        token: ann.token,
        body,
      });
      expect(result.status).toBe(status);
      expect(result.attachment.map((entry) => entry.field)).toContain(field);
      if (message) expect(result.attachment.find((entry) => entry.field === field)?.message).toBe(message);
      expect(await moneyState()).toEqual(before);
    });
  }

  it('refuses a withdrawal on a network switched off in the database', async () => {
    await t.database.db.execute(
      sql`update asset_networks set withdraw_enabled = false where asset_code = 'USDT' and chain_id = 3`,
    );
    const before = await moneyState();
    const result = await t.call('POST', '/wallet/transfer', {
      token: ann.token,
      body: {
        asset: 'USDT',
        amount: '50',
        to: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
        chainId: 3,
        tradePassword: ann.trade,
        idempotencyKey: newKey(),
      },
    });
    expect(result).toMatchObject({ status: 400, msg: 'Withdrawals are paused on this network' });
    expect(await moneyState()).toEqual(before);
  });

  it('refuses a wrong trade password with 468 and moves nothing', async () => {
    const before = await moneyState();
    const result = await t.call('POST', '/wallet/transfer', {
      token: ann.token,
      body: { asset: 'USDT', amount: '1', to: ben.uid, tradePassword: ben.trade, idempotencyKey: newKey() },
    });
    expect(result.status).toBe(468);
    expect(await moneyState()).toEqual(before);
  });

  it('needs a session', async () => {
    const result = await t.call('POST', '/wallet/transfer', { body: { asset: 'USDT' } });
    expect(result.status).toBe(401);
  });
});

describe('payment methods', () => {
  it('adds, edits and removes methods behind the trade password, and hides them from others', async () => {
    const add = await t.call<{ id: number }>('POST', '/user/payments/add', {
      token: ann.token,
      body: { type: 1, holderName: 'Ann', account: 'ann@alipay', tradePassword: ann.trade },
    });
    expect(add.status).toBe(200);
    const bankWithoutName = await t.call('POST', '/user/payments/add', {
      token: ann.token,
      body: { type: 0, holderName: 'Ann', account: '123456789', tradePassword: ann.trade },
    });
    expect(bankWithoutName).toMatchObject({ status: 400, attachment: [{ field: 'bankName' }] });
    const badType = await t.call('POST', '/user/payments/add', {
      token: ann.token,
      body: { type: 7, holderName: 'Ann', account: '123456789', tradePassword: ann.trade },
    });
    expect(badType).toMatchObject({ status: 400, attachment: [{ field: 'type' }] });
    const wrongPassword = await t.call('POST', '/user/payments/add', {
      token: ann.token,
      body: { type: 101, holderName: 'Ann', account: 'ann@paypal', tradePassword: ben.trade },
    });
    expect(wrongPassword.status).toBe(468);

    const id = add.attachment.id;
    const edited = await t.call('POST', '/user/payments/update', {
      token: ann.token,
      body: {
        id,
        type: 0,
        holderName: 'Ann Lee',
        account: '62220001',
        bankName: 'Bank of Taiwan',
        tradePassword: ann.trade,
      },
    });
    expect(edited.attachment).toMatchObject({ id, type: 0, bankName: 'Bank of Taiwan' });
    const stranger = await t.call('POST', '/user/payments/delete', {
      token: ben.token,
      body: { id, tradePassword: ben.trade },
    });
    expect(stranger.status).toBe(404);
    expect(
      (await t.call<{ items: unknown[] }>('GET', '/user/payments', { token: ben.token })).attachment.items,
    ).toEqual([]);
    await t.call('POST', '/user/payments/delete', { token: ann.token, body: { id, tradePassword: ann.trade } });
    expect(
      (await t.call<{ items: unknown[] }>('GET', '/user/payments', { token: ann.token })).attachment.items,
    ).toEqual([]);
  });
});

describe('the ledger check', () => {
  it('finds a balance changed behind the ledger’s back', async () => {
    const tx = t.database.db;
    await tx.execute(
      sql`update accounts set available = available + 1 where user_id is not null and asset_code = 'USDT' and available > 0`,
    );
    const violations = await checkLedger(tx);
    expect(violations.map((v) => v.rule)).toEqual(
      expect.arrayContaining(['balance differs from its postings', 'asset does not sum to zero']),
    );
    await tx.execute(
      sql`update accounts set available = available - 1 where user_id is not null and asset_code = 'USDT' and available > 0`,
    );
    expect(await checkLedger(tx)).toEqual([]);
  });

  it('cannot be driven below zero even by SQL', async () => {
    await expect(
      t.database.db.execute(sql`update accounts set available = -1 where user_id is not null`),
    ).rejects.toMatchObject({ cause: { constraint: 'accounts_available_not_negative' } });
  });
});
