import { afterAll, beforeAll, expect, it } from 'vitest';
import type { TestApp } from '../../test/app.ts';
import {
  depositAddress,
  ETH_CHAIN,
  type EvmTestbed,
  evmTestApp,
  HOT_ADDRESS,
  startEvmTestbed,
} from '../../test/evm-chain.ts';
import { adminToken, balanceOf, newKey, walletUser } from '../../test/wallet-fixtures.ts';
import { testTokenAbi } from './contracts/abi.ts';

// Reconciliation on anvil: what the chain holds (hot wallet and deposit addresses) against the records, per asset,
// through the operator routes the commands call; operator fundings recorded once; a planted loss is unexplained.

let bed: EvmTestbed;
let t: TestApp;

beforeAll(async () => {
  bed = await startEvmTestbed({ confirmations: 3 });
  t = await evmTestApp(bed);
});
afterAll(async () => {
  await t?.close();
  await bed?.stop();
});

type Line = { asset: string; unexplained: string; explained: { what: string; amount: string }[] };
const reconcile = async () =>
  (
    await t.call<{ ok: boolean; lines: Line[] }>('GET', '/admin/chain/reconcile', {
      headers: { 'x-admin-token': await adminToken(t) },
    })
  ).attachment;
const unexplained = async () => Object.fromEntries((await reconcile()).lines.map((l) => [l.asset, l.unexplained]));
const fund = async (tx: string) =>
  t.call<{ lines: { asset: string; direction: string; recorded: boolean }[] }>('POST', '/admin/chain/fund', {
    headers: { 'x-admin-token': await adminToken(t) },
    body: { chain: 'ETH', tx },
  });
/** Every chain and asset accounted for (the lines, when not, to see why). */
const expectAccounted = async () => {
  const report = await reconcile();
  expect(report.ok, JSON.stringify(report.lines)).toBe(true);
  return report;
};
const ledgerClean = async () => expect((await t.services.wallet.ledgerCheck()).violations).toEqual([]);

it('accounts for deposits, withdrawals, gas and operator fundings; finds what nobody recorded', async () => {
  const runtime = t.services.chains.runtime(ETH_CHAIN)!;
  const user = await walletUser(t, 'reconcile@example.com');
  await bed.sendUsdt(await depositAddress(t, user.token), 200_000_000n);
  const float = await bed.sendUsdt(HOT_ADDRESS, 1_000_000_000n);
  await bed.anvil.mine(3);
  await runtime.scanner.runOnce();
  expect((await balanceOf(t, user.token, 'USDT')).available).toBe('200');

  // The hot wallet's gas and float came from outside and nobody recorded them yet.
  expect(await unexplained()).toEqual({ USDT: '1000000000', ETH: String(10n ** 21n) });
  expect((await fund(bed.hotFunding)).attachment.lines).toEqual([
    { asset: 'ETH', direction: 'in', chainAmount: String(10n ** 21n), logIndex: -1, recorded: true },
  ]);
  expect((await fund(float)).attachment.lines.map((l) => l.recorded)).toEqual([true]);
  expect((await fund(float)).attachment.lines.map((l) => l.recorded)).toEqual([false]); // once
  await expectAccounted();
  await ledgerClean();

  // A withdrawal, mined and settled: the chain lost what arrived, the fee stays, gas is the platform's.
  const sent = await t.call('POST', '/wallet/transfer', {
    token: user.token,
    body: {
      asset: 'USDT',
      amount: '50',
      to: '0x000000000000000000000000000000000000dEaD',
      chainId: ETH_CHAIN,
      tradePassword: user.trade,
      idempotencyKey: newKey(),
    },
  });
  expect(sent.status).toBe(200);
  await runtime.sender!.signDue();
  await runtime.sender!.broadcastDue();
  // Mined, not yet settled: explained.
  const midway = await expectAccounted();
  expect(midway.lines.find((l) => l.asset === 'USDT')!.explained).toEqual([
    { what: 'withdrawals mined, not yet settled', amount: '-47000000' },
  ]);
  await bed.anvil.mine(3);
  await runtime.sender!.followDue();
  // A deposit still confirming is on the chain and not yet ours: explained.
  await bed.sendUsdt(await depositAddress(t, user.token), 5_000_000n);
  await runtime.scanner.runOnce();
  const now = await expectAccounted();
  expect(now.lines.find((l) => l.asset === 'USDT')!.explained).toEqual([
    { what: 'deposits still confirming', amount: '5000000' },
  ]);
  await ledgerClean();

  // Planted: 1 USDT leaves the hot wallet by a transaction nobody recorded.
  await bed.anvil.testClient.impersonateAccount({ address: HOT_ADDRESS });
  const { encodeFunctionData } = await import('viem');
  const leak = (await bed.anvil.testClient.request({
    method: 'eth_sendTransaction' as never,
    params: [
      {
        from: HOT_ADDRESS,
        to: bed.usdt,
        data: encodeFunctionData({
          abi: testTokenAbi,
          functionName: 'transfer',
          args: [bed.faucet.account.address, 1_000_000n],
        }),
      },
    ] as never,
  })) as `0x${string}`;
  await bed.anvil.testClient.stopImpersonatingAccount({ address: HOT_ADDRESS });
  await t.database.db.transaction(async () => undefined);
  const planted = await reconcile();
  expect(planted.ok).toBe(false);
  expect(planted.lines.find((l) => l.asset === 'USDT')!.unexplained).toBe('-1000000');
  // Recorded as a move to cold storage once deep enough, it is accounted for again.
  await bed.anvil.mine(3);
  // The token that left, and the gas the hot wallet paid to send it.
  expect((await fund(leak)).attachment.lines).toMatchObject([
    { asset: 'USDT', direction: 'out', recorded: true },
    { asset: 'ETH', direction: 'out', logIndex: -2, recorded: true },
  ]);
  await expectAccounted();
  await ledgerClean();
});

it("refuses to record as cold storage more than the platform put in: that would be users' money", async () => {
  // The hot wallet holds more than the float (say, swept deposits); the operator moves all of it out.
  await bed.sendUsdt(HOT_ADDRESS, 100_000_000n);
  await bed.anvil.testClient.impersonateAccount({ address: HOT_ADDRESS });
  const { encodeFunctionData } = await import('viem');
  const all = await bed.anvil.publicClient.readContract({
    address: bed.usdt,
    abi: testTokenAbi,
    functionName: 'balanceOf',
    args: [HOT_ADDRESS],
  });
  const hash = (await bed.anvil.testClient.request({
    method: 'eth_sendTransaction' as never,
    params: [
      {
        from: HOT_ADDRESS,
        to: bed.usdt,
        data: encodeFunctionData({
          abi: testTokenAbi,
          functionName: 'transfer',
          args: [bed.faucet.account.address, all],
        }),
      },
    ] as never,
  })) as `0x${string}`;
  await bed.anvil.testClient.stopImpersonatingAccount({ address: HOT_ADDRESS });
  await bed.anvil.mine(3);
  const refused = await fund(hash);
  expect(refused.status).toBe(409);
  expect(refused.msg).toMatch(/users' money/);
  expect((await reconcile()).ok).toBe(false);
  await ledgerClean();
});
