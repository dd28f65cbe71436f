import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/app.ts';
import {
  depositAddress,
  ETH_CHAIN,
  type EvmTestbed,
  evmTestApp,
  rowsOf,
  startEvmTestbed,
} from '../../test/evm-chain.ts';
import { balanceOf } from '../../test/wallet-fixtures.ts';
import { multisendAbi, testTokenAbi } from './contracts/abi.ts';

// Deposits on a real EVM node (anvil): found by their Transfer logs and traces, keyed by (chain, tx, log index),
// credited once after the confirmations, and never credited from a block that left the chain.

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

const scan = () => t.services.chains.runtime(ETH_CHAIN)!.scanner.runOnce();

async function depositsOf(userAddress: string) {
  const rows = await rowsOf(
    t,
    sql`select status, log_index, amount::text, chain_amount::text, block_number::text, confirmations, reorged_at from deposits where address = ${userAddress} order by id`,
  );
  return rows as { status: string; log_index: number; amount: string; reorged_at: Date | null }[];
}

describe('EVM deposits on anvil', () => {
  it('credits a token deposit once, after the confirmations', async () => {
    const alice = await t.register('chain-alice@example.com');
    const address = await depositAddress(t, alice.token);
    await bed.sendUsdt(address, 25_500_000n);
    await scan();
    expect((await depositsOf(address)).map((d) => d.status)).toEqual(['confirming']);
    expect((await balanceOf(t, alice.token, 'USDT')).available).toBe('0');
    await bed.anvil.mine(1); // 2 deep
    await scan();
    expect((await balanceOf(t, alice.token, 'USDT')).available).toBe('0');
    await bed.anvil.mine(1); // 3 deep
    await scan();
    expect((await balanceOf(t, alice.token, 'USDT')).available).toBe('25.5');
    await bed.anvil.mine(5);
    await scan();
    await scan();
    expect((await balanceOf(t, alice.token, 'USDT')).available).toBe('25.5');
    expect((await depositsOf(address)).map((d) => d.status)).toEqual(['credited']);
    expect((await t.services.wallet.ledgerCheck()).violations).toEqual([]);
  });

  it('finds two token deposits to two users in one multisend transaction as two', async () => {
    const bob = await t.register('chain-bob@example.com');
    const carol = await t.register('chain-carol@example.com');
    const [to1, to2] = [await depositAddress(t, bob.token), await depositAddress(t, carol.token)];
    const { faucet, anvil } = bed;
    await anvil.publicClient.waitForTransactionReceipt({
      hash: await faucet.writeContract({
        address: bed.usdt,
        abi: testTokenAbi,
        functionName: 'approve',
        args: [bed.multisend, 10n ** 12n],
      }),
    });
    const hash = await faucet.writeContract({
      address: bed.multisend,
      abi: multisendAbi,
      functionName: 'multisendToken',
      args: [bed.usdt, [to1, to2, to1], [1_000_000n, 2_000_000n, 3_000_000n]],
    });
    await anvil.publicClient.waitForTransactionReceipt({ hash });
    await anvil.mine(3);
    await scan();
    expect((await depositsOf(to1)).map((d) => [d.status, d.amount])).toEqual([
      ['credited', '1000000'],
      ['credited', '3000000'],
    ]);
    expect((await balanceOf(t, bob.token, 'USDT')).available).toBe('4');
    expect((await balanceOf(t, carol.token, 'USDT')).available).toBe('2');
  });

  it('finds native coin sent through a contract (internal transfers, by trace_block)', async () => {
    const dave = await t.register('chain-dave@example.com');
    const address = await depositAddress(t, dave.token, 'ETH');
    const hash = await bed.faucet.writeContract({
      address: bed.multisend,
      abi: multisendAbi,
      functionName: 'multisendNative',
      args: [
        [address, address],
        [10n ** 17n, 2n * 10n ** 17n],
      ],
      value: 3n * 10n ** 17n,
    });
    await bed.anvil.publicClient.waitForTransactionReceipt({ hash });
    await bed.anvil.mine(3);
    await scan();
    const found = await depositsOf(address);
    expect(found.map((d) => d.status)).toEqual(['credited', 'credited']);
    expect(new Set(found.map((d) => d.log_index)).size).toBe(2);
    expect((await balanceOf(t, dave.token, 'ETH')).available).toBe('0.3');
  });

  it('drops a deposit whose block left the chain before it was credited, and never credits it', async () => {
    const erin = await t.register('chain-erin@example.com');
    const address = await depositAddress(t, erin.token);
    await bed.sendUsdt(address, 7_000_000n);
    await scan();
    expect((await depositsOf(address)).map((d) => d.status)).toEqual(['confirming']);
    await bed.anvil.reorg(2); // replaces the deposit's block and the one after it with empty blocks
    const result = await scan();
    expect(result?.reorgedFrom).toBeDefined();
    expect((await depositsOf(address)).map((d) => d.status)).toEqual(['dropped']);
    await bed.anvil.mine(6);
    await scan();
    await scan();
    expect((await balanceOf(t, erin.token, 'USDT')).available).toBe('0');
    expect((await t.services.wallet.ledgerCheck()).violations).toEqual([]);
  });

  it('flags, and never credits twice, a deposit whose block left the chain after it was credited', async () => {
    const frank = await t.register('chain-frank@example.com');
    const address = await depositAddress(t, frank.token);
    await bed.sendUsdt(address, 9_000_000n);
    await bed.anvil.mine(2);
    await scan();
    expect((await balanceOf(t, frank.token, 'USDT')).available).toBe('9');
    await bed.anvil.reorg(4); // deeper than the 3 confirmations
    await scan();
    const [flagged] = await depositsOf(address);
    expect(flagged?.status).toBe('credited');
    expect(flagged?.reorged_at).not.toBeNull();
    await bed.anvil.mine(5);
    await scan();
    expect((await balanceOf(t, frank.token, 'USDT')).available).toBe('9');
    expect((await t.services.custody.reorgedDeposits([ETH_CHAIN])).length).toBe(1);
  });
});
