import { hashTradePassword } from '@polaris/contract';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { journalEntries } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { adminToken, balanceOf, deposit, newKey, type WalletUser, walletUser } from '../../test/wallet-fixtures.ts';
import { checkLedger } from './ledger.store.ts';

let t: TestApp;
let alice: WalletUser;
let bob: WalletUser;
const EVM_ADDRESS = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';

beforeAll(async () => {
  t = await createTestApp({ env: { LOCAL_CHAIN_DELAY_MS: '5000' } });
  alice = await walletUser(t, 'alice@example.com');
  bob = await walletUser(t, 'bob@example.com');
  await deposit(t, alice.email, 'USDT', 'BSC', '1000', '0xaaa1');
});
afterAll(async () => {
  expect(await checkLedger(t.database.db)).toEqual([]);
  await t.close();
});

const transfer = (user: WalletUser, body: Record<string, unknown>) =>
  t.call<{ id: string; status: string; amount: string; fee: string; kind: string }>('POST', '/wallet/transfer', {
    token: user.token,
    body: { asset: 'USDT', tradePassword: user.trade, idempotencyKey: newKey(), ...body },
  });

async function entryCount() {
  const [row] = await t.database.db.select({ n: count() }).from(journalEntries);
  return row?.n ?? 0;
}

describe('catalogue and assets', () => {
  it('lists the seven chains with BTC waiting', async () => {
    const chains = await t.call<{ items: { id: number; symbol: string; waiting: boolean }[] }>('GET', '/wallet/chains');
    expect(chains.attachment.items.map((c) => [c.id, c.symbol, c.waiting])).toEqual([
      [201, 'BSC', false],
      [311, 'AVAX', false],
      [3, 'ETH', false],
      [314, 'Polygon', false],
      [320, 'Solana', false],
      [322, 'Ton', false],
      [1, 'BTC', true],
    ]);
  });

  it('shows each asset with its networks, fees and switches', async () => {
    const assets = await t.call<{
      items: {
        code: string;
        available: string;
        visible: boolean;
        networks: { chain: string; withdrawFee: string; redPacketEnabled: boolean; withdrawEnabled: boolean }[];
      }[];
    }>('GET', '/wallet/assets', { token: alice.token });
    const usdt = assets.attachment.items.find((a) => a.code === 'USDT')!;
    expect(usdt.available).toBe('1000');
    expect(usdt.networks.map((n) => n.chain)).toEqual(['BSC', 'AVAX', 'ETH', 'Polygon', 'Solana', 'Ton']);
    expect(usdt.networks.find((n) => n.chain === 'ETH')).toMatchObject({ withdrawFee: '3', redPacketEnabled: true });
    const btc = assets.attachment.items.find((a) => a.code === 'BTC')!;
    expect(btc.networks[0]).toMatchObject({ chain: 'BTC', withdrawEnabled: false });
    const sol = assets.attachment.items.find((a) => a.code === 'SOL')!;
    expect(sol.visible).toBe(false);
    await t.call('POST', '/wallet/asset/visibility', { token: alice.token, body: { asset: 'SOL', visible: true } });
    const again = await t.call<{ visible: boolean }>('GET', '/wallet/asset', {
      token: alice.token,
      query: { asset: 'SOL' },
    });
    expect(again.attachment.visible).toBe(true);
  });
});

describe('deposits', () => {
  it('gives a stable address per chain, one XDR address for all chains, and none on a waiting chain', async () => {
    const get = (asset: string, chainId: number) =>
      t.call<{ address: string }>('GET', '/wallet/deposit/address', {
        token: bob.token,
        query: { asset, chainId: String(chainId) },
      });
    const bsc = (await get('USDT', 201)).attachment.address;
    expect(bsc).toMatch(/^0x[0-9a-fA-F]{40}$/);
    expect((await get('USDT', 201)).attachment.address).toBe(bsc);
    expect((await get('USDT', 3)).attachment.address).not.toBe(bsc);
    expect((await get('USDT', 320)).attachment.address).toMatch(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/);
    expect((await get('USDT', 322)).attachment.address).toMatch(/^UQ/);
    const xdrBsc = (await get('XDR', 201)).attachment.address;
    expect((await get('XDR', 3)).attachment.address).toBe(xdrBsc);
    expect((await get('XDR', 314)).attachment.address).toBe(xdrBsc);
    expect((await get('BTC', 1)).status).toBe(400);
  });

  it('credits a transaction once however often it is reported, and shows it in records', async () => {
    const first = await deposit(t, bob.email, 'USDT', 'ETH', '25.5', '0xbeef');
    const again = await deposit(t, bob.email, 'USDT', 'ETH', '25.5', '0xbeef');
    expect(first.credited).toBe(true);
    expect(again).toMatchObject({ id: first.id, credited: false });
    expect((await balanceOf(t, bob.token, 'USDT')).available).toBe('25.5');
    const records = await t.call<{
      items: {
        type: string;
        chain: string;
        txHash: string;
        confirmations: number;
        requiredConfirmations: number;
        status: string;
        amount: string;
      }[];
    }>('GET', '/wallet/records', { token: bob.token, query: { asset: 'USDT' } });
    expect(records.attachment.items[0]).toMatchObject({
      type: 'deposit',
      chain: 'ETH',
      txHash: '0xbeef',
      confirmations: 64,
      requiredConfirmations: 64,
      status: 'completed',
      amount: '25.5',
    });
  });

  it('refuses the operator route without the token', async () => {
    const before = await balanceOf(t, bob.token, 'USDT');
    const body = { email: bob.email, asset: 'USDT', chain: 'BSC', amount: '1' };
    expect((await t.call('POST', '/local-chain/deposit', { body })).status).toBe(403);
    const wrong = await t.call('POST', '/local-chain/deposit', { headers: { 'x-admin-token': 'f'.repeat(64) }, body });
    expect(wrong.status).toBe(403);
    expect(await balanceOf(t, bob.token, 'USDT')).toEqual(before);
    expect((await adminToken(t)).length).toBe(64);
  });
});

describe('transaction password', () => {
  it('reports blank until set, requires it for money, and locks after five wrong tries for 15 minutes', async () => {
    const carol = await t.register('carol@example.com');
    expect((await t.call('POST', '/user/isFdPwdBlank', { token: carol.token })).attachment).toMatchObject({
      blank: true,
    });
    const notSet = await t.call('POST', '/wallet/transfer', {
      token: carol.token,
      body: {
        asset: 'USDT',
        amount: '1',
        to: alice.uid,
        tradePassword: hashTradePassword('x1234567', carol.uid),
        idempotencyKey: newKey(),
      },
    });
    expect(notSet).toMatchObject({ status: 414, msg: 'Please set a transaction password first' });

    const dave = await walletUser(t, 'dave@example.com');
    const wrong = hashTradePassword('wrong999', dave.uid);
    for (let left = 4; left >= 1; left--) {
      const result = await t.call('POST', '/user/fdPwd/validate', { token: dave.token, body: { password: wrong } });
      expect(result).toMatchObject({ status: 468, attachment: { left } });
    }
    const locking = await t.call('POST', '/user/fdPwd/validate', { token: dave.token, body: { password: wrong } });
    expect(locking).toMatchObject({
      status: 468,
      msg: 'Too many wrong transaction passwords, try again in 15 minutes',
    });
    const right = await t.call('POST', '/user/fdPwd/validate', { token: dave.token, body: { password: dave.trade } });
    expect(right.status).toBe(468);
    t.clock.advance(15 * 60_000 + 1);
    expect(
      (await t.call('POST', '/user/fdPwd/validate', { token: dave.token, body: { password: dave.trade } })).status,
    ).toBe(200);
  });

  it('says "transaction password cannot be empty" in the user language', async () => {
    const result = await t.call('POST', '/wallet/transfer', {
      token: alice.token,
      locale: 'zh_TW',
      body: { asset: 'USDT', amount: '1', to: bob.uid, tradePassword: '', idempotencyKey: newKey() },
    });
    expect(result).toMatchObject({
      status: 400,
      attachment: [{ field: 'tradePassword', message: '交易密碼不能為空' }],
    });
  });

  it('changes with a fresh code; the old one stops working', async () => {
    const erin = await walletUser(t, 'erin@example.com');
    t.clock.advance(61_000);
    await t.call('POST', '/user/trade/vcode', { token: erin.token });
    const vcode = await t.code(erin.email);
    const next = hashTradePassword('newtrade99', erin.uid);
    expect(
      (await t.call('POST', '/user/trade/password', { token: erin.token, body: { vcode, password: next } })).status,
    ).toBe(200);
    expect(
      (await t.call('POST', '/user/fdPwd/validate', { token: erin.token, body: { password: erin.trade } })).status,
    ).toBe(468);
    expect((await t.call('POST', '/user/fdPwd/validate', { token: erin.token, body: { password: next } })).status).toBe(
      200,
    );
  });
});

describe('transfers between users', () => {
  it('moves money instantly and free by uid, email or deposit address, and both see it in records', async () => {
    const before = await balanceOf(t, bob.token, 'USDT');
    expect((await transfer(alice, { amount: '10', to: bob.uid })).attachment).toMatchObject({
      status: 'completed',
      fee: '0',
    });
    expect((await transfer(alice, { amount: '5', to: 'BOB@example.com' })).status).toBe(200);
    const { attachment } = await t.call<{ address: string }>('GET', '/wallet/deposit/address', {
      token: bob.token,
      query: { asset: 'USDT', chainId: '201' },
    });
    const preview = await t.call('POST', '/wallet/transfer/preview', {
      token: alice.token,
      body: { asset: 'USDT', to: attachment.address.toLowerCase() },
    });
    expect(preview.attachment).toMatchObject({
      kind: 'internal',
      fee: '0',
      recipient: { uid: bob.uid, label: '' },
    });
    expect((await transfer(alice, { amount: '2.25', to: attachment.address.toLowerCase() })).attachment.kind).toBe(
      'internal',
    );
    const after = await balanceOf(t, bob.token, 'USDT');
    expect(Number(after.available) - Number(before.available)).toBeCloseTo(17.25, 6);
    const records = await t.call<{ items: { type: string; counterparty: string }[] }>('GET', '/wallet/records', {
      token: bob.token,
      query: { asset: 'USDT', type: 'transfer_in' },
    });
    expect(records.attachment.items).toHaveLength(3);
    expect(records.attachment.items[0]).toMatchObject({ type: 'transfer_in', counterparty: alice.uid });
  });

  it('refuses a transfer larger than the balance, to oneself, or to nobody', async () => {
    const entries = await entryCount();
    const big = await transfer(bob, { amount: '1000000', to: alice.uid });
    expect(big).toMatchObject({ status: 400, msg: 'Insufficient balance', attachment: [{ field: 'amount' }] });
    expect((await transfer(alice, { amount: '1', to: alice.uid })).msg).toBe('You cannot transfer to yourself');
    expect((await transfer(alice, { amount: '1', to: '99999999' })).msg).toBe('No user was found for this recipient');
    expect((await transfer(alice, { amount: '1', to: '' })).attachment).toEqual([
      { field: 'to', message: 'The transfer address cannot be empty' },
    ]);
    expect(await entryCount()).toBe(entries);
  });

  it('moves money once per idempotency key and refuses the key with another body or another user', async () => {
    const key = newKey();
    const before = await balanceOf(t, alice.token, 'USDT');
    const body = { asset: 'USDT', amount: '3', to: bob.uid, tradePassword: alice.trade, idempotencyKey: key };
    const first = await t.call<{ id: string }>('POST', '/wallet/transfer', { token: alice.token, body });
    const repeat = await t.call<{ id: string }>('POST', '/wallet/transfer', { token: alice.token, body });
    expect(repeat.attachment.id).toBe(first.attachment.id);
    expect(Number((await balanceOf(t, alice.token, 'USDT')).available)).toBeCloseTo(Number(before.available) - 3, 6);
    const changed = await t.call('POST', '/wallet/transfer', { token: alice.token, body: { ...body, amount: '4' } });
    expect(changed).toMatchObject({ status: 409, attachment: [{ field: 'idempotencyKey' }] });
    const stolen = await t.call('POST', '/wallet/transfer', {
      token: bob.token,
      body: { ...body, to: alice.uid, tradePassword: bob.trade },
    });
    expect(stolen.status).toBe(409);
    expect(Number((await balanceOf(t, alice.token, 'USDT')).available)).toBeCloseTo(Number(before.available) - 3, 6);
  });
});

describe('withdrawals', () => {
  it('shows the fee before confirming, then freezes, and completes after the chain confirms', async () => {
    const preview = await t.call('POST', '/wallet/transfer/preview', {
      token: alice.token,
      body: { asset: 'USDT', to: EVM_ADDRESS, chainId: 201 },
    });
    expect(preview.attachment).toMatchObject({ kind: 'withdrawal', fee: '0.3', min: '10', max: '100000' });
    const before = await balanceOf(t, alice.token, 'USDT');
    const result = await transfer(alice, { amount: '20', to: EVM_ADDRESS, chainId: 201 });
    expect(result.attachment).toMatchObject({ kind: 'withdrawal', status: 'processing', fee: '0.3', amount: '20' });
    const frozen = await balanceOf(t, alice.token, 'USDT');
    expect(frozen.frozen).toBe('20');
    expect(Number(frozen.available)).toBeCloseTo(Number(before.available) - 20, 6);

    // The worker runs by hand in tests, against the test clock.
    expect(await t.services.transfers.processWithdrawals()).toEqual({ completed: 0, failed: 0 });
    t.clock.advance(5001);
    expect(await t.services.transfers.processWithdrawals()).toEqual({ completed: 1, failed: 0 });
    const settled = await balanceOf(t, alice.token, 'USDT');
    expect(settled.frozen).toBe('0');
    const records = await t.call<{
      items: { type: string; status: string; txHash: string | null; fee: string; counterparty: string }[];
    }>('GET', '/wallet/records', { token: alice.token, query: { asset: 'USDT', type: 'withdraw' } });
    expect(records.attachment.items[0]).toMatchObject({
      type: 'withdraw',
      status: 'completed',
      fee: '0.3',
      counterparty: EVM_ADDRESS,
    });
    expect(records.attachment.items[0]?.txHash).toMatch(/^0x[0-9a-f]{64}$/);
  });

  it('refuses a malformed address with the chain named, and an amount not above the fee', async () => {
    const entries = await entryCount();
    const bad = await transfer(alice, { amount: '20', to: '0x1234', chainId: 201 });
    expect(bad.attachment).toEqual([{ field: 'to', message: 'This is not a valid BNB Smart Chain address' }]);
    const solana = await transfer(alice, { amount: '20', to: EVM_ADDRESS, chainId: 320 });
    expect(solana.msg).toBe('This is not a valid Solana address');
    const small = await transfer(alice, { amount: '0.3', to: EVM_ADDRESS, chainId: 201 });
    expect(small.msg).toBe('The amount must be greater than the fee');
    expect((await transfer(alice, { amount: '5', to: EVM_ADDRESS, chainId: 201 })).msg).toBe('The minimum is 10');
    expect((await transfer(alice, { amount: '200000', to: EVM_ADDRESS, chainId: 201 })).msg).toBe(
      'The maximum is 100000',
    );
    expect((await transfer(alice, { amount: '20', to: EVM_ADDRESS })).attachment).toMatchObject([{ field: 'chainId' }]);
    expect(await entryCount()).toBe(entries);
  });
});

describe('valuation', () => {
  it('values every balance in the chosen currency from demo prices, and says they are demo', async () => {
    const usd = await t.call<{
      total: string;
      source: string;
      items: { code: string; value: string | null; amount: string }[];
    }>('GET', '/wallet/summary', { token: bob.token, query: { currency: 'USD' } });
    expect(usd.attachment.source).toBe('demo');
    const usdt = usd.attachment.items.find((item) => item.code === 'USDT')!;
    expect(usdt.value).not.toBeNull();
    const twd = await t.call<{ total: string; currency: string }>('GET', '/wallet/summary', {
      token: bob.token,
      query: { currency: 'TWD' },
    });
    const fiat = await t.call<{ rates: Record<string, string> }>('GET', '/market/fiat-rates');
    expect(twd.attachment.currency).toBe('TWD');
    const expected = Number(usd.attachment.total) * Number(fiat.attachment.rates.TWD);
    expect(Math.abs(Number(twd.attachment.total) - expected)).toBeLessThan(0.05);
    expect(usd.attachment.items.find((item) => item.code === 'XDR')?.value).toBeNull();
    const bad = await t.call('GET', '/wallet/summary', { token: bob.token, query: { currency: 'XYZ' } });
    expect(bad).toMatchObject({ status: 400, attachment: [{ field: 'currency' }] });
  });
});

describe('deposits that need confirmations', () => {
  it('waits as confirming, shows in records with its progress, and is credited once the chain catches up', async () => {
    const before = await balanceOf(t, bob.token, 'USDT');
    const seen = await t.call<{ status: string; credited: boolean }>('POST', '/local-chain/deposit', {
      headers: { 'x-admin-token': await adminToken(t) },
      body: { email: bob.email, asset: 'USDT', chain: 'Polygon', amount: '7', txHash: '0xslow', confirmations: 0 },
    });
    expect(seen.attachment).toMatchObject({ status: 'confirming', credited: false });
    expect(await balanceOf(t, bob.token, 'USDT')).toEqual(before);
    const records = () =>
      t.call<{ items: { status: string; confirmations: number; requiredConfirmations: number }[] }>(
        'GET',
        '/wallet/records',
        { token: bob.token, query: { asset: 'USDT', type: 'deposit' } },
      );
    expect((await records()).attachment.items[0]).toMatchObject({
      status: 'confirming',
      confirmations: 0,
      requiredConfirmations: 500,
    });

    t.clock.advance(3000 * 50);
    expect(await t.services.deposits.processDeposits()).toEqual({ credited: 0 });
    expect((await records()).attachment.items[0]).toMatchObject({ status: 'confirming', confirmations: 50 });

    t.clock.advance(3000 * 450);
    const [a, b] = await Promise.all([t.services.deposits.processDeposits(), t.services.deposits.processDeposits()]);
    expect(a.credited + b.credited).toBe(1);
    const after = await balanceOf(t, bob.token, 'USDT');
    expect(Number(after.available) - Number(before.available)).toBeCloseTo(7, 6);
    expect((await records()).attachment.items[0]).toMatchObject({ status: 'completed', confirmations: 500 });
  });
});
