import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { API_BASE } from '@polaris/contract';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDatabase, query } from '../../db/client.ts';
import { REPO_ROOT } from '../../paths.ts';
import { databaseUrlWithName, TEMPLATE_DATABASE } from '../../test/database.ts';
import { httpClient } from '../../test/http-client.ts';
import { type ChatClient, connectChat, createRoom, joinRoom } from './chat-fixtures.ts';

/**
 * Three real server processes on one PostgreSQL and one Redis. A client on A sends, a client on B receives
 * every message in order through Redis pub/sub; B is killed mid-stream and the reader resumes on C from its
 * last sequence number; then A is killed mid-stream. The reader ends with exactly the stored messages: no
 * gap, no duplicate, nothing acknowledged and lost.
 */
const template = inject('databaseTemplate');
if (template.kind !== 'postgres') throw new Error('this file runs in the PostgreSQL pass (DATABASE_URL)');
const redisUrl = process.env.REDIS_URL;
if (!redisUrl) throw new Error('this file needs REDIS_URL');
const adminUrl = template.url;
const name = `polaris_chat_${randomBytes(5).toString('hex')}`;
const databaseUrl = databaseUrlWithName(adminUrl, name);

interface Server {
  process: ChildProcess;
  baseUrl: string;
  dataDir: string;
  log: string;
}
const servers: Server[] = [];
const clients: ChatClient[] = [];

async function admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

async function startServer(): Promise<Server> {
  const port = 20_000 + Math.floor(Math.random() * 20_000);
  const dataDir = await mkdtemp(path.join(tmpdir(), 'polaris-chat-'));
  const server: Server = { process: undefined as never, baseUrl: `http://127.0.0.1:${port}`, dataDir, log: '' };
  server.process = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      REDIS_URL: redisUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      RATE_LIMIT_MULTIPLIER: '100',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.process.stdout?.on('data', (chunk) => {
    server.log += chunk;
  });
  server.process.stderr?.on('data', (chunk) => {
    server.log += chunk;
  });
  servers.push(server);
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${server.baseUrl}${API_BASE}/health`)).ok) return server;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`server did not become healthy:\n${server.log}`);
}

let a: Server;
let b: Server;
let c: Server;

beforeAll(async () => {
  await admin((client) => client.query(`CREATE DATABASE ${name} TEMPLATE ${TEMPLATE_DATABASE}`));
  [a, b, c] = await Promise.all([startServer(), startServer(), startServer()]);
}, 120_000);

afterAll(async () => {
  for (const client of clients) await client.close().catch(() => {});
  for (const server of servers) server.process.kill('SIGKILL');
  await admin((client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
  for (const server of servers) await rm(server.dataDir, { recursive: true, force: true });
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function killed(server: Server) {
  const exited = new Promise((resolve) => server.process.once('exit', resolve));
  server.process.kill('SIGKILL');
  await exited;
}

describe('chat across server processes', () => {
  it('delivers in order across processes, and a killed process loses no stored message', async () => {
    const apiA = httpClient(a.baseUrl, a.dataDir);
    const owner = await apiA.register('scale-owner@example.com');
    const reader = await apiA.register('scale-reader@example.com');
    const room = await createRoom(apiA, owner.token, { name: 'Scale' });
    await joinRoom(httpClient(b.baseUrl, b.dataDir), reader.token, room.id);

    const sender = await connectChat(a.baseUrl, owner.token);
    const onB = await connectChat(b.baseUrl, reader.token);
    clients.push(sender, onB);
    onB.send({ type: 'subscribe', roomId: room.id });
    const { lastSeq: startSeq } = await onB.next('subscribed');

    // First stretch: A to B through Redis, every message in order.
    for (let i = 0; i < 100; i++) sender.send({ type: 'send', roomId: room.id, text: `m${i}`, clientId: `c${i}` });
    await sender.next('ack', (frame) => frame.clientId === 'c99', 30_000);
    await onB.next('message', (frame) => frame.message.text === 'm99', 30_000);
    expect(onB.messages(room.id).map((m) => m.text)).toEqual(Array.from({ length: 100 }, (_, i) => `m${i}`));

    // Kill B while A keeps sending; the reader resumes on C from the last sequence number it saw.
    let i = 100;
    const pump = (async () => {
      while (i < 400) {
        sender.send({ type: 'send', roomId: room.id, text: `m${i}`, clientId: `c${i}` });
        i++;
        if (i % 10 === 0) await sleep(5);
      }
    })();
    await sleep(100);
    await killed(b);
    const before = onB.messages(room.id);
    // B died before the stream ended.
    expect(before.length).toBeLessThan(400);
    const resumeFrom = before.at(-1)!.seq;
    const onC = await connectChat(c.baseUrl, reader.token);
    clients.push(onC);
    onC.send({ type: 'subscribe', roomId: room.id, afterSeq: resumeFrom });
    await pump;

    // Kill A mid-stream: whatever it acknowledged is stored, and C delivers exactly what is stored.
    for (let k = 400; k < 2000; k++) sender.send({ type: 'send', roomId: room.id, text: `m${k}`, clientId: `c${k}` });
    await sender.next('ack', (frame) => frame.clientId === 'c450', 30_000);
    await killed(a);
    const acked = sender.frames.flatMap((frame) => (frame.type === 'ack' ? [frame.seq] : []));

    const database = await openDatabase({ kind: 'postgres', url: databaseUrl });
    try {
      const { rows } = await query<{ seq: string; body: string }>(
        database.db,
        sql`select seq, body from chat_messages where room_id = ${Number(room.id)} and seq > ${startSeq} order by seq`,
      );
      const stored = rows.map((row) => ({ seq: Number(row.seq), text: row.body }));
      expect(stored.map((row) => row.seq)).toEqual(stored.map((_, n) => startSeq + n + 1));
      for (const seq of acked) expect(stored.some((row) => row.seq === seq)).toBe(true);
      const lastStored = stored.at(-1)!.seq;
      await onC.next('message', (frame) => frame.message.seq === lastStored, 30_000);
      const received = [...before, ...onC.messages(room.id)].map((m) => ({ seq: m.seq, text: m.text }));
      expect(received).toEqual(stored);
      // A acknowledged past m450 and died before m1999.
      expect(stored.length).toBeGreaterThan(450);
      expect(stored.length).toBeLessThan(2000);
    } finally {
      await database.close();
    }
  }, 180_000);
});
