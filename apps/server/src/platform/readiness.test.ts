import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { API_BASE, CHAT_CLOSE } from '@polaris/contract';
import { describe, expect, inject, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { connectChat } from '../modules/chat/chat-fixtures.ts';
import { TEST_CAPTCHA_ENV } from '../test/captcha.ts';
import { openTestDatabase } from '../test/database.ts';
import { httpClient } from '../test/http-client.ts';
import { Readiness } from './readiness.ts';

/** A listening app whose readiness the test holds, on a database of its own. */
async function readyApp(readiness: Readiness) {
  const database = await openTestDatabase(inject('databaseTemplate'));
  const dataDir = await mkdtemp(path.join(tmpdir(), 'polaris-ready-'));
  const config = {
    ...loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', REDIS_URL: process.env.REDIS_URL, ...TEST_CAPTCHA_ENV }),
    rateLimit: false,
    backgroundWorkers: false,
  };
  const app = await buildApp({ config, database, readiness, webDistDir: path.join(dataDir, 'no-web') });
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  let closed = false;
  return {
    app,
    base,
    dataDir,
    database,
    ready: async () => {
      const response = await fetch(`${base}${API_BASE}/ready`);
      return { http: response.status, body: (await response.json()) as Record<string, unknown> };
    },
    close: async () => {
      if (!closed) await app.close();
      closed = true;
      await database.close().catch(() => {});
      await rm(dataDir, { recursive: true, force: true });
    },
    markClosed: () => {
      closed = true;
    },
  };
}

describe('readiness (/ready, for the load balancer)', () => {
  it('answers HTTP 200 when the database answers, migrations are done and the node is not draining; 503 once draining', async () => {
    const readiness = new Readiness({ migrated: true });
    const t = await readyApp(readiness);
    try {
      expect(await t.ready()).toEqual({
        http: 200,
        body: { ready: true, database: true, migrated: true, draining: false },
      });
      // Polled every second by every balancer: never rate limited, never cached.
      const response = await fetch(`${t.base}${API_BASE}/ready`);
      expect(response.headers.get('cache-control')).toMatch(/no-store/);
      readiness.startDraining();
      expect(await t.ready()).toEqual({
        http: 503,
        body: { ready: false, database: true, migrated: true, draining: true },
      });
      // Liveness is another question: a draining node is still alive.
      expect((await fetch(`${t.base}${API_BASE}/health`)).status).toBe(200);
    } finally {
      await t.close();
    }
  });

  it('answers 503 before the migrations are done, and when the database does not answer', async () => {
    const readiness = new Readiness({ migrated: false });
    const t = await readyApp(readiness);
    try {
      expect(await t.ready()).toMatchObject({ http: 503, body: { ready: false, migrated: false, database: true } });
      readiness.markMigrated();
      expect((await t.ready()).http).toBe(200);
      await t.database.close();
      expect(await t.ready()).toMatchObject({ http: 503, body: { ready: false, database: false } });
    } finally {
      await t.close();
    }
  });

  it('a database that hangs is "not ready" within the ping timeout, not a hung health check', async () => {
    const readiness = new Readiness({ migrated: true });
    const started = Date.now();
    const answer = await readiness.check(() => new Promise(() => {}));
    expect(answer).toEqual({ ready: false, database: false, migrated: true, draining: false });
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('closing the app closes every chat socket with 1012 `service restart`, so clients reconnect at once', async () => {
    const t = await readyApp(new Readiness({ migrated: true }));
    try {
      const api = httpClient(t.base, t.dataDir);
      const { token } = await api.register('drain-socket@example.com');
      const client = await connectChat(t.base, token);
      client.send({ type: 'ping', id: 'p' });
      await client.next('pong');
      await t.app.close();
      t.markClosed();
      expect(await client.closed).toEqual({ code: 1012, reason: 'service restart' });
      expect(CHAT_CLOSE.restart).toEqual({ code: 1012, reason: 'service restart' });
    } finally {
      await t.close();
    }
  });
});
