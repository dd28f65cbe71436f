import { PassThrough } from 'node:stream';
import { sql } from 'drizzle-orm';
import type { Address, Hex } from 'viem';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { runInContext } from '../../platform/context.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import {
  depositAddress,
  ETH_CHAIN,
  type EvmTestbed,
  HOT_ADDRESS,
  rowsOf,
  startEvmTestbed,
} from '../../test/evm-chain.ts';
import { adminToken, balanceOf, newKey, type WalletUser, walletUser } from '../../test/wallet-fixtures.ts';
import { chainConfig } from './config.ts';
import { testTokenAbi } from './contracts/abi.ts';

// The hot wallet's target and ceiling on anvil (docs/wallet.md, "Hot and cold"): the surplus above the ceiling goes to
// the cold address once, down to the target, with two processes at once, across a crash between signing and
// broadcast and across a reorg that drops it; below the target the operator is told once per crossing; a move in flight is owed, so a withdrawal it
// would leave uncovered waits (held) and goes once the hot wallet is refilled from cold storage.
// Holding a withdrawal the hot wallet cannot cover, alone: withdrawals.test.ts ("holds a withdrawal …").

let bed: EvmTestbed;
let t: TestApp;
let alice: WalletUser;
let cold: ReturnType<EvmTestbed['anvil']['walletClientFor']>;
const lines: string[] = [];

const runtime = (app = t) => app.services.chains.runtime(ETH_CHAIN)!;
const usdtOf = (address: Address) =>
  bed.anvil.publicClient.readContract({
    address: bed.usdt,
    abi: testTokenAbi,
    functionName: 'balanceOf',
    args: [address],
  });
/** A keeper run as the chain worker runs it: in the app's context, so its gauges land in the app's metrics. */
const keep = (app = t) => runInContext({ metrics: app.app.metrics }, () => runtime(app).keeper!.runOnce());
const warnings = () => lines.filter((line) => line.includes('below its target'));
const gauge = async (name: string, labels: Record<string, string>) => {
  const metric = await t.app.metrics.registry.getSingleMetric(name)?.get();
  return metric?.values.find((v) => Object.entries(labels).every(([k, x]) => v.labels[k] === x))?.value;
};

async function settle(app = t) {
  await runtime(app).sender!.broadcastDue();
  await bed.anvil.mine(3);
  await runtime(app).sender!.followDue();
}

async function coldTxs() {
  return rowsOf<{ nonce: string; attempt: number; ref: string; status: string; hash: string }>(
    t,
    sql`select nonce::text, attempt, ref, status, hash from chain_txs where purpose = 'cold' order by id`,
  );
}

/** Sends USDT into the hot wallet from outside and records it as the operator's float, deep enough first. */
async function fundHot(units: bigint) {
  const hash = await bed.sendUsdt(HOT_ADDRESS, units);
  await bed.anvil.mine(3);
  await t.services.chains.fund('ETH', hash);
}

/** The operator refills the hot wallet from the cold address (its own key) and records it: only the gas moves. */
async function refillFromCold(units: bigint) {
  const hash = await cold.writeContract({
    address: bed.usdt,
    abi: testTokenAbi,
    functionName: 'transfer',
    args: [HOT_ADDRESS, units],
  });
  await bed.anvil.publicClient.waitForTransactionReceipt({ hash });
  await bed.anvil.mine(3);
  return t.services.chains.fund('ETH', hash);
}

async function withdraw(amount: string) {
  const to = `0x${'7e'.repeat(20)}` as Address;
  const result = await t.call<{ id: string }>('POST', '/wallet/transfer', {
    token: alice.token,
    body: { asset: 'USDT', amount, to, chainId: ETH_CHAIN, tradePassword: alice.trade, idempotencyKey: newKey() },
  });
  if (result.status !== 200) throw new Error(`withdraw: ${result.msg}`);
  return Number(result.attachment.id);
}

/** What a withdrawal pays out of the hot wallet (its amount, less the fee the platform keeps), in whole USDT. */
const paidOut = async (id: number) =>
  Number((await rowsOf<{ n: string }>(t, sql`select amount::text as n from withdrawals where id = ${id}`))[0]!.n) / 1e6;

/** The operator's listing (`npm run chain:hot`). */
async function hotListing() {
  const listed = await t.call<{ lines: unknown[] }>('GET', '/admin/chain/hot', {
    headers: { 'x-admin-token': await adminToken(t) },
  });
  return listed.attachment.lines;
}

const withdrawalStatus = async (id: number) =>
  (await rowsOf<{ status: string }>(t, sql`select status from withdrawals where id = ${id}`))[0]!.status;

/** A second process on the same database (closing it leaves the database open). */
const sibling = () =>
  createTestApp({ env: { ...bed.env, ...limits() }, database: { ...t.database, close: async () => undefined } });

const limits = () => ({
  CHAIN_COLD_ADDRESS_ETH: cold.account.address,
  CHAIN_HOT_TARGET_USDT_ETH: '200',
  CHAIN_HOT_CEILING_USDT_ETH: '500',
});

beforeAll(async () => {
  bed = await startEvmTestbed({ confirmations: 3 });
  // The cold address: a key the test holds, as the operator holds it off every server.
  cold = bed.anvil.walletClientFor(bed.anvil.devKey(1));
  const stream = new PassThrough();
  stream.on('data', (chunk: Buffer) => lines.push(...chunk.toString().split('\n').filter(Boolean)));
  t = await createTestApp({ env: { ...bed.env, ...limits(), LOG_LEVEL: 'info' }, logStream: stream });
  await bed.anvil.mine(3);
  await t.services.chains.fund('ETH', bed.hotFunding); // the hot wallet's gas, as platform gas
  alice = await walletUser(t, 'hot-cold-alice@example.com');
  await bed.sendUsdt(await depositAddress(t, alice.token), 500_000_000n);
  await bed.anvil.mine(3);
  await runtime().scanner.runOnce();
  expect((await balanceOf(t, alice.token, 'USDT')).available).toBe('500');
});
afterAll(async () => {
  await t?.close();
  await bed?.stop();
});

it('refuses a ceiling not above the target, a cold address that is the hot wallet, a ceiling without a cold address', () => {
  const parse = (env: Record<string, string>) => () => chainConfig({ ...bed.env, ...env });
  const coldAddress = cold.account.address;
  expect(
    parse({
      CHAIN_COLD_ADDRESS_ETH: coldAddress,
      CHAIN_HOT_TARGET_USDT_ETH: '500',
      CHAIN_HOT_CEILING_USDT_ETH: '500.0',
    }),
  ).toThrow(/CHAIN_HOT_CEILING_USDT_ETH: above CHAIN_HOT_TARGET_USDT_ETH/);
  expect(parse({ CHAIN_COLD_ADDRESS_ETH: HOT_ADDRESS.toLowerCase(), CHAIN_HOT_TARGET_USDT_ETH: '1' })).toThrow(
    /CHAIN_COLD_ADDRESS_ETH: not the hot wallet itself/,
  );
  expect(parse({ CHAIN_HOT_TARGET_USDT_ETH: '1', CHAIN_HOT_CEILING_USDT_ETH: '2' })).toThrow(
    /needs CHAIN_COLD_ADDRESS_ETH/,
  );
  expect(parse({ CHAIN_HOT_CEILING_USDT_ETH: '2', CHAIN_COLD_ADDRESS_ETH: coldAddress })).toThrow(
    /needs CHAIN_HOT_TARGET_USDT_ETH/,
  );
  expect(parse({ CHAIN_COLD_ADDRESS_ETH: '0x1234' })).toThrow(/CHAIN_COLD_ADDRESS_ETH: a 0x address/);
  expect(parse({ CHAIN_HOT_TARGET_USDT_ETH: '1,5' })).toThrow(/CHAIN_HOT_TARGET_USDT_ETH: an amount in whole coins/);
  expect(chainConfig({ ...bed.env, ...limits() }).evm[0]).toMatchObject({
    coldAddress,
    hotLimits: { USDT: { target: '200', ceiling: '500' } },
  });
});

it('moves the surplus above the ceiling to the cold address once, with two processes at once and across a crash before broadcast', async () => {
  await fundHot(1_000_000_000n); // 1,000 USDT: above the 500 ceiling
  const other = await sibling();
  let signed: Hex;
  try {
    const runs = await Promise.all([keep(), keep(other)]);
    expect(runs.flatMap((r) => r.moved)).toEqual(['USDT']);
    // Down to the target: 800 USDT, one transaction, signed and written, not yet broadcast.
    const [move] = await coldTxs();
    expect(await coldTxs()).toEqual([
      { nonce: move!.nonce, attempt: 1, ref: 'cold:USDT:800000000', status: 'signed', hash: move!.hash },
    ]);
    signed = move!.hash as Hex;
  } finally {
    // The process "crashes" here: what it signed was committed and never sent.
    await other.close();
  }
  // A restarted process neither signs the move again nor takes a new nonce: it sends the stored bytes.
  const restarted = await sibling();
  try {
    expect((await keep(restarted)).moved).toEqual([]);
    expect(await runtime(restarted).sender!.broadcastDue()).toBe(1);
    await settle(restarted);
  } finally {
    await restarted.close();
  }
  expect(await coldTxs()).toEqual([expect.objectContaining({ attempt: 1, status: 'mined', hash: signed })]);
  expect((await bed.anvil.publicClient.getTransactionReceipt({ hash: signed })).status).toBe('success');
  expect(await usdtOf(cold.account.address)).toBe(800_000_000n);
  expect(await usdtOf(HOT_ADDRESS)).toBe(200_000_000n);
  expect((await keep()).moved).toEqual([]); // at the target now

  // Still custody: reconciliation finds nothing unexplained, proof of reserves counts the cold address.
  const usdt = (await t.services.chains.reconcile()).find((line) => line.asset === 'USDT')!;
  expect(usdt.unexplained).toBe('0');
  const custody = await t.services.chains.custodyBalances();
  expect(custody).toContainEqual(
    expect.objectContaining({ asset: 'USDT', address: cold.account.address.toLowerCase(), amount: 800_000_000n }),
  );
  // No user's balance moved; the move's gas is the platform's.
  expect((await balanceOf(t, alice.token, 'USDT')).available).toBe('500');
  expect((await t.services.wallet.ledgerCheck()).violations).toEqual([]);
});

it('tells the operator once when the hot wallet falls below its target, and again only after it was back', async () => {
  const before = warnings().length;
  // Alice's withdrawal of 150 is owed (less its fee): of the 200 held, about 50 is available against a target of 200.
  const id = await withdraw('150');
  const available = 200 - (await paidOut(id));
  expect((await keep()).belowTarget).toEqual(['USDT']);
  expect((await keep()).belowTarget).toEqual(['USDT']);
  expect(warnings().length - before).toBe(1);
  expect(warnings().at(-1)).toContain(`"available":"${available}"`);
  expect(await gauge('polaris_chain_hot_below_target', { chain: 'ETH', asset: 'USDT' })).toBe(1);
  expect(await gauge('polaris_chain_hot_coins', { chain: 'ETH', asset: 'USDT', level: 'available' })).toBe(available);
  expect(await hotListing()).toEqual([
    expect.objectContaining({ asset: 'USDT', available: String(available), target: '200', state: 'below_target' }),
  ]);

  // The withdrawal itself is covered and goes.
  expect((await runtime().sender!.signDue()).signed).toBe(1);
  await settle();
  expect(await withdrawalStatus(id)).toBe('completed');
  await keep();
  expect(warnings().length - before).toBe(1);

  // The operator refills it from the cold address: a move inside custody, only its gas is recorded.
  const recorded = await refillFromCold(300_000_000n);
  expect(recorded).toEqual([expect.objectContaining({ asset: 'ETH', direction: 'out', logIndex: -2, recorded: true })]);
  expect((await keep()).belowTarget).toEqual([]);
  expect(lines.some((line) => line.includes('back at its target'))).toBe(true);
  expect(await gauge('polaris_chain_hot_below_target', { chain: 'ETH', asset: 'USDT' })).toBe(0);
  expect((await t.services.chains.reconcile()).find((line) => line.asset === 'USDT')!.unexplained).toBe('0');
});

it('counts a move to cold in flight as owed: a withdrawal it would leave uncovered waits, and goes once refilled', async () => {
  // About 350 in the hot wallet; 400 more is above the ceiling: all but the target is signed to cold, not yet mined.
  const hot = await usdtOf(HOT_ADDRESS);
  await fundHot(400_000_000n);
  expect((await keep()).moved).toEqual(['USDT']);
  const surplus = hot + 400_000_000n - 200_000_000n;
  expect(await hotListing()).toEqual([
    expect.objectContaining({
      state: 'ok',
      moving: { hash: expect.any(String), amount: String(Number(surplus) / 1e6) },
    }),
  ]);
  const id = await withdraw('300');
  expect(await runtime().sender!.signDue()).toEqual({ signed: 0, held: 1 });
  await settle();
  expect(await usdtOf(HOT_ADDRESS)).toBe(200_000_000n);
  expect(await withdrawalStatus(id)).toBe('held');
  await refillFromCold(200_000_000n);
  expect((await runtime().sender!.signDue()).signed).toBe(1);
  await settle();
  expect(await withdrawalStatus(id)).toBe('completed');
  expect(await usdtOf(HOT_ADDRESS)).toBe(400_000_000n - BigInt((await paidOut(id)) * 1e6));
  expect((await coldTxs()).map((tx) => [tx.ref, tx.status])).toEqual([
    ['cold:USDT:800000000', 'mined'],
    [`cold:USDT:${surplus}`, 'mined'],
  ]);
  expect((await t.services.wallet.ledgerCheck()).violations).toEqual([]);
});

it('a move to cold that a reorg took out of the chain is sent again as the same transaction, and moves once', async () => {
  await fundHot(500_000_000n);
  const hot = await usdtOf(HOT_ADDRESS);
  const coldBefore = await usdtOf(cold.account.address);
  expect((await keep()).moved).toEqual(['USDT']);
  const move = (await coldTxs()).at(-1)!;
  expect(move.ref).toBe(`cold:USDT:${hot - 200_000_000n}`);
  expect(await runtime().sender!.broadcastDue()).toBe(1);
  const receipt = () => bed.anvil.publicClient.getTransactionReceipt({ hash: move.hash as Hex }).catch(() => undefined);
  if (!(await receipt())) await bed.anvil.mine(1);
  const depth = (await bed.anvil.publicClient.getBlockNumber()) - (await receipt())!.blockNumber + 1n;
  expect((await runtime().sender!.followDue()).settled).toBe(0); // mined, not yet deep enough
  await bed.anvil.reorg(Number(depth)); // the block with the move is gone, the transaction with it
  expect(await receipt()).toBe(undefined);
  expect((await keep()).moved).toEqual([]); // still owed: no second move
  await runtime().sender!.followDue(); // sends the newest attempt again
  await bed.anvil.mine(3);
  await runtime().sender!.followDue();
  const after = await coldTxs();
  expect(after.at(-1)).toEqual({ ...move, status: 'mined' });
  expect(after.filter((tx) => tx.ref === move.ref)).toHaveLength(1);
  expect((await usdtOf(cold.account.address)) - coldBefore).toBe(hot - 200_000_000n);
  expect(await usdtOf(HOT_ADDRESS)).toBe(200_000_000n);
  expect((await t.services.chains.reconcile()).find((line) => line.asset === 'USDT')!.unexplained).toBe('0');
});
