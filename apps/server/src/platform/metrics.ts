import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { translate } from '@polaris/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { DatabaseUsage } from '../db/client.ts';
import { runInContext } from './context.ts';
import { requestLanguage } from './locale.ts';
import type { RealtimeBus } from './realtime.ts';

/**
 * Prometheus metrics of one app (docs/metrics.md). Every app has a registry of its own, never prom-client's
 * global one: tests build many apps in one process, and a module-level registry would mix their counts.
 *
 * Counted as things happen: HTTP requests, worker runs, ledger entries, mail sends, chat fan-out. Read when
 * Prometheus scrapes: the database pool, WebSocket connections, job backlogs (one bounded query per queue).
 */
export class Metrics {
  readonly registry = new Registry();
  private readonly httpRequests: Counter<'route' | 'method' | 'status' | 'business'>;
  private readonly httpDuration: Histogram<'route' | 'method' | 'status'>;
  private readonly workerRuns: Counter<'worker' | 'outcome'>;
  private readonly workerDuration: Histogram<'worker'>;
  private readonly ledgerEntries: Counter<'kind'>;
  private readonly chainUnexplained: Gauge<'chain' | 'asset'>;
  private readonly hotCoins: Gauge<'chain' | 'asset' | 'level'>;
  private readonly hotBelowTarget: Gauge<'chain' | 'asset'>;
  private readonly mailSends: Counter<'outcome'>;
  private readonly fanOutLag: Histogram;
  private readonly backlogs = new Map<string, () => Promise<number>>();
  private database: (() => DatabaseUsage | undefined) | null = null;
  private sockets: (() => number) | null = null;
  /** Where the metrics port listens, once it does (serveMetrics). */
  address: () => AddressInfo | null = () => null;

  constructor(private readonly now: () => Date = () => new Date()) {
    const registers = [this.registry];
    this.httpRequests = new Counter({
      name: 'polaris_http_requests_total',
      help: 'HTTP requests answered, by route pattern, method, HTTP status and the envelope status ("none" without one)',
      labelNames: ['route', 'method', 'status', 'business'],
      registers,
    });
    this.httpDuration = new Histogram({
      name: 'polaris_http_request_duration_seconds',
      help: 'Time from receiving a request to answering it',
      labelNames: ['route', 'method', 'status'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    });
    this.workerRuns = new Counter({
      name: 'polaris_worker_runs_total',
      help: 'Background worker runs on this process, by worker and outcome (ok or failed)',
      labelNames: ['worker', 'outcome'],
      registers,
    });
    this.workerDuration = new Histogram({
      name: 'polaris_worker_run_duration_seconds',
      help: 'How long one run of a background worker took',
      labelNames: ['worker'],
      buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 15, 60],
      registers,
    });
    this.ledgerEntries = new Counter({
      name: 'polaris_ledger_entries_total',
      help: 'Journal entries posted by this process, by kind (counted when written in their transaction)',
      labelNames: ['kind'],
      registers,
    });
    this.hotCoins = new Gauge({
      name: 'polaris_chain_hot_coins',
      help: 'Per chain and asset with a hot wallet target, in whole coins: level="available" (held less owed to withdrawals), "target", "ceiling"',
      labelNames: ['chain', 'asset', 'level'],
      registers,
    });
    this.hotBelowTarget = new Gauge({
      name: 'polaris_chain_hot_below_target',
      help: 'Per chain and asset, 1 while the hot wallet holds less than its target (an operator refills it), else 0',
      labelNames: ['chain', 'asset'],
      registers,
    });
    this.mailSends = new Counter({
      name: 'polaris_mail_sends_total',
      help: 'Queued mail send attempts: sent, retried (failed, will be tried again) or failed (gave up)',
      labelNames: ['outcome'],
      registers,
    });
    this.fanOutLag = new Histogram({
      name: 'polaris_chat_fanout_lag_seconds',
      help: "From a chat message's creation to its fan-out to this process's sockets",
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
      registers,
    });
    this.chainUnexplained = new Gauge({
      name: 'polaris_chain_unexplained_units',
      help: 'Per chain and asset, what the chain holds less what the records say it should and what explains it, in the chain base units of the last reconciliation (0: all accounted for)',
      labelNames: ['chain', 'asset'],
      registers,
    });
    const backlog = new Gauge({
      name: 'polaris_job_backlog',
      help: 'Jobs due and not done, by queue (counted at scrape, at most 10,000)',
      labelNames: ['queue'],
      registers,
      collect: async () => {
        backlog.reset();
        // One count at a time (a scrape takes one connection of the pool), 2 s for all of them: a database out of
        // reach leaves the queues not counted by then out of the scrape rather than failing or stalling it.
        const deadline = Date.now() + 2000;
        for (const [queue, count] of this.backlogs) {
          const left = deadline - Date.now();
          if (left <= 0) break;
          const value = await withTimeout(count(), left).catch(() => null);
          if (value !== null) backlog.set({ queue }, value);
        }
      },
    });
    const pool = new Gauge({
      name: 'polaris_db_pool_connections',
      help: 'PostgreSQL pool connections, by state (idle or busy)',
      labelNames: ['state'],
      registers,
      collect: () => {
        const usage = this.database?.();
        if (usage?.kind !== 'postgres') return;
        pool.set({ state: 'idle' }, usage.idle);
        pool.set({ state: 'busy' }, usage.total - usage.idle);
      },
    });
    const poolMax = new Gauge({
      name: 'polaris_db_pool_max',
      help: 'The most connections the PostgreSQL pool opens',
      registers,
      collect: () => {
        const usage = this.database?.();
        if (usage?.kind === 'postgres') poolMax.set(usage.max);
      },
    });
    const poolWaiting = new Gauge({
      name: 'polaris_db_pool_waiting',
      help: 'Queries waiting for a PostgreSQL connection (all of the pool busy)',
      registers,
      collect: () => {
        const usage = this.database?.();
        if (usage?.kind === 'postgres') poolWaiting.set(usage.waiting);
      },
    });
    const gateWaiting = new Gauge({
      name: 'polaris_db_gate_waiting',
      help: 'Embedded database (PGlite) calls waiting for their turn, by lane (read or write)',
      labelNames: ['lane'],
      registers,
      collect: () => {
        const usage = this.database?.();
        if (usage?.kind !== 'pglite') return;
        gateWaiting.set({ lane: 'read' }, usage.waiting.read);
        gateWaiting.set({ lane: 'write' }, usage.waiting.write);
      },
    });
    const sockets = new Gauge({
      name: 'polaris_ws_connections',
      help: 'Open chat WebSocket connections on this process',
      registers,
      collect: (): void => sockets.set(this.sockets?.() ?? 0),
    });
  }

  /** The process's own metrics (CPU, memory, event loop, GC): only where they are served, once per app. */
  collectProcessMetrics(): void {
    collectDefaultMetrics({ register: this.registry });
  }

  watchDatabase(usage: () => DatabaseUsage | undefined): void {
    this.database = usage;
  }

  /** Where the hot wallet stands against its target and ceiling on a chain (modules/chain/hot-cold.ts), whole coins. */
  hotWallet(
    chain: string,
    asset: string,
    level: { available: number; target: number; ceiling: number | undefined; below: boolean },
  ): void {
    this.hotCoins.set({ chain, asset, level: 'available' }, level.available);
    this.hotCoins.set({ chain, asset, level: 'target' }, level.target);
    if (level.ceiling !== undefined) this.hotCoins.set({ chain, asset, level: 'ceiling' }, level.ceiling);
    this.hotBelowTarget.set({ chain, asset }, level.below ? 1 : 0);
  }

  /** The last reconciliation's unexplained difference of a chain and asset (modules/chain/reconcile.service.ts). */
  chainReconciled(chain: string, asset: string, unexplained: bigint): void {
    this.chainUnexplained.set({ chain, asset }, Number(unexplained));
  }

  watchSockets(count: () => number): void {
    this.sockets = count;
  }

  /** A queue's backlog, read at scrape: `count` must be a bounded query. */
  watchBacklog(queue: string, count: () => Promise<number>): void {
    this.backlogs.set(queue, count);
  }

  request(route: string, method: string, status: number, business: string, seconds: number): void {
    const statusText = String(status);
    this.httpRequests.inc({ route, method, status: statusText, business });
    this.httpDuration.observe({ route, method, status: statusText }, seconds);
  }

  workerRun(worker: string, outcome: 'ok' | 'failed', seconds: number): void {
    this.workerRuns.inc({ worker, outcome });
    this.workerDuration.observe({ worker }, seconds);
  }

  ledgerEntry(kind: string, count = 1): void {
    this.ledgerEntries.inc({ kind }, count);
  }

  mail(outcome: 'sent' | 'retried' | 'failed'): void {
    this.mailSends.inc({ outcome });
  }

  /**
   * The bus as the chat hub sees it, timing each message event when this process has written it to its
   * subscribers (or queued it behind their catch-up). Reads `createdAt`, the message's last field, without
   * parsing the payload a second time.
   */
  timedBus(bus: RealtimeBus): RealtimeBus {
    const observe = (payload: string) => {
      if (!payload.startsWith('{"type":"message"')) return;
      const at = payload.lastIndexOf('"createdAt":"');
      if (at < 0) return;
      const created = Date.parse(payload.slice(at + 13, payload.indexOf('"', at + 13)));
      if (Number.isFinite(created)) this.fanOutLag.observe(Math.max(0, this.now().getTime() - created) / 1000);
    };
    return {
      publish: (channel, payload) => bus.publish(channel, payload),
      subscribe: (channel, handler) =>
        bus.subscribe(channel, (payload) => {
          handler(payload);
          observe(payload);
        }),
      close: () => bus.close(),
    };
  }

  async text(): Promise<string> {
    return this.registry.metrics();
  }
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timed out')), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

const BUSINESS = Symbol('envelope status');
type WithBusiness = FastifyRequest & { [BUSINESS]?: number };

/**
 * The envelope status of an answer sent already serialised (the router's cached answers), which the
 * preSerialization hook never sees.
 */
export function noteEnvelopeStatus(request: FastifyRequest, status: number): void {
  (request as WithBusiness)[BUSINESS] = status;
}

/** The envelope status as a label: one of a handful of integers, or "none" for what is not an envelope. */
function businessLabel(status: number | undefined): string {
  return status !== undefined && Number.isInteger(status) && status >= 0 && status <= 99_999 ? String(status) : 'none';
}

/**
 * Per request: the app's context for the handler and all it calls (the ledger's counter, the request id in log
 * lines), and, where metrics are served, the request counted by route pattern (never the raw URL, so the
 * number of series stays bounded), method, HTTP status and envelope status, with its latency.
 */
export function instrumentRequests(app: FastifyInstance, metrics: Metrics, options: { count: boolean }): void {
  app.addHook('preHandler', (request, _reply, done) => runInContext({ metrics, reqId: request.id }, done));
  if (!options.count) return;
  app.addHook('preSerialization', (request, _reply, payload, done) => {
    const status = (payload as { status?: unknown } | null)?.status;
    if (typeof status === 'number') (request as WithBusiness)[BUSINESS] = status;
    done(null, payload);
  });
  app.addHook('onResponse', (request, reply, done) => {
    metrics.request(
      request.routeOptions.url ?? 'unmatched',
      request.method,
      reply.statusCode,
      businessLabel((request as WithBusiness)[BUSINESS]),
      reply.elapsedTime / 1000,
    );
    done();
  });
}

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Whether an Authorization header carries the bearer token (compared in constant time). */
function bearerMatches(header: string | undefined, token: string): boolean {
  if (!header?.startsWith('Bearer ')) return false;
  return timingSafeEqual(digest(header.slice(7).trim()), digest(token));
}

export interface MetricsEndpoints {
  /** METRICS_PORT: a listener of its own, on METRICS_HOST (loopback unless told otherwise). */
  port: number | undefined;
  host: string;
  /** METRICS_TOKEN: asked for on the metrics port too, and serves `/metrics` on the main port. */
  token: string | undefined;
}

/**
 * Serves the registry where it was asked for, and nowhere else: on a port of its own (started when the app is
 * ready, closed with it) and/or at `/metrics` on the main port behind the bearer token. With neither, nothing
 * is served and the process metrics are not collected. Answers whether they are served anywhere.
 */
export function serveMetrics(app: FastifyInstance, metrics: Metrics, endpoints: MetricsEndpoints): boolean {
  const { port, host, token } = endpoints;
  if (port === undefined && token === undefined) return false;
  metrics.collectProcessMetrics();
  if (token !== undefined) {
    app.get('/metrics', async (request, reply) => {
      if (!bearerMatches(request.headers.authorization, token)) {
        const msg = translate(requestLanguage(request), 'http.401');
        return reply.code(401).header('www-authenticate', 'Bearer').send({ status: 401, msg, attachment: null });
      }
      return reply.type(metrics.registry.contentType).send(await metrics.text());
    });
  }
  if (port === undefined) return true;
  const server: Server = createServer((request, response) => {
    const path = (request.url ?? '').split('?')[0];
    if (path !== '/metrics' || (request.method !== 'GET' && request.method !== 'HEAD')) {
      response.writeHead(404).end();
      return;
    }
    if (token !== undefined && !bearerMatches(request.headers.authorization, token)) {
      response.writeHead(401, { 'www-authenticate': 'Bearer' }).end();
      return;
    }
    metrics.text().then(
      (body) => response.writeHead(200, { 'content-type': metrics.registry.contentType }).end(body),
      (error: unknown) => {
        app.log.error({ err: error }, 'metrics scrape failed');
        response.writeHead(500).end();
      },
    );
  });
  app.addHook('onReady', async () => {
    await new Promise<void>((resolve, reject) => {
      server.once('error', (error) =>
        reject(new Error(`METRICS_PORT: cannot listen on ${host}:${port} (${(error as Error).message})`)),
      );
      server.listen(port, host, () => resolve());
    });
    app.log.info({ address: server.address() }, 'metrics served');
  });
  app.addHook('onClose', async () => {
    if (!server.listening) return;
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeAllConnections();
    await closed;
  });
  metrics.address = () => (server.listening ? (server.address() as AddressInfo) : null);
  return true;
}
