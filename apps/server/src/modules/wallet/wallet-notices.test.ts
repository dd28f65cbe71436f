import { randomBytes } from 'node:crypto';
import { type Notice, translate } from '@polaris/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { deposit, newKey, type WalletUser, walletUser } from '../../test/wallet-fixtures.ts';
import { host } from '../activity/activity-fixtures.ts';
import { type ChatClient, connectChat } from '../chat/chat-fixtures.ts';
import { checkLedger } from './ledger.store.ts';

/**
 * Wallet notices (docs/notifications.md, "Events: chat, red packets, wallet"): deposit credited, transfer received, withdrawal completed or
 * failed, each once, in the reader's language, and a `changed wallet` frame to every open screen whose balance moved.
 */

let t: TestApp;
let base: string;
let alice: WalletUser;
let bob: WalletUser;
const clients: ChatClient[] = [];

beforeAll(async () => {
  // Half the withdrawals fail on the local chain (chosen from their id and address), so both outcomes are seen.
  t = await createTestApp({ env: { LOCAL_CHAIN_DELAY_MS: '5000', LOCAL_CHAIN_FAIL_RATE: '0.5' } });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  alice = await host(t, 'wn-alice@example.com');
  bob = await walletUser(t, 'wn-bob@example.com');
});
afterAll(async () => {
  await Promise.all(clients.map((client) => client.close()));
  expect(await checkLedger(t.database.db)).toEqual([]);
  await t.close();
});

async function notices(user: WalletUser, locale = 'en_US') {
  const result = await t.call<{ items: Notice[] }>('GET', '/notice/list', {
    token: user.token,
    locale,
    query: { category: 'wallet', limit: '50' },
  });
  expect(result.status).toBe(200);
  return result.attachment.items;
}

async function connect(user: WalletUser) {
  const client = await connectChat(base, user.token);
  clients.push(client);
  client.send({ type: 'ping', id: 'ready' });
  await client.next('pong');
  return client;
}
const walletChanged = (client: ChatClient) => client.next('changed', (f) => f.topic === 'wallet');

const assetLink = '/pages/home/assets/details/index?asset=USDT';

describe('deposits', () => {
  it('tells the owner a credited deposit once, however often it is reported, and refreshes their open screens', async () => {
    const screen = await connect(bob);
    await deposit(t, bob.email, 'USDT', 'BSC', '12.5', '0xd1');
    await walletChanged(screen);
    await deposit(t, bob.email, 'USDT', 'BSC', '12.5', '0xd1');
    const told = (await notices(bob)).filter((n) => n.kind === 'depositCredited');
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({
      title: 'Deposit received',
      body: '12.50 USDT is now in your wallet.',
      link: assetLink,
    });
    const zh = (await notices(bob, 'zh_TW')).filter((n) => n.kind === 'depositCredited');
    expect(zh[0]!.body).toBe(translate('zh-Hant', 'notice.depositCredited.body', { amount: '12.50 USDT' }));
  });

  it('tells a deposit credited by the worker once it has its confirmations, once for two runs', async () => {
    const seen = await deposit(t, alice.email, 'USDT', 'BSC', '1000', '0xd2');
    expect(seen.credited).toBe(true);
    const waiting = await t.services.deposits.recordDeposit({
      userId: (await t.services.auth.sessionUser(alice.token))!.id,
      assetCode: 'USDT',
      chainId: 201,
      amount: '7',
      txHash: '0xd3',
      confirmations: 0,
    });
    expect(waiting.status).toBe('confirming');
    expect((await notices(alice)).filter((n) => n.body.startsWith('7.00 USDT'))).toHaveLength(0);
    t.clock.advance(3_600_000);
    await Promise.all([t.services.deposits.processDeposits(), t.services.deposits.processDeposits()]);
    await t.services.deposits.processDeposits();
    await t.services.outbox.settle();
    expect((await notices(alice)).filter((n) => n.body === '7.00 USDT is now in your wallet.')).toHaveLength(1);
  });
});

describe('transfers', () => {
  it('tells the recipient once (a replayed request too), not the sender, and refreshes both', async () => {
    const [alices, bobs] = [await connect(alice), await connect(bob)];
    const body = { asset: 'USDT', amount: '3', to: bob.uid, tradePassword: alice.trade, idempotencyKey: newKey() };
    const first = await t.call('POST', '/wallet/transfer', { token: alice.token, body });
    expect(first.status).toBe(200);
    await Promise.all([walletChanged(alices), walletChanged(bobs)]);
    await t.call('POST', '/wallet/transfer', { token: alice.token, body });
    const received = (await notices(bob)).filter((n) => n.kind === 'transferReceived');
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({ title: 'You received 3.00 USDT', body: 'From wn-alice.', link: assetLink });
    expect((await notices(alice)).filter((n) => n.kind === 'transferReceived')).toHaveLength(0);
  });

  it('tells every digit that moved, as the confirmation showed it, grouped in the reader’s language', async () => {
    const body = {
      asset: 'USDT',
      amount: '0.123457',
      to: bob.uid,
      tradePassword: alice.trade,
      idempotencyKey: newKey(),
    };
    expect((await t.call('POST', '/wallet/transfer', { token: alice.token, body })).status).toBe(200);
    const told = (list: Notice[]) => list.filter((n) => n.kind === 'transferReceived').map((n) => n.title);
    expect(told(await notices(bob))).toContain('You received 0.123457 USDT');
    expect(told(await notices(bob, 'zh_TW'))).toContain(
      translate('zh-Hant', 'notice.transferReceived.title', { amount: '0.123457 USDT' }),
    );
    await deposit(t, alice.email, 'USDT', 'BSC', '2000', '0xd9');
    const big = { ...body, amount: '1234.5', idempotencyKey: newKey() };
    expect((await t.call('POST', '/wallet/transfer', { token: alice.token, body: big })).status).toBe(200);
    expect(told(await notices(bob))).toContain('You received 1,234.50 USDT');
  });
});

describe('withdrawals', () => {
  it('tells each withdrawal’s outcome once, completed with its address or failed with all of it back', async () => {
    const addresses = Array.from({ length: 16 }, () => `0x${randomBytes(20).toString('hex')}`);
    const screen = await connect(alice);
    for (const to of addresses) {
      const made = await t.call('POST', '/wallet/transfer', {
        token: alice.token,
        body: { asset: 'USDT', amount: '20', to, chainId: 201, tradePassword: alice.trade, idempotencyKey: newKey() },
      });
      expect(made.status).toBe(200);
    }
    await walletChanged(screen);
    t.clock.advance(5001);
    const runs = await Promise.all([
      t.services.transfers.processWithdrawals(),
      t.services.transfers.processWithdrawals(),
    ]);
    await t.services.transfers.processWithdrawals();
    await t.services.outbox.settle();
    const completed = runs.reduce((sum, run) => sum + run.completed, 0);
    const failed = runs.reduce((sum, run) => sum + run.failed, 0);
    expect(completed + failed).toBe(16);
    const told = await notices(alice);
    const done = told.filter((n) => n.kind === 'withdrawalCompleted');
    const refused = told.filter((n) => n.kind === 'withdrawalFailed');
    expect([done.length, refused.length]).toEqual([completed, failed]);
    expect(completed).toBeGreaterThan(0);
    expect(failed).toBeGreaterThan(0);
    // The address as the chain spells it (an EVM address is checksummed).
    const sent = done.map((n) => n.body.toLowerCase());
    expect(addresses.map((a) => `19.70 usdt was sent to ${a}.`)).toEqual(expect.arrayContaining(sent));
    expect(new Set(sent).size).toBe(completed);
    expect(refused[0]).toMatchObject({
      title: 'Withdrawal failed',
      body: '20.00 USDT could not be sent and is back in your wallet.',
      link: assetLink,
    });
    expect((await notices(bob)).filter((n) => n.kind.startsWith('withdrawal'))).toHaveLength(0);
  });
});
