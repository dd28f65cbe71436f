// Ledger throughput and latency, through the API (HTTP handling, validation, trade password, idempotency,
// ledger) and as a bare SQL transfer (the ledger call alone), on PGlite in memory, on disk with and without
// the log fsynced before each answer, and, when DATABASE_URL is set, on PostgreSQL.   npm run bench:ledger [-- --transfers 2000 --concurrency 16]
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { API_BASE } from '@polaris/contract';
import { type DatabaseHandle, openDatabase } from '../src/db/client.ts';
import { ledger } from '../src/modules/wallet/ledger.ts';
import { onScratchPostgres } from './bench-databases.ts';
import { benchApp, fundedPeople } from './bench-people.ts';
import { flags } from './operator.ts';

const args = flags(process.argv.slice(2));
const TRANSFERS = Number(args.transfers ?? 2000);
const CONCURRENCY = Number(args.concurrency ?? 16);
const USERS = 20;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

async function runPool(count: number, concurrency: number, one: (i: number) => Promise<void>) {
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) {
        const i = next++;
        const t0 = performance.now();
        await one(i);
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return { perSecond: count / seconds, p50: percentile(latencies, 50), p99: percentile(latencies, 99) };
}

async function bench(label: string, database: DatabaseHandle) {
  await database.migrate();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'polaris-bench-'));
  const app = await benchApp(database, dataDir);
  const db = database.db;
  const people = await fundedPeople(database, USERS, 'bench');
  const pair = (i: number) => [people[i % USERS]!, people[(i * 7 + 3) % USERS]!] as const;

  const api = await runPool(TRANSFERS, CONCURRENCY, async (i) => {
    const [from, to] = pair(i);
    const response = await app.inject({
      method: 'POST',
      url: `${API_BASE}/wallet/transfer`,
      headers: { token: from.token, 'content-type': 'application/json' },
      payload: JSON.stringify({
        asset: 'USDT',
        amount: '0.01',
        to: String(to.uid),
        tradePassword: from.trade,
        idempotencyKey: `bench-${label.replace(/\W/g, '')}-${i}-${Date.now()}`,
      }),
    });
    if ((response.json() as { status: number }).status !== 200) throw new Error(response.body);
  });
  const bare = await runPool(TRANSFERS, CONCURRENCY, async (i) => {
    const [from, to] = pair(i);
    await db.transaction((tx) =>
      ledger.transfer(tx, {
        kind: 'transfer',
        asset: 'USDT',
        from: { userId: from.id },
        to: { userId: to.id },
        amount: 10_000n,
      }),
    );
  });
  await app.close();
  await rm(dataDir, { recursive: true, force: true });
  return [
    { database: label, path: 'API /wallet/transfer', ...api },
    { database: label, path: 'bare SQL ledger.transfer', ...bare },
  ];
}

const rows = [];
const pglite = await openDatabase({ kind: 'pglite' });
rows.push(...(await bench('PGlite', pglite)));
await pglite.close();

// On disk, as `npm start` runs it: with the log fsynced before each answer, and without (PGlite's own way).
for (const durable of [true, false]) {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'polaris-bench-disk-'));
  const onDisk = await openDatabase({ kind: 'pglite', dataDir, durable });
  rows.push(...(await bench(durable ? 'disk+fsync' : 'disk', onDisk)));
  if (durable) console.log(`disk+fsync: ${onDisk.files!.synced.wal} log fsyncs`);
  await onDisk.close();
  await rm(dataDir, { recursive: true, force: true });
}

if (process.env.DATABASE_URL) {
  rows.push(...(await onScratchPostgres(process.env.DATABASE_URL, (postgres) => bench('PostgreSQL', postgres))));
}

console.log(`\n${TRANSFERS} transfers per row, ${CONCURRENCY} at a time, among ${USERS} users`);
console.log('database    path                        transfers/s   p50 ms   p99 ms');
for (const row of rows) {
  console.log(
    `${row.database.padEnd(11)} ${row.path.padEnd(27)} ${row.perSecond.toFixed(0).padStart(11)} ${row.p50.toFixed(1).padStart(8)} ${row.p99.toFixed(1).padStart(8)}`,
  );
}
