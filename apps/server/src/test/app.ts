import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { API_BASE, signRequest } from '@polaris/contract';
import { inject } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import type { DatabaseHandle } from '../db/client.ts';
import { isConnectionLoss } from '../db/client.ts';
import { TEST_CAPTCHA_ENV, withCaptcha } from './captcha.ts';
import { registerAccount, requestOf } from './client-requests.ts';
import { openTestDatabase } from './database.ts';
import { latestCode } from './outbox.ts';

class TestClock {
  private offsetMs = 0;
  readonly now = () => new Date(Date.now() + this.offsetMs);
  advance(ms: number) {
    this.offsetMs += ms;
  }
}

export interface CallOptions {
  body?: unknown;
  query?: Record<string, string>;
  token?: string;
  locale?: string;
  headers?: Record<string, string>;
  rawBody?: string;
  contentType?: string;
  /** The socket's peer address (inject's default is 127.0.0.1): a proxy, or a client talking to us directly. */
  remoteAddress?: string;
}

/** A real app on a fresh database, with the outbox in a temporary folder and a clock the test can move. */
export async function createTestApp(
  overrides: {
    rateLimit?: boolean;
    env?: Record<string, string>;
    logStream?: NodeJS.WritableStream;
    webDistDir?: string;
    /** A database of the test's own (closed with the app); a fresh copy of the suite's template otherwise. */
    database?: DatabaseHandle;
  } = {},
) {
  const database = overrides.database ?? (await openTestDatabase(inject('databaseTemplate')));
  const dataDir = await mkdtemp(path.join(tmpdir(), 'polaris-test-'));
  const config = {
    // REDIS_URL passes through so the suite exercises the shared rate-limit store when CI provides one.
    ...loadConfig({
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      REDIS_URL: process.env.REDIS_URL,
      ...TEST_CAPTCHA_ENV,
      ...overrides.env,
    }),
    rateLimit: overrides.rateLimit ?? false,
    backgroundWorkers: false,
  };
  const clock = new TestClock();
  const app = await buildApp({
    config,
    database,
    now: clock.now,
    logStream: overrides.logStream,
    webDistDir: overrides.webDistDir ?? path.join(dataDir, 'no-web'),
  });
  const outbox = path.join(dataDir, 'outbox');

  async function call<T = unknown>(
    method: 'GET' | 'POST',
    route: string,
    given: CallOptions = {},
  ): Promise<{ http: number; status: number; msg: string; attachment: T }> {
    const options: CallOptions = await withCaptcha(call, method, route, given);
    const { headers, payload } = requestOf(options);
    const response = await app.inject({
      method,
      url: `${API_BASE}${route}`,
      query: options.query,
      headers,
      payload,
      remoteAddress: options.remoteAddress,
    });
    // What the request wrote into the notice outbox goes out before the test looks, as the outbox worker of a
    // running server sends it a few milliseconds after the commit (docs/notifications.md, "The outbox").
    // A database too busy to answer (a thousand calls at once on PostgreSQL) leaves the rows for the next call's
    // run, as a worker's failed run leaves them for its next tick; the call's own answer stands.
    await app.services.outbox.settleAdded().catch((error: unknown) => {
      if (!isConnectionLoss(error)) throw error;
    });
    // A failure's request id differs between any two requests; request-id.test.ts checks it, the rest compare answers.
    const { requestId: _requestId, ...json } = response.json() as {
      status: number;
      msg: string;
      attachment: T;
      requestId?: string;
    };
    return { http: response.statusCode, ...json };
  }

  let nonces = 0;
  /** A call signed with the session's key (ARCHITECTURE "Signed calls"), as the app makes under `/user/identity`. */
  function signedCall<T = unknown>(
    method: 'GET' | 'POST',
    route: string,
    session: { token: string; signingKey: string },
    body?: unknown,
  ) {
    const timestamp = String(clock.now().getTime());
    const nonce = `signed-${process.pid}-${nonces++}`;
    const raw = body === undefined ? '' : JSON.stringify(body);
    const authorization = signRequest(session.signingKey, { method, path: route, timestamp, nonce, body: raw });
    return call<T>(method, route, {
      token: session.token,
      rawBody: raw || undefined,
      headers: { timestamp, nonce, authorization },
    });
  }

  return {
    app,
    services: app.services,
    signedCall,
    database,
    clock,
    outbox,
    call,
    /** Registers an account through the real endpoints (client-requests.ts). */
    register: (email: string, password?: string) => registerAccount(call, outbox, email, password),
    code: (email: string) => latestCode(outbox, email),
    async close() {
      await app.close();
      await database.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/** What fixtures need of an app: calls, sign-up and the outbox. A test app or a server in another process. */
export type ApiClient = Pick<TestApp, 'call' | 'register' | 'code' | 'outbox'>;
