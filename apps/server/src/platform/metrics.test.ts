import { once } from 'node:events';
import { API_BASE } from '@polaris/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { createTestApp, type TestApp } from '../test/app.ts';
import { deposit } from '../test/wallet-fixtures.ts';
import { runInContext } from './context.ts';
import { enqueueMail, MailQueue } from './mail-queue.ts';
import { Metrics } from './metrics.ts';
import { MemoryBus } from './realtime.ts';
import { startWorker } from './worker.ts';

/** One sample of a scrape: the value of `name` on the line whose labels include `labels`. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = Object.fromEntries([...(match[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
    if (Object.entries(labels).every(([key, value]) => found[key] === value)) return Number(match[3]);
  }
  return undefined;
}

const TOKEN = 'metrics-token-0123456789abcdef';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

async function scrapeWithToken(app: TestApp): Promise<string> {
  const response = await app.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
  expect(response.statusCode).toBe(200);
  return response.body;
}

describe('the metrics port', () => {
  it('serves on loopback only, not on the main port, and shows requests by route pattern and status', async () => {
    t = await createTestApp({ env: { METRICS_PORT: '0' } });
    await t.app.ready();
    const address = t.app.metrics.address();
    expect(address?.address).toBe('127.0.0.1');
    const scrape = async () => {
      const response = await fetch(`http://127.0.0.1:${address!.port}/metrics`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
      return response.text();
    };

    // The public port has no such route.
    expect((await t.app.inject({ url: '/metrics' })).statusCode).toBe(404);
    expect((await fetch(`http://127.0.0.1:${address!.port}/`)).status).toBe(404);

    for (let i = 0; i < 3; i++) expect((await t.call('GET', '/app/config')).status).toBe(200);
    const invalid = await t.call('POST', '/client/lastest', { body: { deviceType: 'toaster' } });
    expect(invalid).toMatchObject({ http: 200, status: 400 });
    expect((await t.app.inject({ url: `${API_BASE}/no-such-route/secret-raw-path-1` })).statusCode).toBe(404);
    await t.app.inject({ url: `${API_BASE}/daogame/icons/secret-raw-name-2.svg` });

    const text = await scrape();
    const config = { route: `${API_BASE}/app/config`, method: 'GET', status: '200' };
    expect(sample(text, 'polaris_http_requests_total', { ...config, business: '200' })).toBe(3);
    expect(sample(text, 'polaris_http_request_duration_seconds_count', config)).toBe(3);
    expect(sample(text, 'polaris_http_request_duration_seconds_bucket', { ...config, le: '+Inf' })).toBe(3);
    expect(sample(text, 'polaris_http_request_duration_seconds_sum', config)).toBeGreaterThan(0);
    const refused = { route: `${API_BASE}/client/lastest`, method: 'POST', status: '200', business: '400' };
    expect(sample(text, 'polaris_http_requests_total', refused)).toBe(1);
    // The unknown route and the main port's `/metrics` above.
    expect(
      sample(text, 'polaris_http_requests_total', {
        route: 'unmatched',
        method: 'GET',
        status: '404',
        business: '404',
      }),
    ).toBe(2);
    expect(sample(text, 'polaris_http_requests_total', { route: `${API_BASE}/daogame/icons/:name` })).toBe(1);
    // The route's pattern, never the raw URL: the number of series stays bounded.
    expect(text).not.toContain('secret-raw');

    // The process's own metrics and the gauges read at scrape.
    expect(sample(text, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
    expect(sample(text, 'nodejs_eventloop_lag_seconds')).toBeDefined();
    expect(sample(text, 'polaris_ws_connections')).toBe(0);
    expect(sample(text, 'polaris_job_backlog', { queue: 'mail' })).toBe(0);
    if (t.database.kind === 'pglite') {
      expect(sample(text, 'polaris_db_gate_waiting', { lane: 'read' })).toBe(0);
      expect(sample(text, 'polaris_db_gate_waiting', { lane: 'write' })).toBe(0);
    } else {
      expect(sample(text, 'polaris_db_pool_max')).toBe(10);
      expect(sample(text, 'polaris_db_pool_waiting')).toBe(0);
      expect(sample(text, 'polaris_db_pool_connections', { state: 'idle' })).toBeGreaterThan(0);
    }

    await t.close();
    t = undefined;
    await expect(fetch(`http://127.0.0.1:${address!.port}/metrics`)).rejects.toThrow();
  });

  it('asks for the token on its own port too when one is set', async () => {
    t = await createTestApp({ env: { METRICS_PORT: '0', METRICS_TOKEN: TOKEN } });
    await t.app.ready();
    const url = `http://127.0.0.1:${t.app.metrics.address()!.port}/metrics`;
    expect((await fetch(url)).status).toBe(401);
    expect((await fetch(url, { headers: { authorization: 'Bearer wrong' } })).status).toBe(401);
    expect((await fetch(url, { headers: { authorization: `Bearer ${TOKEN}` } })).status).toBe(200);
  });

  it('is not served at all without a port or a token', async () => {
    t = await createTestApp();
    expect((await t.app.inject({ url: '/metrics' })).statusCode).toBe(404);
    expect(t.app.metrics.address()).toBeNull();
  });
});

describe('/metrics on the main port with METRICS_TOKEN', () => {
  it('refuses without the bearer token, or with a wrong one', async () => {
    t = await createTestApp({ env: { METRICS_TOKEN: TOKEN } });
    const none = await t.app.inject({ url: '/metrics' });
    expect(none.statusCode).toBe(401);
    expect(none.headers['www-authenticate']).toBe('Bearer');
    expect(none.json()).toMatchObject({ status: 401, attachment: null });
    expect(none.body).not.toContain('polaris_');
    for (const authorization of [`Bearer ${TOKEN}x`, TOKEN, `Basic ${TOKEN}`, 'Bearer ']) {
      expect((await t.app.inject({ url: '/metrics', headers: { authorization } })).statusCode).toBe(401);
    }
    await scrapeWithToken(t);
    const text = await scrapeWithToken(t);
    // The scrapes themselves: not envelopes, so no business status; the refusals are.
    expect(sample(text, 'polaris_http_requests_total', { route: '/metrics', status: '200', business: 'none' })).toBe(1);
    expect(sample(text, 'polaris_http_requests_total', { route: '/metrics', status: '401', business: '401' })).toBe(5);
  });

  it('counts ledger entries by kind, posted in a request', async () => {
    t = await createTestApp({ env: { METRICS_TOKEN: TOKEN, LOCAL_CHAIN_DELAY_MS: '0' } });
    await t.register('ledger-metrics@example.com');
    const credited = await deposit(t, 'ledger-metrics@example.com', 'USDT', 'BSC', '5');
    expect(credited.credited).toBe(true);
    await deposit(t, 'ledger-metrics@example.com', 'USDT', 'BSC', '7');
    expect(sample(await scrapeWithToken(t), 'polaris_ledger_entries_total', { kind: 'deposit' })).toBe(2);
  });

  it('counts worker runs and failures, with their duration, for the app that started them', async () => {
    t = await createTestApp({ env: { METRICS_TOKEN: TOKEN } });
    const app = t;
    let runs = 0;
    let third: () => void = () => {};
    const thirdRun = new Promise<void>((resolve) => {
      third = resolve;
    });
    const stop = runInContext({ metrics: app.app.metrics }, () =>
      startWorker(
        'probe',
        5,
        async () => {
          runs++;
          if (runs === 3) third();
          if (runs === 2) throw new Error('probe failed');
        },
        app.app.log,
      ),
    );
    await thirdRun;
    stop();
    const text = await scrapeWithToken(t);
    expect(sample(text, 'polaris_worker_runs_total', { worker: 'probe', outcome: 'failed' })).toBe(1);
    expect(sample(text, 'polaris_worker_runs_total', { worker: 'probe', outcome: 'ok' })).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'polaris_worker_run_duration_seconds_count', { worker: 'probe' })).toBeGreaterThanOrEqual(2);
    // Another app in this process counts nothing of it.
    expect(await new Metrics().text()).not.toContain('worker="probe"');
  });

  it('shows the mail backlog at scrape, and mail sent and retried', async () => {
    t = await createTestApp({ env: { METRICS_TOKEN: TOKEN } });
    const app = t;
    const mail = (to: string) => ({ to, subject: 'Hello', text: 'Body', topic: 'metrics-test' });
    await app.database.db.transaction((tx) =>
      enqueueMail(tx, [mail('a@example.com'), mail('b@example.com')], app.clock.now()),
    );
    expect(sample(await scrapeWithToken(t), 'polaris_job_backlog', { queue: 'mail' })).toBe(2);

    expect(await app.services.mailQueue.deliverDue()).toEqual({ sent: 2, failed: 0 });
    let text = await scrapeWithToken(t);
    expect(sample(text, 'polaris_mail_sends_total', { outcome: 'sent' })).toBe(2);
    expect(sample(text, 'polaris_job_backlog', { queue: 'mail' })).toBe(0);

    await app.database.db.transaction((tx) => enqueueMail(tx, [mail('c@example.com')], app.clock.now()));
    const failing = new MailQueue({
      db: app.database.db,
      now: app.clock.now,
      log: app.app.log,
      metrics: app.app.metrics,
      mailer: {
        destination: 'nowhere',
        send: async () => {
          throw new Error('smtp down');
        },
        close: () => {},
      },
    });
    expect(await failing.deliverDue()).toEqual({ sent: 0, failed: 1 });
    text = await scrapeWithToken(t);
    expect(sample(text, 'polaris_mail_sends_total', { outcome: 'retried' })).toBe(1);
    // Pushed to its next attempt: not due now.
    expect(sample(text, 'polaris_job_backlog', { queue: 'mail' })).toBe(0);
  });

  it('shows the open chat sockets', async () => {
    t = await createTestApp({ env: { METRICS_TOKEN: TOKEN } });
    const session = await t.register('socket-metrics@example.com');
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const socket = new WebSocket(`${base.replace('http', 'ws')}${API_BASE}/ws?token=${session.token}`);
    await once(socket, 'open');
    expect(sample(await scrapeWithToken(t), 'polaris_ws_connections')).toBe(1);
    const closed = once(socket, 'close');
    socket.close();
    await closed;
    await expect.poll(async () => sample(await scrapeWithToken(t!), 'polaris_ws_connections')).toBe(0);
  });
});

describe('chat fan-out lag', () => {
  it("is the time from a message's creation to its fan-out here", async () => {
    let nowMs = Date.parse('2030-01-01T00:00:01.500Z');
    const metrics = new Metrics(() => new Date(nowMs));
    const bus = new MemoryBus();
    const timed = metrics.timedBus(bus);
    const seen: string[] = [];
    await timed.subscribe('room:1', (payload) => seen.push(payload));
    const message = {
      roomId: '1',
      seq: 1,
      text: '"createdAt":"1999-01-01T00:00:00Z"',
      createdAt: '2030-01-01T00:00:00.000Z',
    };
    await bus.publish('room:1', JSON.stringify({ type: 'message', message }));
    nowMs += 10_000;
    await bus.publish('room:1', JSON.stringify({ type: 'typing', roomId: '1', uid: '5' }));
    expect(seen).toHaveLength(2);
    const text = await metrics.text();
    expect(sample(text, 'polaris_chat_fanout_lag_seconds_count')).toBe(1);
    expect(sample(text, 'polaris_chat_fanout_lag_seconds_sum')).toBe(1.5);
    expect(sample(text, 'polaris_chat_fanout_lag_seconds_bucket', { le: '2.5' })).toBe(1);
    expect(sample(text, 'polaris_chat_fanout_lag_seconds_bucket', { le: '1' })).toBe(0);
    await bus.close();
  });
});
