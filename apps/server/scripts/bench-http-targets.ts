// The servers that `npm run bench:http` loads, started in a child process so the load generator does not
// share their event loop: a bare Fastify hello-world; bare Fastify routes answering `/app/config`'s own bytes
// with the app's security headers, then with its compression plugin too; a bare Fastify route with one plain
// SELECT of the same 20 activities; and the real app (with and without its discovery cache) on a database
// seeded with 60 activities through the real services. Reports the addresses to the parent over IPC.
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import rateLimit from '@fastify/rate-limit';
import { API_BASE, AppConfigOutput, CreateActivityInput, EmptyInput } from '@polaris/contract';
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import pg from 'pg';
import { buildApp } from '../src/app.ts';
import { type Config, loadConfig } from '../src/config.ts';
import { type DatabaseHandle, openDatabase } from '../src/db/client.ts';
import { users } from '../src/db/schema/index.ts';
import { installCompression } from '../src/platform/compression.ts';
import { DEFAULT_CORS_ORIGINS, installCors } from '../src/platform/cors.ts';
import { installErrorHandling } from '../src/platform/envelope-errors.ts';
import { loggerOptions, logRequests, requestIdOptions } from '../src/platform/logging.ts';
import { instrumentRequests, Metrics } from '../src/platform/metrics.ts';
import { Router } from '../src/platform/router.ts';
import { installNoStore, installSecurityHeaders } from '../src/platform/security-headers.ts';
import { type SessionUser, sessionAuthenticator } from '../src/platform/session.ts';
import { MemoryNonceStore } from '../src/platform/signed-requests.ts';

const HOUR = 3_600_000;
export const ACTIVITIES = 60;
const GUESTS = 8;

/** What the bare baseline reads: the first page of the list, straight from the table, nothing else. */
const BARE_SELECT = `select * from activities where status = 'published' and visibility = 'public' and ends_at > now()
  order by starts_at, id limit 20`;

async function seed(app: Awaited<ReturnType<typeof buildApp>>, database: DatabaseHandle) {
  const person = async (name: string) => {
    const [row] = await database.db
      .insert(users)
      .values({ email: `${name}@bench.local`, passwordHash: 'x', inviteCode: name.toUpperCase(), uname: name })
      .returning();
    return { id: row!.id, uid: row!.uid, uuid: row!.uuid, email: row!.email, sessionId: 0, signingKey: null };
  };
  const host = await person('benchhost');
  const guests: SessionUser[] = [];
  for (let i = 0; i < GUESTS; i++) guests.push(await person(`benchguest${i}`));
  const { editing, signups } = app.services.activity;
  const now = Date.now();
  for (let i = 0; i < ACTIVITIES; i++) {
    // Spread over 15 days, so "this week" holds some; a third priced, a fifth featured, guests on the free ones.
    const start = now + (i + 1) * 6 * HOUR;
    const created = await editing.create(
      host,
      CreateActivityInput.parse({
        title: `Builders night ${i + 1}`,
        description: 'Talks and drinks',
        category: ['meetup', 'web3', 'tech', 'workshop'][i % 4],
        startsAt: new Date(start).toISOString(),
        endsAt: new Date(start + 3 * HOUR).toISOString(),
        timezone: 'Asia/Taipei',
        city: i % 2 === 0 ? 'Taipei' : 'Hong Kong',
        address: 'No. 7, Xinyi Rd',
        capacity: 50,
        publish: true,
        ...(i % 3 === 0 ? { ticketTypes: [{ name: 'Standard', price: '5', asset: 'USDT' }] } : {}),
      }),
    );
    if (i % 5 === 0) await editing.setMarketing(host.id, { activityId: created.id, featured: true });
    if (i % 3 !== 0) {
      for (const guest of guests.slice(0, i % GUESTS)) {
        await signups.signUp(guest, { activityId: created.id, answers: {} });
      }
    }
  }
}

async function bareHello(port: number) {
  const app = Fastify({ logger: false });
  app.get('/', async () => ({ hello: 'world' }));
  await app.listen({ port, host: '127.0.0.1' });
  return app;
}

/**
 * What a bare Fastify route costs with what every answer of ours carries: the same security headers (the app's own
 * helmet settings) and, with `compressed`, the same compression plugin. It answers the bytes `/app/config` answers,
 * at the same path (compression applies to API paths only), so the two differ only by our pipeline.
 */
async function bareWithHeaders(port: number, body: string, compressed: boolean) {
  const config = loadConfig({ DATA_DIR: tmpdir() });
  const app = Fastify({ logger: false });
  installSecurityHeaders(app, config);
  if (compressed) await installCompression(app);
  app.get(`${API_BASE}/app/config`, async (_request, reply) => {
    reply.type('application/json; charset=utf-8');
    return body;
  });
  await app.listen({ port, host: '127.0.0.1' });
  return app;
}

/**
 * The per-hook breakdown: bare Fastify with the security headers, then the app's request pipeline added one piece
 * at a time, each step keeping the ones before it (the same installers the app calls, in the app's order), ending
 * with `/app/config`'s route behind the router. Each answers `/app/config`'s bytes at its path, so the difference
 * between two steps is what the added piece costs a request. Metrics are counted only where the app is told where
 * to serve them (METRICS_PORT or METRICS_TOKEN), which the bench's app is not: the metrics step is the request
 * context alone, as in the app measured beside it.
 */
export const PIPELINE_STEPS = [
  '+id, access log',
  '+metrics context',
  '+errors, CORS',
  '+compression',
  '+rate-limit plugin',
  '+no-store',
  '+router',
] as const;

async function pipelineStep(port: number, config: Config, answer: unknown, body: string, upTo: number) {
  const has = (step: (typeof PIPELINE_STEPS)[number]) => PIPELINE_STEPS.indexOf(step) < upTo;
  const quiet = new Writable({ write: (_chunk, _encoding, done) => done() });
  const app: FastifyInstance = Fastify(
    has('+id, access log')
      ? {
          logger: loggerOptions('info', quiet),
          ...requestIdOptions,
          logController: new LogController({ disableRequestLogging: true }),
        }
      : { logger: false },
  );
  if (has('+id, access log')) logRequests(app);
  if (has('+metrics context')) instrumentRequests(app, new Metrics(), { count: false });
  if (has('+errors, CORS')) installErrorHandling(app);
  installSecurityHeaders(app, config);
  if (has('+errors, CORS')) await installCors(app, DEFAULT_CORS_ORIGINS);
  if (has('+compression')) await installCompression(app);
  if (has('+rate-limit plugin')) await app.register(rateLimit, { global: false });
  const router = new Router(
    app,
    sessionAuthenticator(async () => null),
    {
      rateLimit: true,
      rateLimitMultiplier: 1000,
      nonces: new MemoryNonceStore(),
      now: () => new Date(),
      regionBlocked: () => false,
      secondFactor: async () => null,
      moneyOut: async () => undefined,
    },
  );
  if (has('+no-store')) installNoStore(app, router.routes);
  if (has('+router')) {
    const frozen = Object.freeze(answer);
    router.route({
      method: 'GET',
      path: '/app/config',
      summary: 'bench',
      tags: [],
      auth: 'public',
      rateLimit: false,
      input: EmptyInput,
      output: AppConfigOutput,
      handler: async () => frozen as never,
    });
  } else {
    app.get(`${API_BASE}/app/config`, async (_request, reply) => {
      reply.type('application/json; charset=utf-8');
      return body;
    });
  }
  await app.listen({ port, host: '127.0.0.1' });
  return app;
}

/**
 * The per-hook breakdown in microseconds: each step of the ladder answers `/app/config` through `inject` (the whole
 * pipeline without the socket), one request after another, in rounds that go through every step in turn; a step's
 * cost is its fastest round. The client shares no core with the server here, so this moves far less with the
 * machine's load than the req/s of the same steps under autocannon.
 */
async function costPerRequest(ladder: { name: string; app: FastifyInstance }[], requests = 4000, rounds = 5) {
  const best = new Map<string, number>(ladder.map((step) => [step.name, Number.POSITIVE_INFINITY]));
  // Round 0 warms every step up (JIT) and is not counted.
  for (let round = 0; round <= rounds; round++) {
    for (const { name, app } of ladder) {
      const started = process.hrtime.bigint();
      for (let i = 0; i < requests; i++) {
        await app.inject({ method: 'GET', url: `${API_BASE}/app/config` });
        // inject's null socket finishes each write in a setImmediate; a loop of awaits alone never lets them run,
        // so 30,000 requests kept ~400 MB of finished requests alive and the whole app (the largest heap) paid
        // for it in garbage collection: 600 µs a request where a server between socket reads pays 250.
        if (i % 50 === 49) await new Promise<void>((resolve) => setImmediate(resolve));
      }
      const micros = Number(process.hrtime.bigint() - started) / 1000 / requests;
      if (round > 0) best.set(name, Math.min(best.get(name)!, micros));
    }
  }
  return ladder.map(({ name }) => ({ name, micros: best.get(name)! }));
}

/** The driver itself (PGlite's client, or a pg pool of the app's size), no ORM. */
async function bareSelect(port: number, database: DatabaseHandle, databaseUrl: string | undefined) {
  const pool = databaseUrl ? new pg.Pool({ connectionString: databaseUrl, max: 10 }) : null;
  const run = pool ? () => pool.query(BARE_SELECT) : () => database.pglite!.query(BARE_SELECT);
  const app = Fastify({ logger: false });
  app.get('/', async () => ({ items: (await run()).rows }));
  app.addHook('onClose', async () => pool?.end());
  await app.listen({ port, host: '127.0.0.1' });
  return app;
}

async function realApp(port: number, database: DatabaseHandle, env: Record<string, string>) {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'polaris-bench-http-'));
  const config = {
    // The shipped defaults (log level info, rate limits on), with limits scaled so the load is not refused.
    ...loadConfig({ DATA_DIR: dataDir, RATE_LIMIT_MULTIPLIER: '1000', ...env }),
    backgroundWorkers: false,
  };
  // Logs go where a production server's go, stdout (this process's stdout is /dev/null).
  const app = await buildApp({ config, database, webDistDir: path.join(dataDir, 'none') });
  await app.listen({ port, host: '127.0.0.1' });
  return app;
}

async function startTargets(options: { port: number; databaseUrl?: string }) {
  const database = options.databaseUrl
    ? await openDatabase({ kind: 'postgres', url: options.databaseUrl })
    : await openDatabase({ kind: 'pglite' });
  await database.migrate();
  const { port } = options;
  const app = await realApp(port + 2, database, {});
  await seed(app, database);
  await realApp(port + 3, database, { DISCOVERY_CACHE_MS: '0' });
  await bareHello(port);
  await bareSelect(port + 1, database, options.databaseUrl);
  const config = await app.inject({ method: 'GET', url: `${API_BASE}/app/config` });
  await bareWithHeaders(port + 5, config.body, true);
  const settings = loadConfig({ DATA_DIR: tmpdir() });
  const answer = (JSON.parse(config.body) as { attachment: unknown }).attachment;
  const ladder: { name: string; app: FastifyInstance }[] = [
    { name: 'bare+headers', app: await bareWithHeaders(port + 4, config.body, false) },
  ];
  for (let step = 1; step <= PIPELINE_STEPS.length; step++) {
    ladder.push({
      name: PIPELINE_STEPS[step - 1]!,
      app: await pipelineStep(port + 5 + step, settings, answer, config.body, step),
    });
  }
  ladder.push({ name: '/app/config (the app)', app });
  const hookCosts = process.env.PROF_OUT ? [] : await costPerRequest(ladder);
  const base = (p: number) => `http://127.0.0.1:${p}`;
  return {
    hello: `${base(port)}/`,
    select: `${base(port + 1)}/`,
    app: base(port + 2),
    uncached: base(port + 3),
    headers: base(port + 4),
    headersCompressed: base(port + 5),
    steps: PIPELINE_STEPS.map((_, i) => base(port + 6 + i)),
    hookCosts,
  };
}

export type Targets = Awaited<ReturnType<typeof startTargets>>;

// Started by bench-http.ts with fork(): serve until the parent goes away.
if (process.argv.includes('--serve')) {
  const port = Number(process.env.BENCH_PORT ?? 18600);
  const targets = await startTargets({ port, databaseUrl: process.env.BENCH_DATABASE_URL || undefined });
  process.send?.(targets);
  process.on('disconnect', () => process.exit(0));
}
