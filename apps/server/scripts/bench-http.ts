// HTTP throughput and latency of the app against bare Fastify, in one run, on PGlite and (with DATABASE_URL)
// on PostgreSQL:   npm run bench:http [-- --duration 10 --rounds 3 --connections 64 --port 18600]
// Every figure is printed beside a baseline measured in the same round, because a shared machine's absolute
// numbers move with its load; the ratios are what to compare between runs.
import { type ChildProcess, fork } from 'node:child_process';
import { API_BASE } from '@polaris/contract';
import autocannon from 'autocannon';
import pg from 'pg';
import type { Targets } from './bench-http-targets.ts';
import { flags } from './operator.ts';

const args = flags(process.argv.slice(2));
const DURATION = Number(args.duration ?? 10);
const ROUNDS = Number(args.rounds ?? 3);
const CONNECTIONS = Number(args.connections ?? 64);
const PORT = Number(args.port ?? 18600);
/** Comma-separated names to measure (their baselines come along), e.g. `--only /app/config`. */
const ONLY = args.only?.split(',');

interface Measure {
  name: string;
  url: (targets: Targets) => string;
  /** What this row is divided by, measured in the same round. */
  baseline?: string;
  /** Further rows of the same round it is divided by, printed below the table. */
  also?: string[];
  /** Refuse to measure a wrong answer: the envelope must be a success with this many items. */
  items?: (attachment: Record<string, unknown[]>) => number;
  expected?: number;
}

const list = `${API_BASE}/activity/list?limit=20`;
const explore = `${API_BASE}/activity/explore`;
const ALL_MEASURES: Measure[] = [
  { name: 'bare hello', url: (t) => t.hello },
  // `/app/config`'s bytes from bare Fastify with our security headers, then with our compression plugin too.
  { name: 'bare+headers', url: (t) => `${t.headers}${API_BASE}/app/config`, baseline: 'bare hello' },
  {
    name: 'bare+headers+compress',
    url: (t) => `${t.headersCompressed}${API_BASE}/app/config`,
    baseline: 'bare+headers',
  },
  { name: 'bare select 20', url: (t) => t.select },
  {
    name: '/app/config',
    url: (t) => `${t.app}${API_BASE}/app/config`,
    baseline: 'bare+headers',
    also: ['bare+headers+compress', 'bare hello'],
  },
  {
    name: 'list 20 of 60',
    url: (t) => `${t.app}${list}`,
    baseline: 'bare select 20',
    items: (a) => a.items!.length,
    expected: 20,
  },
  {
    name: 'list, cache off',
    url: (t) => `${t.uncached}${list}`,
    baseline: 'bare select 20',
    items: (a) => a.items!.length,
    expected: 20,
  },
  {
    name: 'explore',
    url: (t) => `${t.app}${explore}`,
    baseline: 'list 20 of 60',
    items: (a) => a.featured!.length,
    expected: 10,
  },
  {
    name: 'explore, cache off',
    url: (t) => `${t.uncached}${explore}`,
    baseline: 'list, cache off',
    items: (a) => a.featured!.length,
    expected: 10,
  },
];

const wanted = (name: string): boolean =>
  !ONLY ||
  ONLY.includes(name) ||
  ALL_MEASURES.some((m) => (m.baseline === name || m.also?.includes(name)) && wanted(m.name));
const ALL_WANTED = ALL_MEASURES.filter((measure) => wanted(measure.name));

interface Sample {
  perSecond: number;
  p50: number;
  p99: number;
  failed: number;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

async function load(url: string, seconds: number): Promise<Sample> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: seconds });
  return {
    perSecond: result.requests.total / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    failed: result.non2xx + result.errors + result.timeouts,
  };
}

async function check(measure: Measure, url: string) {
  const response = await fetch(url);
  const body = (await response.json()) as { status?: number; attachment?: Record<string, unknown[]> };
  if (measure.items && (body.status !== 200 || measure.items(body.attachment!) !== measure.expected)) {
    throw new Error(`${measure.name}: unexpected answer ${JSON.stringify(body).slice(0, 300)}`);
  }
}

function startTargets(env: Record<string, string>): Promise<{ child: ChildProcess; targets: Targets }> {
  const child = fork(new URL('./bench-http-targets.ts', import.meta.url).pathname, ['--serve'], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.once('message', (targets) => resolve({ child, targets: targets as Targets }));
    child.once('exit', (code) => reject(new Error(`bench targets exited with ${code}`)));
  });
}

async function bench(label: string, env: Record<string, string>, first: boolean) {
  console.log(`\n${label}: seeding ${60} activities…`);
  const { child, targets } = await startTargets(env);
  const MEASURES = ALL_WANTED;
  if (first) hookCosts.push(...targets.hookCosts);
  try {
    for (const measure of MEASURES) {
      await check(measure, measure.url(targets));
      await load(measure.url(targets), 2); // warm-up: JIT, connection pools, caches
    }
    const samples = new Map<string, Sample[]>(MEASURES.map((m) => [m.name, []]));
    const ratios = new Map<string, number[]>(MEASURES.map((m) => [m.name, []]));
    /** `row ÷ other` per round, for the `also` pairs. */
    const extra = new Map<string, number[]>();
    for (let round = 1; round <= ROUNDS; round++) {
      const thisRound = new Map<string, Sample>();
      for (const measure of MEASURES) {
        const sample = await load(measure.url(targets), DURATION);
        thisRound.set(measure.name, sample);
        samples.get(measure.name)!.push(sample);
        if (measure.baseline) {
          ratios.get(measure.name)!.push(sample.perSecond / thisRound.get(measure.baseline)!.perSecond);
        }
        for (const other of measure.also ?? []) {
          const key = `${measure.name} ÷ ${other}`;
          extra.set(key, [...(extra.get(key) ?? []), sample.perSecond / thisRound.get(other)!.perSecond]);
        }
      }
      console.log(`  round ${round}/${ROUNDS} done`);
    }
    for (const [pair, values] of extra) extraRatios.push({ database: label, pair, ratio: median(values) });
    return MEASURES.map((measure) => {
      const all = samples.get(measure.name)!;
      return {
        database: label,
        name: measure.name,
        perSecond: median(all.map((s) => s.perSecond)),
        p50: median(all.map((s) => s.p50)),
        p99: median(all.map((s) => s.p99)),
        failed: all.reduce((sum, s) => sum + s.failed, 0),
        ratio: measure.baseline ? median(ratios.get(measure.name)!) : null,
        baseline: measure.baseline ?? '',
      };
    });
  } finally {
    child.kill();
  }
}

const extraRatios: { database: string; pair: string; ratio: number }[] = [];
const hookCosts: Targets['hookCosts'] = [];
const rows = [...(await bench('PGlite', { BENCH_PORT: String(PORT) }, true))];

if (process.env.DATABASE_URL) {
  const name = `polaris_bench_http_${Date.now()}`;
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(process.env.DATABASE_URL);
  url.pathname = `/${name}`;
  try {
    rows.push(
      ...(await bench('PostgreSQL', { BENCH_PORT: String(PORT + 20), BENCH_DATABASE_URL: url.toString() }, false)),
    );
  } finally {
    await admin.query(`DROP DATABASE ${name} WITH (FORCE)`);
    await admin.end();
  }
}

console.log(
  `\n${CONNECTIONS} connections, ${DURATION} s per measurement, median of ${ROUNDS} rounds; ratio = req/s ÷ the baseline's req/s in the same round`,
);
console.log('database    what                     req/s   p50 ms   p99 ms   ratio  of                     failed');
for (const row of rows) {
  const ratio = row.ratio === null ? '' : `${(row.ratio * 100).toFixed(0)} %`;
  console.log(
    `${row.database.padEnd(11)} ${row.name.padEnd(22)} ${row.perSecond.toFixed(0).padStart(7)} ${row.p50.toFixed(0).padStart(8)} ${row.p99.toFixed(0).padStart(8)} ${ratio.padStart(7)}  ${row.baseline.padEnd(22)} ${String(row.failed).padStart(6)}`,
  );
}
for (const { database, pair, ratio } of extraRatios) {
  console.log(`${database.padEnd(11)} ${pair}: ${(ratio * 100).toFixed(0)} %`);
}
// The per-hook breakdown (bench-http-targets.ts `costPerRequest`): µs per request in-process, each step adding one
// piece of the pipeline to bare Fastify with the headers; the difference to the step before is that piece's cost.
if (hookCosts.length > 0) {
  console.log('\nper-hook breakdown: µs per request through inject (no socket), fastest of 5 rounds of 4,000');
  let before = hookCosts[0]!.micros;
  for (const { name, micros } of hookCosts) {
    console.log(
      `  ${name.padEnd(24)} ${micros.toFixed(1).padStart(6)} µs   ${(micros - before >= 0 ? '+' : '') + (micros - before).toFixed(1)} µs`,
    );
    before = micros;
  }
}
// The goal (issue 32): our no-database route at 70 % or more of a bare Fastify route with the same headers.
for (const row of rows.filter((r) => r.name === '/app/config' && r.ratio !== null)) {
  console.log(
    `${row.database.padEnd(11)} /app/config runs at ${(row.ratio! * 100).toFixed(0)} % of a bare route with the same headers (goal ≥ 70 %)`,
  );
}
