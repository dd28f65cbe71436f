import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { API_BASE } from '@polaris/contract';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { checkLedger } from '../modules/wallet/ledger.store.ts';
import { REPO_ROOT } from '../paths.ts';
import { databaseUrlWithName, TEMPLATE_DATABASE } from '../test/database.ts';
import { httpClient } from '../test/http-client.ts';
import { FLEET_KEYS, freePort } from '../test/server-processes.ts';
import { deposit, walletUser } from '../test/wallet-fixtures.ts';
import { openDatabase, query } from './client.ts';

/**
 * A real server process on PostgreSQL whose connections are killed again and again while transfers run: it
 * must stay up, answer 503 for what was cut off, reconnect by itself, and lose or double nothing.
 */
const template = inject('databaseTemplate');
if (template.kind !== 'postgres') throw new Error('this file runs in the PostgreSQL pass (DATABASE_URL)');
const adminUrl = template.url;
const name = `polaris_loss_${randomBytes(5).toString('hex')}`;
const databaseUrl = databaseUrlWithName(adminUrl, name);
const port = await freePort();
const baseUrl = `http://127.0.0.1:${port}`;
let dataDir: string;
let server: ChildProcess;
let serverLog = '';

async function admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

async function waitForHealth(deadline: number) {
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${baseUrl}${API_BASE}/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`server did not become healthy:\n${serverLog}`);
}

beforeAll(async () => {
  await admin((client) => client.query(`CREATE DATABASE ${name} TEMPLATE ${TEMPLATE_DATABASE}`));
  dataDir = await mkdtemp(path.join(tmpdir(), 'polaris-loss-'));
  server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      ...FLEET_KEYS,
      REDIS_URL: '',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      RATE_LIMIT_MULTIPLIER: '100',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout?.on('data', (chunk) => {
    serverLog += chunk;
  });
  server.stderr?.on('data', (chunk) => {
    serverLog += chunk;
  });
  await waitForHealth(Date.now() + 60_000);
}, 90_000);

afterAll(async () => {
  server?.kill('SIGTERM');
  await admin((client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
  await rm(dataDir, { recursive: true, force: true });
});

describe('the server survives its database', () => {
  it('keeps running through terminated backends during concurrent transfers, losing and doubling nothing', async () => {
    const api = httpClient(baseUrl, dataDir);
    const ann = await walletUser(api, 'loss-ann@example.com');
    const ben = await walletUser(api, 'loss-ben@example.com');
    await deposit(api, ann.email, 'USDT', 'BSC', '1000');

    let killing = true;
    let killed = 0;
    let roundsThatKilled = 0;
    const killer = (async () => {
      while (killing) {
        const now = await admin(async (client) => {
          const result = await client.query(
            'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
            [name],
          );
          return result.rowCount ?? 0;
        });
        killed += now;
        if (now > 0) roundsThatKilled++;
        await new Promise((resolve) => setTimeout(resolve, 600));
      }
    })();

    const acknowledged: string[] = [];
    const cutOff: string[] = [];
    const otherAnswers: string[] = [];
    const locked: string[] = [];
    const transferOnce = async (key: string) => {
      try {
        const answer = await api.call('POST', '/wallet/transfer', {
          token: ann.token,
          body: { asset: 'USDT', amount: '0.01', to: ben.uid, tradePassword: ann.trade, idempotencyKey: key },
        });
        if (answer.status === 200) acknowledged.push(key);
        else if (answer.http === 503) cutOff.push(key);
        // A try slot claimed just before a connection died stays counted, so the trade password may lock.
        else if (answer.status === 468) locked.push(key);
        else otherAnswers.push(`${answer.http} ${answer.status} ${answer.msg}`);
      } catch {
        cutOff.push(key);
      }
    };
    // Eight lanes send transfers, while backends keep dying, until enough went through AND enough backends died
    // under them (a fast machine acknowledges 40 before the killer's second round), or time is up.
    const until = Date.now() + 60_000;
    let sent = 0;
    const lanes = Array.from({ length: 8 }, async (_, lane) => {
      for (let i = 0; (acknowledged.length < 40 || roundsThatKilled < 5) && Date.now() < until; i++) {
        sent++;
        await transferOnce(`loss-${lane}-${i}`);
      }
    });
    await Promise.all(lanes);
    killing = false;
    await killer;

    expect(roundsThatKilled).toBeGreaterThanOrEqual(5);
    expect(killed).toBeGreaterThan(5);
    expect(server.exitCode).toBeNull();
    expect(otherAnswers).toEqual([]);
    expect(acknowledged.length + cutOff.length + locked.length).toBe(sent);
    expect(acknowledged.length).toBeGreaterThanOrEqual(10);
    expect(cutOff.length).toBeGreaterThan(0);
    // The server reconnected by itself: health and a fresh transfer work.
    await waitForHealth(Date.now() + 10_000);
    // A cut-off request retried with its key either completes now or returns what had already committed.
    for (const key of cutOff) {
      await transferOnce(key);
    }

    const db = await openDatabase({ kind: 'postgres', url: databaseUrl });
    try {
      const { rows } = await query<{ key: string }>(
        db.db,
        sql`select key from idempotency_keys where key like ${'loss-%'}`,
      );
      const stored = new Set(rows.map((row) => row.key));
      for (const key of acknowledged) expect(stored.has(key)).toBe(true);
      const moved = await query<{ entries: string }>(
        db.db,
        sql`select count(*)::text as entries from journal_entries where kind = 'transfer'`,
      );
      // Each stored key moved money exactly once, however often it was sent.
      expect(Number(moved.rows[0]?.entries)).toBe(stored.size);
      expect(stored.size).toBeGreaterThanOrEqual(acknowledged.length);
      expect(await checkLedger(db.db)).toEqual([]);
    } finally {
      await db.close();
    }
    expect(server.exitCode).toBeNull();
  }, 180_000);
});
