import { sql } from 'drizzle-orm';
import type { Address } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/app.ts';
import {
  depositAddress,
  ETH_CHAIN,
  type EvmTestbed,
  evmTestApp,
  HOT_ADDRESS,
  rowsOf,
  startEvmTestbed,
} from '../../test/evm-chain.ts';
import { adminToken, balanceOf, newKey, type WalletUser, walletUser } from '../../test/wallet-fixtures.ts';
import { testTokenAbi } from './contracts/abi.ts';

// Withdrawals on a real EVM node (anvil): signed and written with a nonce from the database before broadcast,
// settled by the attempt that was mined, replaced at the same nonce when stuck, refunded only when the nonce was
// provably used by our own cancel; gas in the ledger; held when the hot wallet is short.

let bed: EvmTestbed;
let t: TestApp;
let alice: WalletUser;

const runtime = () => t.services.chains.runtime(ETH_CHAIN)!;
const sender = () => runtime().sender!;
const onChain = (address: Address) =>
  bed.anvil.publicClient.readContract({
    address: bed.usdt,
    abi: testTokenAbi,
    functionName: 'balanceOf',
    args: [address],
  });
const outside = () =>
  `0x${[...crypto.getRandomValues(new Uint8Array(20))].map((b) => b.toString(16).padStart(2, '0')).join('')}` as Address;

async function withdraw(to: Address, amount: string) {
  const result = await t.call<{ id: string; status: string }>('POST', '/wallet/transfer', {
    token: alice.token,
    body: { asset: 'USDT', amount, to, chainId: ETH_CHAIN, tradePassword: alice.trade, idempotencyKey: newKey() },
  });
  if (result.status !== 200) throw new Error(`withdraw: ${result.msg}`);
  return Number(result.attachment.id);
}

async function withdrawal(id: number) {
  const rows = await rowsOf(t, sql`select status, tx_hash from withdrawals where id = ${id}`);
  return rows[0] as { status: string; tx_hash: string | null };
}

async function attempts(id: number) {
  const rows = await rowsOf(
    t,
    sql`select nonce::text, attempt, purpose, status, hash from chain_txs where ref = ${`withdrawal:${id}`} order by attempt`,
  );
  return rows as { nonce: string; attempt: number; purpose: string; status: string; hash: string }[];
}

async function settleAll() {
  await sender().broadcastDue();
  await bed.anvil.mine(3);
  await sender().followDue();
}

beforeAll(async () => {
  bed = await startEvmTestbed({ confirmations: 3 });
  t = await evmTestApp(bed);
  alice = await walletUser(t, 'withdraw-alice@example.com');
  // Alice deposits 500 USDT on the chain; the hot wallet holds 1,000.
  await bed.sendUsdt(await depositAddress(t, alice.token), 500_000_000n);
  await bed.sendUsdt(HOT_ADDRESS, 1_000_000_000n);
  await bed.anvil.mine(3);
  await runtime().scanner.runOnce();
  expect((await balanceOf(t, alice.token, 'USDT')).available).toBe('500');
});
afterAll(async () => {
  await t?.close();
  await bed?.stop();
});

describe('EVM withdrawals on anvil', () => {
  it('sends a withdrawal once: signed and written before broadcast, settled after the confirmations, gas in the ledger', async () => {
    const to = outside();
    const id = await withdraw(to, '50');
    expect((await sender().signDue()).signed).toBe(1);
    const [signed] = await attempts(id);
    expect(signed?.status).toBe('signed');
    expect(await onChain(to)).toBe(0n); // nothing broadcast yet
    await sender().broadcastDue();
    await sender().followDue(); // mined, not deep enough
    expect((await withdrawal(id)).status).toBe('broadcast');
    await bed.anvil.mine(3);
    await sender().followDue();
    await sender().followDue();
    expect(await withdrawal(id)).toEqual({ status: 'completed', tx_hash: signed!.hash });
    expect(await onChain(to)).toBe(47_000_000n); // 50 less the 3 USDT fee
    expect(await balanceOf(t, alice.token, 'USDT')).toMatchObject({ available: '450', frozen: '0' });
    const rows = await rowsOf(
      t,
      sql`select count(*)::int as n from journal_entries where kind = 'chain_gas' and reference like 'chaintx:%'`,
    );
    expect((rows[0] as { n: number }).n).toBeGreaterThanOrEqual(1);
    expect((await t.services.wallet.ledgerCheck()).violations).toEqual([]);
  });

  it('a crash between signing and broadcasting: the restart sends the same transaction, never a new nonce', async () => {
    const to = outside();
    const id = await withdraw(to, '30');
    await sender().signDue();
    const [before] = await attempts(id);
    // The process dies here; another one (the same database) picks up what is signed.
    await sender().signDue();
    await settleAll();
    const after = await attempts(id);
    expect(after).toEqual([{ ...before!, status: 'mined' }]);
    expect(await onChain(to)).toBe(27_000_000n);
  });

  it('replaces a stuck transaction at the same nonce and settles only the mined attempt', async () => {
    const to = outside();
    await bed.anvil.request('evm_setAutomine', [false]);
    try {
      const id = await withdraw(to, '40');
      await sender().signDue();
      await sender().broadcastDue();
      await sender().followDue(); // not due for a bump yet
      expect((await attempts(id)).length).toBe(1);
      t.clock.advance(600_001);
      await sender().followDue(); // a second attempt at the same nonce, higher fees
      const two = await attempts(id);
      expect(two.map((a) => [a.attempt, a.nonce])).toEqual([
        [1, two[0]!.nonce],
        [2, two[0]!.nonce],
      ]);
      await sender().broadcastDue();
      await bed.anvil.mine(4);
      await sender().followDue();
      const settled = await attempts(id);
      expect(settled.map((a) => a.status).sort()).toEqual(['mined', 'replaced']);
      expect(await withdrawal(id)).toMatchObject({ status: 'completed' });
      expect((await withdrawal(id)).tx_hash).toBe(settled.find((a) => a.status === 'mined')!.hash);
      expect(await onChain(to)).toBe(37_000_000n);
    } finally {
      await bed.anvil.request('evm_setAutomine', [true]);
    }
    expect((await t.services.wallet.ledgerCheck()).violations).toEqual([]);
  });

  it("refunds only when the nonce was used by the operator's cancel", async () => {
    const to = outside();
    await bed.anvil.request('evm_setAutomine', [false]);
    let id = 0;
    try {
      id = await withdraw(to, '25');
      await sender().signDue();
      // Dropped by the node before it was mined: it might still be mined later, so nothing is refunded.
      const [first] = await attempts(id);
      await bed.anvil.request('anvil_dropTransaction', [first!.hash]);
      await bed.anvil.mine(4);
      await sender().followDue();
      expect((await withdrawal(id)).status).toBe('broadcast');
      expect((await balanceOf(t, alice.token, 'USDT')).frozen).toBe('25');
      // The operator cancels: a transfer of nothing to ourselves at the same nonce.
      const cancel = await t.call<{ hash: string; attempt: number }>('POST', '/admin/chain/cancel', {
        headers: { 'x-admin-token': await adminToken(t) },
        body: { withdrawal: id },
      });
      expect(cancel).toMatchObject({ status: 200, attachment: { attempt: 2 } });
      await bed.anvil.request('anvil_dropAllTransactions', []);
      await sender().broadcastDue();
      await bed.anvil.mine(4);
      await sender().followDue();
    } finally {
      await bed.anvil.request('evm_setAutomine', [true]);
    }
    expect(await withdrawal(id)).toMatchObject({ status: 'failed' });
    expect((await attempts(id)).map((a) => [a.purpose, a.status])).toEqual([
      ['withdrawal', 'replaced'],
      ['cancel', 'mined'],
    ]);
    expect(await onChain(to)).toBe(0n);
    expect((await balanceOf(t, alice.token, 'USDT')).frozen).toBe('0');
    // Settled: nothing left to cancel.
    const again = await t.call('POST', '/admin/chain/cancel', {
      headers: { 'x-admin-token': await adminToken(t) },
      body: { withdrawal: id },
    });
    expect(again).toMatchObject({ status: 409 });
    expect((await t.services.wallet.ledgerCheck()).violations).toEqual([]);
  });

  it('holds a withdrawal the hot wallet cannot cover, tells the user, and sends it once the wallet is refilled', async () => {
    const hot = await onChain(HOT_ADDRESS);
    const owed = await rowsOf(
      t,
      sql`select coalesce(sum(amount), 0)::text as n from withdrawals where status = 'broadcast'`,
    );
    expect((owed[0] as { n: string }).n).toBe('0');
    // Move the hot wallet's USDT out (anvil lets us send as it), leaving 10.
    await bed.anvil.testClient.impersonateAccount({ address: HOT_ADDRESS });
    const drained = await bed.anvil.testClient.request({
      method: 'eth_sendTransaction' as never,
      params: [
        {
          from: HOT_ADDRESS,
          to: bed.usdt,
          data: (await import('viem')).encodeFunctionData({
            abi: testTokenAbi,
            functionName: 'transfer',
            args: [bed.faucet.account.address, hot - 10_000_000n],
          }),
        },
      ] as never,
    });
    await bed.anvil.publicClient.waitForTransactionReceipt({ hash: drained as `0x${string}` });
    await bed.anvil.testClient.stopImpersonatingAccount({ address: HOT_ADDRESS });
    // The next nonce is the node's again (an outside transaction used one): the operator sets it, as docs/wallet.md says.
    await rowsOf(t, sql`update chain_senders set next_nonce = next_nonce + 1`);

    const to = outside();
    const id = await withdraw(to, '100');
    expect(await sender().signDue()).toEqual({ signed: 0, held: 1 });
    expect((await withdrawal(id)).status).toBe('held');
    await t.services.outbox.settle();
    const notices = await t.call<{ items: { kind?: string; title: string }[] }>('GET', '/notice/list', {
      token: alice.token,
    });
    expect(JSON.stringify(notices.attachment)).toContain('Withdrawal delayed');
    expect(await sender().signDue()).toEqual({ signed: 0, held: 0 }); // told once
    await bed.sendUsdt(HOT_ADDRESS, 500_000_000n);
    expect((await sender().signDue()).signed).toBe(1);
    await settleAll();
    expect(await withdrawal(id)).toMatchObject({ status: 'completed' });
    expect(await onChain(to)).toBe(97_000_000n);
  });
});
