import { sql } from 'drizzle-orm';
import type { Address } from 'viem';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
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
// when worth it; the gas is the platform's (a chain_gas entry from platform_gas for every mined transaction), no user
// balance moves, and a gas top-up to a deposit address is never taken for a deposit.

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

const runtime = () => t.services.chains.runtime(ETH_CHAIN)!;
const sweeper = () => runtime().sweeper!;
const usdtOf = (address: Address) =>
  bed.anvil.publicClient.readContract({
    address: bed.usdt,
    abi: testTokenAbi,
    functionName: 'balanceOf',
    args: [address],
  });
const ethOf = (address: Address) => bed.anvil.publicClient.getBalance({ address });

/** Broadcasts what is signed, mines it deep enough, settles it. */
async function settle() {
  const sender = runtime().sender!;
  await sender.broadcastDue();
  await bed.anvil.mine(3);
  await sender.followDue();
}

async function ethDeposits() {
  return rowsOf<{ address: string; tx_hash: string }>(
    t,
    sql`select address, tx_hash from deposits where chain_id = ${ETH_CHAIN} and asset_code = 'ETH'`,
  );
}

it('sweeps two users’ tokens (one topped up with gas first) and native coin into the hot wallet, not a tiny one', async () => {
  const users = await Promise.all(['a', 'b', 'c'].map((k) => t.register(`sweep-${k}@example.com`)));
  const [a, b, tiny] = await Promise.all(users.map((u) => depositAddress(t, u.token)));
  expect(await depositAddress(t, users[0]!.token, 'ETH')).toBe(a); // one address per user and chain
  await bed.sendUsdt(a!, 300_000_000n);
  await bed.sendUsdt(b!, 120_000_000n);
  await bed.sendUsdt(tiny!, 1_000_000n); // 1 USDT: far below 20 times a top-up and a transfer
  await bed.faucet.sendTransaction({ to: a!, value: 2n * 10n ** 18n });
  await bed.anvil.mine(3);
  await runtime().scanner.runOnce();
  const hotBefore = await usdtOf(HOT_ADDRESS);
  const balances = () =>
    Promise.all(users.map(async (u) => [await balanceOf(t, u.token, 'USDT'), await balanceOf(t, u.token, 'ETH')]));
  const before = await balances();

  // a's address holds ETH, so its token transfer needs no top-up; b's does. a's coin waits for a's token.
  expect(await sweeper().runOnce()).toEqual({ started: 2, continued: 0 });
  await settle();
  // b's top-up is settled: its transfer goes; a's coin now.
  expect(await sweeper().runOnce()).toEqual({ started: 1, continued: 1 });
  await settle();

  expect([await usdtOf(a!), await usdtOf(b!), await usdtOf(tiny!)]).toEqual([0n, 0n, 1_000_000n]);
  expect((await usdtOf(HOT_ADDRESS)) - hotBefore).toBe(420_000_000n);
  // Left on a's address: the unspent part of the native sweep's fee, less than its one gas.
  const [native] = await rowsOf<{ fee: string }>(
    t,
    sql`select max_fee_per_gas::text as fee from chain_txs where from_address = ${a} and status = 'mined'
          order by nonce desc limit 1`,
  );
  expect(await ethOf(a!)).toBeLessThan(21_000n * BigInt(native!.fee));
  const sweeps = await rowsOf<{ address: string; asset_code: string; status: string }>(
    t,
    sql`select address, asset_code, status from chain_sweeps order by id`,
  );
  expect(sweeps).toHaveLength(3);
  expect(sweeps).toEqual(
    expect.arrayContaining([
      { address: a, asset_code: 'USDT', status: 'done' },
      { address: b, asset_code: 'USDT', status: 'done' },
      { address: a, asset_code: 'ETH', status: 'done' },
    ]),
  );
  // Nothing more to sweep until new deposits arrive; the scanner finds no deposit in the sweeps or the top-up.
  expect(await sweeper().runOnce()).toEqual({ started: 0, continued: 0 });
  await bed.anvil.mine(3);
  await runtime().scanner.runOnce();
  expect((await ethDeposits()).map((d) => d.address)).toEqual([a]);

  // No user balance moved; every mined sweep and top-up has its gas in the ledger, from the platform.
  expect(await balances()).toEqual(before);
  const txs = await rowsOf<{ purpose: string; gas: string | null }>(
    t,
    sql`select c.purpose, (select sum(p.amount)::text from journal_entries j join postings p on p.entry_id = j.id
                            where j.kind = 'chain_gas' and j.reference = 'chaintx:' || c.id and p.amount > 0) as gas
          from chain_txs c where c.ref like 'sweep:%' and c.status = 'mined' order by c.id`,
  );
  expect(txs.map((x) => x.purpose).sort()).toEqual(['gas_topup', 'sweep', 'sweep', 'sweep']);
  expect(txs.every((x) => BigInt(x.gas ?? 0) > 0n)).toBe(true);
  expect((await t.services.wallet.ledgerCheck()).violations).toEqual([]);
});

it('takes no gas top-up for a deposit, in a process that scans without signing', async () => {
  const user = await t.register('sweep-d@example.com');
  const address = await depositAddress(t, user.token);
  await bed.sendUsdt(address, 50_000_000n);
  await bed.anvil.mine(3);
  await runtime().scanner.runOnce();
  expect(await sweeper().runOnce()).toEqual({ started: 1, continued: 0 });
  await settle();

  // A second process on the same database that holds no hot wallet key scans the block with the top-up.
  const scanning = await createTestApp({
    env: { ...bed.env, CHAIN_HOT_WALLET_KEY: '', CHAIN_HOT_WALLET_ADDRESS: HOT_ADDRESS },
    database: { ...t.database, close: async () => undefined },
  });
  try {
    await runtime().scanner.release();
    expect(scanning.services.chains.runtime(ETH_CHAIN)!.sender).toBeUndefined();
    await scanning.services.chains.runtime(ETH_CHAIN)!.scanner.runOnce();
    expect((await ethDeposits()).filter((d) => d.address === address)).toEqual([]);
  } finally {
    await scanning.close();
  }
  expect(await balanceOf(t, user.token, 'ETH')).toMatchObject({ available: '0' });

  expect(await sweeper().runOnce()).toEqual({ started: 0, continued: 1 });
  await settle();
  expect(await usdtOf(address)).toBe(0n);
});
