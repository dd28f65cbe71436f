import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDatabase, query } from '../../db/client.ts';
import { httpClient } from '../../test/http-client.ts';
import { type ServerProcess, ServerProcesses } from '../../test/server-processes.ts';
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
const processes = new ServerProcesses(template.url, redisUrl);
const clients: ChatClient[] = [];

let a: ServerProcess;
let b: ServerProcess;
let c: ServerProcess;

beforeAll(async () => {
  await processes.createDatabase();
  [a, b, c] = await Promise.all([processes.start(), processes.start(), processes.start()]);
}, 120_000);

afterAll(async () => {
  for (const client of clients) await client.close().catch(() => {});
  await processes.close();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const killed = (server: ServerProcess) => processes.kill(server);

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

    const database = await openDatabase({ kind: 'postgres', url: processes.databaseUrl });
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
