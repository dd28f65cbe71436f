// `npm run bench:chain`: real chains on anvil (docs/performance.md, "Chains").
// 1. Confirming block → balance on screen: a deposit's Nth block is mined, the app's chain workers (polling every
//    CHAIN_POLL_MS) scan and credit it, and GET /wallet/asset answers the new balance. Goal: p99 ≤ 2 s beyond
//    confirmations × block time, i.e. ≤ 2 s after the confirming block.
// 2. Withdrawals broadcast per second from one hot wallet: M withdrawals through the API, timed until every one is
//    signed, written and broadcast; beside a bare baseline in the same run: viem signing and sending M transfers to
//    the same anvil with nonces kept in memory (no database, no ledger).
import { mkdtemp } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { API_BASE } from '@polaris/contract';
import { sql } from 'drizzle-orm';
import { encodeFunctionData } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { openDatabase, query } from '../src/db/client.ts';
import { testTokenAbi } from '../src/modules/chain/contracts/abi.ts';
import { deployContract } from '../src/modules/chain/contracts/deploy.ts';
import { checkLedger } from '../src/modules/wallet/ledger.store.ts';
import { startAnvil } from '../src/test/anvil.ts';
import { benchApp, fundedPeople } from './bench-people.ts';

const DEPOSITS = Number(process.env.BENCH_DEPOSITS ?? 30);
const WITHDRAWALS = Number(process.env.BENCH_WITHDRAWALS ?? 200);
const CONFIRMATIONS = 3;
const POLL_MS = 250;
const HOT_KEY = '0x4c0883a69102937d6231471b5dbb6204fe5129617082792ae468d01a3f362318';

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const anvil = await startAnvil();
const faucet = anvil.walletClientFor(anvil.devKey(0));
const usdt = await deployContract(faucet, anvil.publicClient, 'TestToken', ['Tether USD (bench)', 'USDT', 6]);
await faucet.writeContract({
  address: usdt,
  abi: testTokenAbi,
  functionName: 'mint',
  args: [faucet.account.address, 10n ** 15n],
});
const hot = privateKeyToAccount(HOT_KEY);
await anvil.fund(hot.address, 10n ** 21n);
await faucet.writeContract({ address: usdt, abi: testTokenAbi, functionName: 'mint', args: [hot.address, 10n ** 13n] });

const dataDir = await mkdtemp(path.join(tmpdir(), 'polaris-bench-chain-'));
const database = await openDatabase({ kind: 'pglite', dataDir: undefined });
await database.migrate();
const env = {
  CHAIN_RPC_ETH: anvil.url,
  CHAIN_NETWORK_ID_ETH: String(anvil.chainId),
  CHAIN_CONFIRMATIONS_ETH: String(CONFIRMATIONS),
  CHAIN_CONTRACT_USDT_ETH: usdt,
  CHAIN_DECIMALS_USDT_ETH: '6',
  CHAIN_START_BLOCK_ETH: '0',
  CHAIN_HOT_WALLET_KEY: HOT_KEY,
  CHAIN_POLL_MS: String(POLL_MS),
};
const app = await benchApp(database, dataDir, env);
const base = await app.listen({ port: 0, host: '127.0.0.1' });
const api = (route: string) => `${base}${API_BASE}${route}`;
const people = await fundedPeople(database, Math.max(DEPOSITS, 1), 'chain');
const chains = app.services.chains;
// The app's chain workers, as a server runs them (benchApp starts none).
let running = true;
const loop = async (work: () => Promise<void>) => {
  while (running) {
    await work().catch(() => undefined);
    await sleep(POLL_MS);
  }
};
const workers = [loop(() => chains.scanAll()), loop(() => chains.sendAll())];

// 1. Confirming block → balance.
const latencies: number[] = [];
for (const person of people.slice(0, DEPOSITS)) {
  const address = (
    (await (
      await fetch(api('/wallet/deposit/address?asset=USDT&chainId=3'), { headers: { token: person.token } })
    ).json()) as {
      attachment: { address: `0x${string}` };
    }
  ).attachment.address;
  const before = await balanceOf(person.token);
  await faucet.writeContract({
    address: usdt,
    abi: testTokenAbi,
    functionName: 'transfer',
    args: [address, 1_000_000n],
  });
  await anvil.mine(CONFIRMATIONS - 1); // the deposit's block is 1 deep; these make it N - 1 deep
  await sleep(Math.random() * POLL_MS); // the next block comes at any point of a poll
  await anvil.mine(1); // the confirming block
  const mined = performance.now();
  while ((await balanceOf(person.token)) === before) await sleep(10);
  latencies.push(performance.now() - mined);
}

// 2. Withdrawals broadcast per second.
const [payer] = people;
const started = performance.now();
await Promise.all(
  Array.from({ length: WITHDRAWALS }, (_, i) =>
    fetch(api('/wallet/transfer'), {
      method: 'POST',
      headers: { 'content-type': 'application/json', token: payer!.token },
      body: JSON.stringify({
        asset: 'USDT',
        amount: '25',
        to: `0x${(0xbe0000 + i).toString(16).padStart(40, '0')}`,
        chainId: 3,
        tradePassword: payer!.trade,
        idempotencyKey: `bench-chain-${i}`,
      }),
    }).then((r) => r.json()),
  ),
);
const requested = performance.now();
for (;;) {
  const { rows } = await query<{ n: number }>(
    database.db,
    sql`select count(*)::int as n from chain_txs where status <> 'signed'`,
  );
  if (rows[0]!.n >= WITHDRAWALS) break;
  await sleep(20);
}
const broadcast = performance.now();
running = false;
await Promise.all(workers);

// Bare baseline: sign and send the same number of token transfers from another funded account, nonces in memory.
const bare = anvil.walletClientFor(anvil.devKey(5));
await faucet.writeContract({
  address: usdt,
  abi: testTokenAbi,
  functionName: 'mint',
  args: [bare.account.address, 10n ** 13n],
});
let nonce = await anvil.publicClient.getTransactionCount({ address: bare.account.address });
const bareStart = performance.now();
for (let i = 0; i < WITHDRAWALS; i++) {
  const raw = await bare.signTransaction({
    to: usdt,
    data: encodeFunctionData({
      abi: testTokenAbi,
      functionName: 'transfer',
      args: [`0x${(0xbf0000 + i).toString(16).padStart(40, '0')}`, 25n],
    }),
    nonce: nonce++,
    gas: 100_000n,
    maxFeePerGas: 10n ** 11n,
    maxPriorityFeePerGas: 10n ** 9n,
  });
  await anvil.publicClient.sendRawTransaction({ serializedTransaction: raw });
}
const bareSeconds = (performance.now() - bareStart) / 1000;

const violations = await checkLedger(database.db);
await app.close();
await database.close();
await anvil.stop();

const goal = 2000;
console.log(
  `bench:chain on anvil (load ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}), ${CONFIRMATIONS} confirmations, chain workers every ${POLL_MS} ms`,
);
console.log(
  `confirming block → balance (${latencies.length} deposits): p50 ${percentile(latencies, 50).toFixed(0)} ms, p95 ${percentile(latencies, 95).toFixed(0)} ms, p99 ${percentile(latencies, 99).toFixed(0)} ms (goal p99 ≤ ${goal} ms beyond confirmations × block time: ${percentile(latencies, 99) <= goal ? 'met' : 'NOT met'})`,
);
const seconds = (broadcast - started) / 1000;
console.log(
  `withdrawals: ${WITHDRAWALS} asked in ${((requested - started) / 1000).toFixed(2)} s, all signed, written and broadcast after ${seconds.toFixed(2)} s: ${(WITHDRAWALS / seconds).toFixed(1)}/s from one hot wallet; bare viem sign + send: ${(WITHDRAWALS / bareSeconds).toFixed(1)}/s (${((WITHDRAWALS / seconds / (WITHDRAWALS / bareSeconds)) * 100).toFixed(0)} %)`,
);
console.log(`ledger: ${violations.length === 0 ? 'clean' : JSON.stringify(violations)}`);
process.exit(violations.length === 0 ? 0 : 1);

async function balanceOf(token: string): Promise<string> {
  const answer = (await (await fetch(api('/wallet/asset?asset=USDT'), { headers: { token } })).json()) as {
    attachment: { available: string };
  };
  return answer.attachment.available;
}
