// Chat fan-out: 1,000 WebSocket clients in one room, delivered messages per second and p50/p95 latency from
// send to receipt, beside a bare `ws` broadcast server measured the same way in the same run.
// `npm run bench:chat [-- --clients 1000 --messages 200]`; add DATABASE_URL=postgres://… for PostgreSQL.
import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { API_BASE } from '@polaris/contract';
import WebSocket, { WebSocketServer } from 'ws';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { type DatabaseHandle, openDatabase } from '../src/db/client.ts';
import { chatMembers, sessions, users } from '../src/db/schema/index.ts';
import { flags } from './operator.ts';

const args = flags(process.argv.slice(2));
const CLIENTS = Number(args.clients ?? 1000);
const MESSAGES = Number(args.messages ?? 200);

interface Result {
  perSecond: number;
  p50: number;
  p95: number;
  delivered: number;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

function open(url: string): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url);
    socket.once('open', () => resolve(socket));
    socket.once('error', reject);
  });
}

/** Connects in batches so the accept queue is not the thing measured. */
async function openAll(urls: string[]): Promise<WebSocket[]> {
  const sockets: WebSocket[] = [];
  for (let i = 0; i < urls.length; i += 100) sockets.push(...(await Promise.all(urls.slice(i, i + 100).map(open))));
  return sockets;
}

/**
 * Sends `MESSAGES` texts carrying their send time through `send`, and waits until every receiver has every one.
 * `textOf` reads the text out of a received frame (null for frames that are not messages).
 */
async function measure(
  receivers: WebSocket[],
  send: (text: string) => void,
  textOf: (data: string) => string | null,
): Promise<Result> {
  const latencies: number[] = [];
  const expected = receivers.length * MESSAGES;
  let started = 0;
  const done = new Promise<void>((resolve) => {
    for (const socket of receivers) {
      socket.on('message', (data) => {
        const text = textOf(data.toString());
        if (text === null || !text.startsWith('bench ')) return;
        latencies.push(performance.now() - Number(text.slice(6)));
        if (latencies.length === expected) resolve();
      });
    }
  });
  started = performance.now();
  for (let i = 0; i < MESSAGES; i++) {
    send(`bench ${performance.now()}`);
    // A steady stream rather than one burst: the sender yields between messages.
    await new Promise((resolve) => setImmediate(resolve));
  }
  await done;
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    perSecond: expected / seconds,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    delivered: expected,
  };
}

async function benchChat(database: DatabaseHandle): Promise<Result> {
  await database.migrate();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'polaris-bench-chat-'));
  const config = {
    ...loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', RATE_LIMIT_MULTIPLIER: '1000' }),
    rateLimit: false,
    backgroundWorkers: false,
  };
  const app = await buildApp({ config, database, webDistDir: path.join(dataDir, 'none') });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const db = database.db;
  const tokens: string[] = [];
  const ids: number[] = [];
  for (let i = 0; i <= CLIENTS; i += 500) {
    const batch = Array.from({ length: Math.min(500, CLIENTS + 1 - i) }, (_, k) => ({
      email: `bench-chat-${i + k}-${Date.now()}@example.com`,
      passwordHash: 'unused',
      inviteCode: `BC${Date.now().toString(36)}${i + k}`,
    }));
    const rows = await db.insert(users).values(batch).returning({ id: users.id });
    for (const row of rows) {
      const token = `bench-chat-${row.id}-${Math.random()}`;
      tokens.push(token);
      ids.push(row.id);
    }
    await db.insert(sessions).values(
      rows.map((row, k) => ({
        userId: row.id,
        tokenHash: createHash('sha256')
          .update(tokens[tokens.length - rows.length + k]!)
          .digest('hex'),
        expiresAt: new Date(Date.now() + 86_400_000),
      })),
    );
  }
  const room = await app.services.chat.rooms.createRoom(
    { id: ids[0]!, uid: 0 },
    {
      name: 'Bench',
      description: '',
      joinPolicy: 'public',
    },
  );
  const now = new Date();
  for (let i = 1; i < ids.length; i += 500) {
    await db
      .insert(chatMembers)
      .values(
        ids
          .slice(i, i + 500)
          .map((userId) => ({ roomId: Number(room.id), userId, role: 'member' as const, joinedAt: now })),
      );
  }
  const url = (token: string) => `${address.replace(/^http/, 'ws')}${API_BASE}/ws?token=${encodeURIComponent(token)}`;
  const [sender, ...receivers] = await openAll(tokens.map(url));
  await Promise.all(
    receivers.map(
      (socket) =>
        new Promise<void>((resolve) => {
          socket.on('message', function onSubscribed(data) {
            if ((JSON.parse(data.toString()) as { type: string }).type === 'subscribed') {
              socket.off('message', onSubscribed);
              resolve();
            }
          });
          socket.send(JSON.stringify({ type: 'subscribe', roomId: room.id }));
        }),
    ),
  );
  const result = await measure(
    receivers,
    (text) => sender!.send(JSON.stringify({ type: 'send', roomId: room.id, text })),
    (data) => {
      const frame = JSON.parse(data) as { type: string; message?: { text: string } };
      return frame.type === 'message' ? frame.message!.text : null;
    },
  );
  for (const socket of [sender!, ...receivers]) socket.terminate();
  await app.close();
  await rm(dataDir, { recursive: true, force: true });
  return result;
}

async function benchBare(): Promise<Result> {
  const server = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  await new Promise((resolve) => server.once('listening', resolve));
  server.on('connection', (socket) => {
    socket.on('message', (data) => {
      const text = data.toString();
      for (const client of server.clients) if (client !== socket) client.send(text);
    });
  });
  const port = (server.address() as AddressInfo).port;
  const [sender, ...receivers] = await openAll(Array.from({ length: CLIENTS + 1 }, () => `ws://127.0.0.1:${port}`));
  const result = await measure(
    receivers,
    (text) => sender!.send(text),
    (data) => data,
  );
  for (const socket of [sender!, ...receivers]) socket.terminate();
  await new Promise((resolve) => server.close(resolve));
  return result;
}

const source = process.env.DATABASE_URL
  ? ({ kind: 'postgres', url: process.env.DATABASE_URL } as const)
  : ({ kind: 'pglite', dataDir: await mkdtemp(path.join(tmpdir(), 'polaris-bench-chat-db-')) } as const);
const database = await openDatabase(source);
const bare = await benchBare();
const chat = await benchChat(database);
await database.close();
const row = (label: string, r: Result) =>
  `| ${label} | ${r.delivered} | ${Math.round(r.perSecond).toLocaleString('en')} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} |`;
console.log(`${CLIENTS} clients in one room, ${MESSAGES} messages from one sender (${source.kind})\n`);
console.log('| server | deliveries | delivered msgs/s | p50 ms | p95 ms |');
console.log('| --- | ---: | ---: | ---: | ---: |');
console.log(row('bare `ws` broadcast', bare));
console.log(row('chat (`/rest/polarisex/ws`)', chat));
process.exit(0);
