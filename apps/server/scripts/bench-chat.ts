// Chat fan-out: 1,000 WebSocket clients in one room and 10 senders at a steady rate; delivered messages per
// second and p50/p95/p99 latency from send to receipt, beside a bare `ws` broadcast server that speaks the same
// frames, measured by the same client code in the same run.
//
//   npm run bench:chat [-- --clients 1000 --messages 400 --rate 20 --senders 10]
//   DATABASE_URL=postgres://… REDIS_URL=redis://… npm run bench:chat -- --processes 2
//
// With `--processes 2` the chat server runs as two processes on one PostgreSQL and one Redis: half the receivers
// on each, the senders on the first, so every delivery to the second crosses Redis.
import { type ChildProcess, spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { API_BASE } from '@polaris/contract';
import pg from 'pg';
import { WebSocketServer } from 'ws';
import { type DatabaseHandle, openDatabase } from '../src/db/client.ts';
import { chatMembers, sessions, users } from '../src/db/schema/index.ts';
import { REPO_ROOT } from '../src/paths.ts';
import { FLEET_KEYS, freePort } from '../src/test/server-processes.ts';
import { type LoadOptions, type LoadResult, runJobInProcess } from './bench-chat-load.ts';
import { benchApp } from './bench-people.ts';
import { flags } from './operator.ts';

const args = flags(process.argv.slice(2));
const CLIENTS = Number(args.clients ?? 1000);
const SENDERS = Number(args.senders ?? 10);
const PROCESSES = Number(args.processes ?? 1);
const load: LoadOptions = {
  messages: Number(args.messages ?? 400),
  rate: Number(args.rate ?? 20),
  settleMs: Number(args.settle ?? 30_000),
};

/**
 * The baseline: a plain `ws` server that speaks the chat frames (subscribe, send → a `message` frame with the
 * same fields, encoded once, written to every subscriber) with no database, no checks and no bus.
 */
async function benchBare(): Promise<LoadResult> {
  const server = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  await new Promise((resolve) => server.once('listening', resolve));
  const subscribers = new Set<import('ws').WebSocket>();
  let seq = 0;
  server.on('connection', (socket) => {
    socket.on('message', (data) => {
      const frame = JSON.parse(data.toString()) as { type: string; roomId: string; text?: string };
      if (frame.type === 'subscribe') {
        subscribers.add(socket);
        socket.send(JSON.stringify({ type: 'subscribed', roomId: frame.roomId, lastSeq: seq }));
        return;
      }
      const message = {
        roomId: frame.roomId,
        seq: ++seq,
        kind: 'text',
        senderUid: '10000001',
        senderName: 'bench',
        text: frame.text,
        imageId: null,
        replyTo: null,
        mentions: [],
        event: null,
        targetUid: null,
        deleted: false,
        createdAt: new Date().toISOString(),
      };
      const encoded = JSON.stringify({ type: 'message', message });
      for (const client of subscribers) client.send(encoded);
    });
  });
  const url = `ws://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const result = await measure(Array(SENDERS + CLIENTS).fill(url), '1');
  await new Promise((resolve) => server.close(resolve));
  return result;
}

/** The load, from a process of its own: senders first in `urls`, then receivers. */
function measure(urls: string[], roomId: string): Promise<LoadResult> {
  return runJobInProcess({ urls, senders: SENDERS, roomId, options: load });
}

/** Users with sessions, straight into the database (signing up 1,000 people is not what is measured). */
async function seedUsers(database: DatabaseHandle, count: number) {
  const db = database.db;
  const people: { id: number; token: string }[] = [];
  const stamp = Date.now().toString(36);
  for (let i = 0; i < count; i += 500) {
    const batch = Array.from({ length: Math.min(500, count - i) }, (_, k) => ({
      email: `bench-chat-${stamp}-${i + k}@example.com`,
      passwordHash: 'unused',
      inviteCode: `BC${stamp}${i + k}`,
    }));
    const rows = await db.insert(users).values(batch).returning({ id: users.id });
    const tokens = rows.map((row) => `bench-chat-${row.id}-${randomBytes(8).toString('hex')}`);
    await db.insert(sessions).values(
      rows.map((row, k) => ({
        userId: row.id,
        tokenHash: createHash('sha256').update(tokens[k]!).digest('hex'),
        expiresAt: new Date(Date.now() + 86_400_000),
      })),
    );
    for (const [k, row] of rows.entries()) people.push({ id: row.id, token: tokens[k]! });
  }
  return people;
}

async function addMembers(database: DatabaseHandle, roomId: number, userIds: number[]) {
  const now = new Date();
  for (let i = 0; i < userIds.length; i += 500) {
    await database.db
      .insert(chatMembers)
      .values(userIds.slice(i, i + 500).map((userId) => ({ roomId, userId, role: 'member' as const, joinedAt: now })));
  }
}

const wsUrl = (base: string, token: string) =>
  `${base.replace(/^http/, 'ws')}${API_BASE}/ws?token=${encodeURIComponent(token)}`;

/** The chat server in this process (PGlite or PostgreSQL, in-process bus). */
async function benchChat(database: DatabaseHandle): Promise<LoadResult> {
  await database.migrate();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'polaris-bench-chat-'));
  const app = await benchApp(database, dataDir, { RATE_LIMIT_MULTIPLIER: '1000' });
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  const people = await seedUsers(database, SENDERS + CLIENTS);
  const room = await app.services.chat.rooms.createRoom(
    { id: people[0]!.id, uid: 0 },
    { name: 'Bench', description: '', joinPolicy: 'public' },
  );
  await addMembers(
    database,
    Number(room.id),
    people.slice(1).map((person) => person.id),
  );
  const result = await measure(
    people.map((person) => wsUrl(base, person.token)),
    room.id,
  );
  await app.close();
  await rm(dataDir, { recursive: true, force: true });
  return result;
}

/** A server process of its own (`apps/server/src/main.ts`), as production runs it. */
async function startProcess(databaseUrl: string, redisUrl: string) {
  const port = await freePort();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'polaris-bench-chat-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      ...FLEET_KEYS,
      REDIS_URL: redisUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      RATE_LIMIT_MULTIPLIER: '1000',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  for (const deadline = Date.now() + 60_000; Date.now() < deadline; ) {
    try {
      if ((await fetch(`${base}${API_BASE}/health`)).ok) return { child, base, dataDir };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  child.kill('SIGKILL');
  throw new Error('a server process did not start');
}

/** Two server processes on one PostgreSQL and Redis, in a database of their own that is dropped afterwards. */
async function benchTwoProcesses(adminUrl: string, redisUrl: string): Promise<LoadResult> {
  const name = `polaris_bench_${randomBytes(4).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    await client.query(statement).finally(() => client.end());
  };
  await admin(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ kind: 'postgres', url: url.toString() });
  const children: ChildProcess[] = [];
  try {
    await database.migrate();
    const people = await seedUsers(database, SENDERS + CLIENTS);
    const [a, b] = [await startProcess(url.toString(), redisUrl), await startProcess(url.toString(), redisUrl)];
    children.push(a.child, b.child);
    const created = await fetch(`${a.base}${API_BASE}/chat/room/create`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', token: people[0]!.token },
      body: JSON.stringify({ name: 'Bench', joinPolicy: 'public' }),
    });
    const room = ((await created.json()) as { attachment: { id: string } }).attachment;
    await addMembers(
      database,
      Number(room.id),
      people.slice(1).map((person) => person.id),
    );
    // Senders on A; receivers alternate, so half of every message's deliveries cross Redis to B.
    const urls = people.map((person, index) =>
      wsUrl(index < SENDERS || index % 2 === 0 ? a.base : b.base, person.token),
    );
    return await measure(urls, room.id);
  } finally {
    for (const child of children) child.kill('SIGKILL');
    await database.close();
    await admin(`drop database if exists ${name} with (force)`);
  }
}

const bare = await benchBare();
let label: string;
let chat: LoadResult;
if (PROCESSES >= 2) {
  if (!process.env.DATABASE_URL || !process.env.REDIS_URL)
    throw new Error('--processes 2 needs DATABASE_URL and REDIS_URL');
  label = 'chat, 2 processes + Redis (PostgreSQL)';
  chat = await benchTwoProcesses(process.env.DATABASE_URL, process.env.REDIS_URL);
} else {
  const source = process.env.DATABASE_URL
    ? ({ kind: 'postgres', url: process.env.DATABASE_URL } as const)
    : ({ kind: 'pglite', dataDir: await mkdtemp(path.join(tmpdir(), 'polaris-bench-chat-db-')) } as const);
  const database = await openDatabase(source);
  label = `chat, 1 process (${source.kind})`;
  chat = await benchChat(database);
  await database.close();
}

const row = (name: string, r: LoadResult) =>
  `| ${name} | ${r.delivered.toLocaleString('en')} / ${r.expected.toLocaleString('en')} | ${r.lost} | ${r.duplicates} | ${Math.round(r.perSecond).toLocaleString('en')} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} | ${r.p99.toFixed(1)} |`;
console.log(
  `${CLIENTS} receivers in one room; ${load.messages} messages from ${SENDERS} senders at ${load.rate}/s in all\n`,
);
console.log('| server | delivered | lost | duplicates | delivered msgs/s | p50 ms | p95 ms | p99 ms |');
console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
console.log(row('bare `ws` broadcast', bare));
console.log(row(label, chat));
console.log(
  `\nchat / bare: throughput ${((chat.perSecond / bare.perSecond) * 100).toFixed(0)} %, p95 ${(chat.p95 / bare.p95).toFixed(2)}× (+${(chat.p95 - bare.p95).toFixed(1)} ms)`,
);
process.exit(0);
