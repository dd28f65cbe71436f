// Chat fan-out and its ceiling: 1,000 WebSocket clients in one room and 10 senders at a steady rate, raised step by
// step (20, 40, 80… messages a second) until a bare `ws` broadcast server that speaks the same frames saturates this
// machine (a frame lost, p99 late, or delivered/s under 90 % of offered); then the chat server at the same rates,
// measured by the same client code in the same run. Per step: delivered frames per second and p50/p95/p99 latency
// from send to receipt.
//
//   npm run bench:chat [-- --clients 1000 --senders 10 --rates 20,40,80,160,320,640 --seconds 8 --late-ms 1000]
//   DATABASE_URL=postgres://… REDIS_URL=redis://… npm run bench:chat -- --processes 1,2
//   npm run bench:chat -- --processes 1 --rates 80 --profile /tmp/chat-profiles
//
// Without DATABASE_URL the chat server runs in this process on PGlite. With it, each chat server gets a database of
// its own on that PostgreSQL, dropped afterwards; `--processes 2` runs two server processes on it and one Redis:
// half the receivers on each, the senders on the first, so every delivery to the second crosses Redis.
// `--profile DIR` writes a CPU profile of this process while each in-process server (bare, chat on one process) is
// under load: DIR/bare.cpuprofile and DIR/chat.cpuprofile, for Chrome's DevTools or a script.
import { type ChildProcess, spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import { API_BASE } from '@polaris/contract';
import pg from 'pg';
import { WebSocketServer } from 'ws';
import { type DatabaseHandle, openDatabase } from '../src/db/client.ts';
import { chatMembers, sessions, users } from '../src/db/schema/index.ts';
import { REPO_ROOT } from '../src/paths.ts';
import { FLEET_KEYS, freePort } from '../src/test/server-processes.ts';
import { CpuMeter, type ServerPids, serverPids, startProfile } from './bench-chat-cpu.ts';
import { type LoadOptions, type LoadResult, runJobInProcess } from './bench-chat-load.ts';
import { benchApp } from './bench-people.ts';
import { flags } from './operator.ts';

const args = flags(process.argv.slice(2));
const CLIENTS = Number(args.clients ?? 1000);
const SENDERS = Number(args.senders ?? 10);
const PROCESSES = String(args.processes ?? '1')
  .split(',')
  .map(Number);
const RATES = String(args.rates ?? args.rate ?? '20,40,80,160,320,640')
  .split(',')
  .map(Number);
/** Seconds of sending per step. */
const SECONDS = Number(args.seconds ?? 8);
const LATE_MS = Number(args['late-ms'] ?? 1000);
const PROFILE_DIR = args.profile === undefined ? undefined : String(args.profile);
const stepsAt = (rates: number[]): LoadOptions[] =>
  rates.map((rate) => ({ rate, messages: Math.round(rate * SECONDS), settleMs: Number(args.settle ?? 10_000) }));

/**
 * The baseline: a plain `ws` server that speaks the chat frames (subscribe, send → a `message` frame with the
 * same fields, encoded once, written to every subscriber) with no database, no checks and no bus.
 */
async function benchBare(): Promise<Measured[]> {
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
  // The ramp: up the rates until this server saturates.
  const results = await measure(
    Array(SENDERS + CLIENTS).fill(url),
    '1',
    RATES,
    serverPids(undefined, () => [process.pid]),
    'bare',
  );
  await new Promise((resolve) => server.close(resolve));
  return results;
}

/** A step's result with the CPU the server spent on it. */
type Measured = LoadResult & { cpuUsPerFrame: number; databaseUsPerFrame: number };

/**
 * The load, from a process of its own: senders first in `urls`, then receivers; stops at the first saturated
 * step. `pids` are the server's processes (and its database's), whose CPU is measured per step.
 */
async function measure(
  urls: string[],
  roomId: string,
  rates: number[],
  pids: ServerPids,
  /** The profile's name when the server runs in this process (`--profile`). */
  profileAs?: string,
): Promise<Measured[]> {
  const meter = new CpuMeter(pids);
  const profiler = PROFILE_DIR && profileAs ? await startProfile() : undefined;
  try {
    const results = await runJobInProcess({
      urls,
      senders: SENDERS,
      roomId,
      steps: stepsAt(rates),
      lateMs: LATE_MS,
      stopWhenSaturated: true,
    });
    if (profiler)
      await profiler.stopInto(
        path.join(PROFILE_DIR!, `${profileAs}.cpuprofile`),
        results.map((r) => r.window),
      );
    // The last sample after the last step.
    await new Promise((resolve) => setTimeout(resolve, 400));
    return results.map((r) => {
      const cpu = meter.between(r.window);
      const perFrame = (ms: number) => (ms * 1000) / Math.max(1, r.delivered);
      return { ...r, cpuUsPerFrame: perFrame(cpu.all), databaseUsPerFrame: perFrame(cpu.database) };
    });
  } finally {
    await meter.stop();
  }
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

/** A database of its own on the PostgreSQL at `adminUrl`, dropped when `use` is done. */
async function withDatabase<T>(adminUrl: string, use: (url: string) => Promise<T>): Promise<T> {
  const name = `polaris_bench_${randomBytes(4).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    await client.query(statement).finally(() => client.end());
  };
  await admin(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  try {
    return await use(url.toString());
  } finally {
    await admin(`drop database if exists ${name} with (force)`);
  }
}

/** Users, and a public room with all of them in it; the first user made it. */
async function seedRoom(database: DatabaseHandle, createRoom: (token: string, userId: number) => Promise<string>) {
  const people = await seedUsers(database, SENDERS + CLIENTS);
  const roomId = await createRoom(people[0]!.token, people[0]!.id);
  await addMembers(
    database,
    Number(roomId),
    people.slice(1).map((person) => person.id),
  );
  return { people, roomId };
}

/** The chat server in this process (in-process bus), on PGlite or on a PostgreSQL database of its own. */
async function benchChat(rates: number[]): Promise<Measured[]> {
  const adminUrl = process.env.DATABASE_URL;
  if (adminUrl) return withDatabase(adminUrl, (url) => benchChatOn({ kind: 'postgres', url }, rates));
  const dataDir = await mkdtemp(path.join(tmpdir(), 'polaris-bench-chat-db-'));
  try {
    return await benchChatOn({ kind: 'pglite', dataDir }, rates);
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

async function benchChatOn(source: Parameters<typeof openDatabase>[0], rates: number[]): Promise<Measured[]> {
  const database = await openDatabase(source);
  await database.migrate();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'polaris-bench-chat-'));
  const app = await benchApp(database, dataDir, { RATE_LIMIT_MULTIPLIER: '1000' });
  try {
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    const { people, roomId } = await seedRoom(database, async (_token, id) => {
      const room = await app.services.chat.rooms.createRoom(
        { id, uid: 0 },
        { name: 'Bench', description: '', joinPolicy: 'public' },
      );
      return room.id;
    });
    return await measure(
      people.map((person) => wsUrl(base, person.token)),
      roomId,
      rates,
      serverPids(source.kind === 'postgres' ? source.url : undefined, () => [process.pid]),
      'chat',
    );
  } finally {
    await app.close();
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
  }
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
function benchTwoProcesses(adminUrl: string, redisUrl: string, rates: number[]): Promise<Measured[]> {
  return withDatabase(adminUrl, async (url) => {
    const database = await openDatabase({ kind: 'postgres', url });
    const children: ChildProcess[] = [];
    const dataDirs: string[] = [];
    try {
      await database.migrate();
      // Each held as soon as it is up, so a second one that fails to start does not leave the first running.
      const start = async () => {
        const node = await startProcess(url, redisUrl);
        children.push(node.child);
        dataDirs.push(node.dataDir);
        return node;
      };
      const a = await start();
      const b = await start();
      const { people, roomId } = await seedRoom(database, async (token) => {
        const created = await fetch(`${a.base}${API_BASE}/chat/room/create`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', token },
          body: JSON.stringify({ name: 'Bench', joinPolicy: 'public' }),
        });
        return ((await created.json()) as { attachment: { id: string } }).attachment.id;
      });
      // Senders on A; receivers alternate, so half of every message's deliveries cross Redis to B.
      const urls = people.map((person, index) =>
        wsUrl(index < SENDERS || index % 2 === 0 ? a.base : b.base, person.token),
      );
      return await measure(
        urls,
        roomId,
        rates,
        serverPids(url, () => children.map((child) => child.pid!)),
      );
    } finally {
      for (const child of children) child.kill('SIGKILL');
      await database.close();
      for (const dir of dataDirs) await rm(dir, { recursive: true, force: true });
    }
  });
}

const load = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');
const startedAt = performance.now();
const loadBefore = load();
const bare = await benchBare();
const chat: { processes: number; results: Measured[] }[] = [];
// The chat servers are measured at the rates the bare server was, up to where it saturated.
const rates = bare.map((r) => r.rate);
for (const processes of PROCESSES) {
  if (processes >= 2) {
    if (!process.env.DATABASE_URL || !process.env.REDIS_URL)
      throw new Error('--processes 2 needs DATABASE_URL and REDIS_URL');
    chat.push({ processes, results: await benchTwoProcesses(process.env.DATABASE_URL, process.env.REDIS_URL, rates) });
  } else {
    chat.push({ processes, results: await benchChat(rates) });
  }
}

const fmt = (n: number) => Math.round(n).toLocaleString('en');
const mark = (r: LoadResult) => (r.saturated ? ' ✗' : '');
console.log(
  `${CLIENTS} receivers in one room, ${SENDERS} senders, ${SECONDS} s per step; chat on ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}` +
    '; CPU per frame: the server processes and their PostgreSQL backends (not Redis, not the clients)' +
    `${PROCESSES.some((n) => n >= 2) ? ' (2 processes: PostgreSQL + Redis)' : ''}; ✗ = saturated (lost, p99 over ${LATE_MS} ms, or under 90 % of offered)\n`,
);
console.log(
  '| processes | rate msgs/s | offered frames/s | bare delivered/s | chat delivered/s | chat ÷ bare | bare lost | chat lost | bare p99 ms | chat p50 ms | chat p99 ms | bare CPU µs/frame | chat CPU µs/frame (database) |',
);
console.log('| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
for (const { processes, results } of chat) {
  for (const [i, b] of bare.entries()) {
    const c = results[i];
    const cells = c
      ? [
          `${fmt(c.perSecond)}${mark(c)}`,
          `${((c.perSecond / b.perSecond) * 100).toFixed(0)} %`,
          fmt(b.lost),
          fmt(c.lost),
        ]
      : ['not run (saturated below)', '', fmt(b.lost), ''];
    console.log(
      `| ${processes} | ${b.rate} | ${fmt(b.rate * CLIENTS)} | ${fmt(b.perSecond)}${mark(b)} | ${cells[0]} | ${cells[1]} | ${cells[2]} | ${cells[3]} | ${b.p99.toFixed(1)} | ${c ? c.p50.toFixed(1) : ''} | ${c ? c.p99.toFixed(1) : ''} | ${b.cpuUsPerFrame.toFixed(1)} | ${c ? `${c.cpuUsPerFrame.toFixed(1)} (${c.databaseUsPerFrame.toFixed(1)})` : ''} |`,
    );
  }
}
const ceiling = bare.filter((r) => !r.saturated).at(-1);
if (ceiling) {
  console.log(
    `\nceiling: bare delivers everything on time up to ${ceiling.rate} msgs/s (${fmt(ceiling.perSecond)} frames/s)`,
  );
  for (const { processes, results } of chat) {
    const c = results[bare.indexOf(ceiling)];
    console.log(
      `chat, ${processes} process${processes > 1 ? 'es' : ''}, at ${ceiling.rate}/s: ${c ? `${fmt(c.perSecond)} frames/s, ${((c.perSecond / ceiling.perSecond) * 100).toFixed(0)} % of bare, ${c.lost} lost, ${c.duplicates} duplicates, p99 ${c.p99.toFixed(1)} ms` : 'saturated below it'}`,
    );
  }
}
if (bare.every((r) => !r.saturated)) console.log('\nthe bare server did not saturate: raise --rates');
console.log(
  `\nload average before ${loadBefore}, after ${load()}; ${((performance.now() - startedAt) / 1000).toFixed(0)} s`,
);
process.exit(0);
