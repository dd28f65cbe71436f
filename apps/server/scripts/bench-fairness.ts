// Payments under a crowd of readers on the embedded database:   npm run bench:fairness [-- --readers 200 --seconds 15]
// The app runs in a child process on PGlite (discovery cache off, so every read reaches the database) while
// autocannon keeps `--readers` connections busy with activity-list and wallet-record reads, and this process
// sends transfers four at a time through the API. Each row is measured with and without the reader crowd, in
// the same run, once with PGlite's own first-come-first-served queue and once through the fair gate.
import { type ChildProcess, fork } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { API_BASE, CreateActivityInput } from '@polaris/contract';
import autocannon from 'autocannon';
import { openDatabase } from '../src/db/client.ts';
import { users } from '../src/db/schema/index.ts';
import { benchApp, fundedPeople } from './bench-people.ts';
import { flags } from './operator.ts';

const args = flags(process.argv.slice(2));
const READERS = Number(args.readers ?? 200);
const SECONDS = Number(args.seconds ?? 15);
const PORT = Number(args.port ?? 18700);
const PAYERS = 8;
const PAYMENT_CONCURRENCY = 4;
/** A payment slower than this counts as timed out (the web client gives up after 15 s). */
const TIMEOUT_MS = 15_000;

interface Person {
  uid: number;
  token: string;
  trade: string;
}

/** Child: the app on a fresh PGlite with activities to list and funded payers; reports them over IPC. */
async function serve(unfair: boolean) {
  const database = await openDatabase({ kind: 'pglite', unfair });
  await database.migrate();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'polaris-bench-fair-'));
  const app = await benchApp(database, dataDir, { DISCOVERY_CACHE_MS: '0' });
  const people: Person[] = await fundedPeople(database, PAYERS, 'payer');
  const host = { id: 0, uid: 0, uuid: '', email: '', sessionId: 0, signingKey: null };
  const [hostRow] = await database.db
    .insert(users)
    .values({ email: 'host@bench.local', passwordHash: 'x', inviteCode: 'FAIRHOST', uname: 'host' })
    .returning();
  Object.assign(host, { id: hostRow!.id, uid: hostRow!.uid, uuid: hostRow!.uuid, email: hostRow!.email });
  for (let i = 0; i < 40; i++) {
    const start = Date.now() + (i + 1) * 6 * 3_600_000;
    await app.services.activity.editing.create(
      host,
      CreateActivityInput.parse({
        title: `Builders night ${i + 1}`,
        description: 'Talks and drinks',
        category: 'meetup',
        startsAt: new Date(start).toISOString(),
        endsAt: new Date(start + 3 * 3_600_000).toISOString(),
        timezone: 'Asia/Taipei',
        city: 'Taipei',
        address: 'No. 7, Xinyi Rd',
        capacity: 50,
        publish: true,
      }),
    );
  }
  await app.listen({ port: PORT, host: '127.0.0.1' });
  process.send?.({ base: `http://127.0.0.1:${PORT}`, people });
  process.on('disconnect', () => process.exit(0));
}

function start(unfair: boolean): Promise<{ child: ChildProcess; base: string; people: Person[] }> {
  const child = fork(new URL(import.meta.url).pathname, ['--serve', unfair ? 'unfair' : 'fair'], {
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.once('message', (message) => resolve({ child, ...(message as { base: string; people: Person[] }) }));
    child.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
  });
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

/** Transfers, four at a time, until `seconds` pass; latencies of those that answered 200, and the rest. */
async function pay(base: string, people: Person[], seconds: number) {
  const latencies: number[] = [];
  let timedOut = 0;
  let failed = 0;
  let n = 0;
  const until = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: PAYMENT_CONCURRENCY }, async () => {
      while (performance.now() < until) {
        const i = n++;
        const from = people[i % people.length]!;
        const to = people[(i + 1) % people.length]!;
        const t0 = performance.now();
        try {
          const response = await fetch(`${base}${API_BASE}/wallet/transfer`, {
            method: 'POST',
            headers: { token: from.token, 'content-type': 'application/json' },
            body: JSON.stringify({
              asset: 'USDT',
              amount: '0.01',
              to: String(to.uid),
              tradePassword: from.trade,
              idempotencyKey: `fair-${Date.now()}-${i}`,
            }),
            signal: AbortSignal.timeout(TIMEOUT_MS),
          });
          const body = (await response.json()) as { status: number };
          if (body.status === 200) latencies.push(performance.now() - t0);
          else failed++;
        } catch {
          timedOut++;
        }
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  const all = latencies.length + timedOut + failed;
  return {
    payments: all,
    p50: percentile(latencies, 50),
    p95: timedOut / all > 0.05 ? Number.POSITIVE_INFINITY : percentile(latencies, 95),
    max: latencies.at(-1) ?? 0,
    timedOut,
    failed,
  };
}

async function measure(unfair: boolean) {
  const { child, base, people } = await start(unfair);
  try {
    const quiet = await pay(base, people, Math.min(5, SECONDS));
    const readers = autocannon({
      connections: READERS,
      duration: SECONDS + 2,
      requests: [
        { method: 'GET', path: `${API_BASE}/activity/list?limit=20` },
        { method: 'GET', path: `${API_BASE}/wallet/records?limit=20`, headers: { token: people[0]!.token } },
      ],
      url: base,
    });
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const crowded = await pay(base, people, SECONDS);
    const reads = await readers;
    return { quiet, crowded, readsPerSecond: reads.requests.total / reads.duration, readP99: reads.latency.p99 };
  } finally {
    child.kill();
  }
}

if (process.argv.includes('--serve')) {
  await serve(process.argv.includes('unfair'));
} else {
  const rows = [
    { queue: 'PGlite first come, first served', ...(await measure(true)) },
    { queue: 'fair gate (writes first)', ...(await measure(false)) },
  ];
  const ms = (value: number) => (Number.isFinite(value) ? value.toFixed(0) : '>15000');
  console.log(`\n${READERS} readers for ${SECONDS} s, payments ${PAYMENT_CONCURRENCY} at a time, PGlite`);
  console.log(
    'queue                            readers  payments  p50 ms  p95 ms  max ms  timed out  reads/s  read p99 ms',
  );
  for (const row of rows) {
    for (const [label, figures] of [
      ['none', row.quiet],
      [String(READERS), row.crowded],
    ] as const) {
      console.log(
        `${row.queue.padEnd(32)} ${label.padStart(7)} ${String(figures.payments).padStart(9)} ${ms(figures.p50).padStart(7)} ${ms(figures.p95).padStart(7)} ${ms(figures.max).padStart(7)} ${String(figures.timedOut).padStart(10)} ${label === 'none' ? '' : row.readsPerSecond.toFixed(0).padStart(8)} ${label === 'none' ? '' : String(row.readP99).padStart(12)}`,
      );
    }
  }
  const fair = rows[1]!.crowded;
  console.log(`\ntarget: a transfer's p95 ≤ 1000 ms under the readers — ${fair.p95 <= 1000 ? 'met' : 'NOT met'}`);
}
