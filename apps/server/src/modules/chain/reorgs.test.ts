import { sql } from 'drizzle-orm';
import { type Address, encodeFunctionData, type Hex, parseAbiItem } from 'viem';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { TestApp } from '../../test/app.ts';
import {
  depositAddress,
  ETH_CHAIN,
  type EvmTestbed,
  evmTestApp,
  rowsOf,
  startEvmTestbed,
} from '../../test/evm-chain.ts';
import { testTokenAbi } from './contracts/abi.ts';

// 1,000 random reorgs of depth 1 to N + 2 (N = 3 confirmations) while deposits arrive, some transactions coming back
// in the new blocks and some gone for good. Afterwards: every deposit final on the chain anvil holds is credited
// exactly once; nothing else is credited except deposits a reorg deeper than N took back after their credit, and
// those are flagged; balances are the sums of the credits; the ledger is clean.

const CONFIRMATIONS = 3;
// The PostgreSQL pass runs a fifth of them: the scanner is one process either way, the database only stores its answers.
const REORGS = Number(process.env.CHAIN_REORGS ?? (process.env.DATABASE_URL ? 200 : 1000));

let bed: EvmTestbed;
let t: TestApp;

beforeAll(async () => {
  bed = await startEvmTestbed({ confirmations: CONFIRMATIONS });
  t = await evmTestApp(bed);
});
afterAll(async () => {
  await t?.close();
  await bed?.stop();
});

/** A small seeded generator (mulberry32), so a failure can be run again as it was. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let r = Math.imul(a ^ (a >>> 15), 1 | a);
    r = (r + Math.imul(r ^ (r >>> 7), 61 | r)) ^ r;
    return ((r ^ (r >>> 14)) >>> 0) / 4294967296;
  };
}

it(`${REORGS} random reorgs of depth 1 to N + 2: no deposit credited twice, none final left out`, async () => {
  const seed = Number(process.env.CHAIN_REORG_SEED ?? 20261128);
  const next = random(seed);
  const { anvil, faucet } = bed;
  const users = await Promise.all(
    [0, 1, 2, 3].map(async (i) => {
      const session = await t.register(`reorg-${i}@example.com`);
      return { token: session.token, address: await depositAddress(t, session.token) };
    }),
  );
  const scanner = t.services.chains.runtime(ETH_CHAIN)!.scanner;
  // Raw bytes of every deposit sent, to put some back into the blocks that replace theirs.
  const raws = new Map<string, Hex>();
  let nonce = await anvil.publicClient.getTransactionCount({ address: faucet.account.address, blockTag: 'pending' });
  await anvil.mine(CONFIRMATIONS + 3);

  let reorgs = 0;
  let refused = 0;
  while (reorgs < REORGS) {
    const roll = next();
    if (roll < 0.45) {
      const to = users[Math.floor(next() * users.length)]!.address;
      const data = encodeFunctionData({
        abi: testTokenAbi,
        functionName: 'transfer',
        args: [to, BigInt(1 + Math.floor(next() * 1e6))],
      });
      const send = async () => {
        const raw = await faucet.signTransaction({
          to: bed.usdt,
          data,
          nonce,
          gas: 100_000n,
          maxFeePerGas: 10n ** 11n,
          maxPriorityFeePerGas: 10n ** 9n,
        });
        return { raw, hash: await anvil.publicClient.sendRawTransaction({ serializedTransaction: raw }) };
      };
      // Just after a reorg that put transactions back, anvil may count the faucet's nonce before it has applied
      // them (a loaded machine): the send is then "nonce too low", and is signed again with the count it has now.
      const sent = await send().catch(async (error: unknown) => {
        if (!String(error).includes('nonce too low')) throw error;
        nonce = await anvil.publicClient.getTransactionCount({ address: faucet.account.address, blockTag: 'pending' });
        return send();
      });
      raws.set(sent.hash, sent.raw);
      nonce++;
    } else if (roll < 0.6) {
      await anvil.mine(1 + Math.floor(next() * 2));
    } else {
      const head = await anvil.publicClient.getBlockNumber();
      const depth = 1 + Math.floor(next() * (CONFIRMATIONS + 2));
      // What the replaced blocks held, in order: put all of it back (offsets in the new blocks) or none of it.
      const removed: Hex[] = [];
      for (let n = head - BigInt(depth) + 1n; n <= head; n++) {
        // anvil now and then answers a head whose block it cannot yet serve just after a reorg: that block's
        // transactions are then simply not put back.
        const block = await anvil.publicClient.getBlock({ blockNumber: n }).catch(() => undefined);
        for (const hash of block?.transactions ?? []) if (raws.has(hash)) removed.push(raws.get(hash)!);
      }
      const putBack = next() < 0.5;
      const reorged = await anvil
        .request('anvil_reorg', [depth, putBack ? removed.map((raw, i) => [raw, Math.min(i, depth - 1)]) : []])
        .then(
          () => true,
          // anvil 1.7 sometimes refuses a reorg right after one that put transactions back ("Resource not found");
          // the chain moves on by a block and another reorg is drawn (counted apart, printed below).
          async () => {
            refused++;
            await anvil.mine(1);
            return false;
          },
        );
      if (!reorged) continue;
      nonce = await anvil.publicClient.getTransactionCount({ address: faucet.account.address, blockTag: 'pending' });
      reorgs++;
    }
    await scanner.runOnce();
  }
  await anvil.mine(CONFIRMATIONS + 1);
  await scanner.runOnce();
  await scanner.runOnce();

  // What the chain holds now, read independently of the scanner.
  const head = await anvil.publicClient.getBlockNumber();
  const logs = await anvil.publicClient.getLogs({
    address: bed.usdt,
    event: parseAbiItem('event Transfer(address indexed from, address indexed to, uint256 value)'),
    fromBlock: 0n,
    toBlock: head,
  });
  const ours = new Set(users.map((u) => u.address.toLowerCase()));
  const final = logs.filter(
    (l) => ours.has(l.args.to!.toLowerCase()) && head - l.blockNumber + 1n >= BigInt(CONFIRMATIONS),
  );
  const rows = await rowsOf(
    t,
    sql`select d.id, d.tx_hash, d.log_index, d.address, d.amount::text, d.status, d.reorged_at,
            (select count(*) from journal_entries e where e.reference = 'deposit:' || d.id)::int as entries
       from deposits d where d.chain_id = ${ETH_CHAIN}`,
  );
  const deposits = rows as {
    tx_hash: string;
    log_index: number;
    address: Address;
    amount: string;
    status: string;
    reorged_at: Date | null;
    entries: number;
  }[];
  const key = (tx: string, index: number) => `${tx.toLowerCase()}:${index}`;
  const byKey = new Map(deposits.map((d) => [key(d.tx_hash, d.log_index), d]));
  const finalKeys = new Set(final.map((l) => key(l.transactionHash, l.logIndex)));

  // Every final deposit credited once, not flagged.
  const lost = final.filter((l) => {
    const row = byKey.get(key(l.transactionHash, l.logIndex));
    return row?.status !== 'credited' || row.entries !== 1 || row.reorged_at !== null;
  });
  expect(lost).toEqual([]);
  // Nothing credited twice; a credit the chain no longer has is flagged.
  expect(deposits.filter((d) => d.entries > 1)).toEqual([]);
  const unexplained = deposits.filter(
    (d) => d.status === 'credited' && !finalKeys.has(key(d.tx_hash, d.log_index)) && d.reorged_at === null,
  );
  expect(unexplained).toEqual([]);
  expect(deposits.filter((d) => d.status !== 'credited' && d.entries > 0)).toEqual([]);
  // Balances are exactly the credits.
  for (const user of users) {
    const credited = deposits
      .filter((d) => d.address === user.address && d.status === 'credited')
      .reduce((sum, d) => sum + BigInt(d.amount), 0n);
    const balance = await rowsOf(
      t,
      sql`select coalesce(sum(a.available), 0)::text as total from accounts a
         join deposit_addresses da on da.user_id = a.user_id where da.address = ${user.address} and a.asset_code = 'USDT'`,
    );
    expect(BigInt((balance[0] as { total: string }).total)).toBe(credited);
  }
  expect((await t.services.wallet.ledgerCheck()).violations).toEqual([]);
  const flagged = deposits.filter((d) => d.reorged_at !== null).length;
  console.info(
    `reorgs: ${reorgs} (anvil refused ${refused} more), deposits seen: ${deposits.length}, final on chain: ${final.length}, flagged: ${flagged}, dropped: ${deposits.filter((d) => d.status === 'dropped').length}`,
  );
  expect(final.length).toBeGreaterThan(50);
}, 600_000);
