import { sql } from 'drizzle-orm';
import type { Address } from 'viem';
import { afterAll, beforeAll, expect, it } from 'vitest';
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
import { balanceOf } from '../../test/wallet-fixtures.ts';
import { testTokenAbi } from './contracts/abi.ts';

// Sweeping on anvil: deposits move into the hot wallet in batches, a token address topped up with gas first, only
// when worth it; the gas is the platform's (chain_gas entries from platform_gas), no user balance moves, and a gas
// top-up to a deposit address is never taken for a deposit.

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

const usdtOf = (address: Address) =>
  bed.anvil.publicClient.readContract({
    address: bed.usdt,
    abi: testTokenAbi,
    functionName: 'balanceOf',
    args: [address],
  });

it('tops up and sweeps token deposits and sweeps native coin into the hot wallet; gas is the platform’s', async () => {
  const runtime = t.services.chains.runtime(ETH_CHAIN)!;
  const [sender, sweeper] = [runtime.sender!, runtime.sweeper!];
  const settle = async () => {
    await sender.broadcastDue();
    await bed.anvil.mine(3);
    await sender.followDue();
  };
  const users = await Promise.all(['a', 'b', 'c'].map((k) => t.register(`sweep-${k}@example.com`)));
  const [a, b] = [await depositAddress(t, users[0]!.token), await depositAddress(t, users[1]!.token)];
  const tiny = await depositAddress(t, users[2]!.token);
  const eth = await depositAddress(t, users[0]!.token, 'ETH');
  expect(eth).toBe(a); // one address per user and chain
  await bed.sendUsdt(a, 300_000_000n);
  await bed.sendUsdt(b, 120_000_000n);
  await bed.sendUsdt(tiny, 1_000_000n); // below USDT's 20 USDT withdrawal minimum on ETH: not worth sweeping
  await bed.faucet.sendTransaction({ to: eth, value: 2n * 10n ** 18n });
  await bed.anvil.mine(3);
  await runtime.scanner.runOnce();
  const hotBefore = await usdtOf(HOT_ADDRESS);
  const balances = async () =>
    Promise.all(users.map(async (u) => [await balanceOf(t, u.token, 'USDT'), await balanceOf(t, u.token, 'ETH')]));
  const before = await balances();

  // a's address also holds the 2 ETH, so its token transfer needs no top-up; b's does. One sweep at a time per
  // address: a's coin waits for its token.
  expect(await sweeper.runOnce()).toEqual({ started: 2, continued: 0 });
  await settle();
  // b's top-up is mined: its token transfer goes; a's coin now.
  expect(await sweeper.runOnce()).toEqual({ started: 1, continued: 1 });
  await settle();

  expect(await usdtOf(a)).toBe(0n);
  expect(await usdtOf(b)).toBe(0n);
  expect(await usdtOf(tiny)).toBe(1_000_000n);
  expect((await usdtOf(HOT_ADDRESS)) - hotBefore).toBe(420_000_000n);
  expect(await bed.anvil.publicClient.getBalance({ address: eth })).toBeLessThan(10n ** 15n); // at most its gas left
  const sweeps = (await rowsOf(t, sql`select address, asset_code, status from chain_sweeps order by id`)) as {
    status: string;
  }[];
  expect(sweeps.map((s) => s.status)).toEqual(['done', 'done', 'done']);
  // Nothing more to sweep until new deposits arrive.
  expect(await sweeper.runOnce()).toEqual({ started: 0, continued: 0 });

  // No user balance moved; the gas top-ups to the deposit addresses were not deposits; gas went through the ledger.
  expect(await balances()).toEqual(before);
  const deposits = (await rowsOf(
    t,
    sql`select asset_code, status from deposits where chain_id = ${ETH_CHAIN} and asset_code = 'ETH'`,
  )) as unknown[];
  expect(deposits.length).toBe(1);
  const gas = (await rowsOf(t, sql`select count(*)::int as n from journal_entries where kind = 'chain_gas'`)) as {
    n: number;
  }[];
  expect(gas[0]!.n).toBe(4); // b's top-up, two token sweeps, one native sweep
  expect((await t.services.wallet.ledgerCheck()).violations).toEqual([]);
});
