import type { RedPacket } from '@polaris/contract';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDatabase } from '../../db/client.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { ServerProcesses } from '../../test/server-processes.ts';
import { deposit, newKey, walletUser } from '../../test/wallet-fixtures.ts';
import { type ChatClient, connectChat, createRoom, joinRoom } from './chat-fixtures.ts';

/**
 * Room activity across processes (docs/notifications.md, "Events: chat, red packets, wallet"): two apps on one PostgreSQL and one Redis. The
 * socket is held by B; messages, joins and red packet claims happen on A. B's socket, subscribed to no room, gets
 * `changed chat` for its rooms, starts following a room joined on A, and gets a room packet's `changed redpacket`.
 */
const template = inject('databaseTemplate');
if (template.kind !== 'postgres') throw new Error('this file runs in the PostgreSQL pass (DATABASE_URL)');
const redisUrl = process.env.REDIS_URL;
if (!redisUrl) throw new Error('this file needs REDIS_URL');
const processes = new ServerProcesses(template.url, redisUrl);
const clients: ChatClient[] = [];
let a: TestApp;
let b: TestApp;
let bBase: string;

beforeAll(async () => {
  await processes.createDatabase();
  const app = async () =>
    createTestApp({ database: await openDatabase({ kind: 'postgres', url: processes.databaseUrl }) });
  [a, b] = await Promise.all([app(), app()]);
  bBase = await b.app.listen({ port: 0, host: '127.0.0.1' });
}, 120_000);
afterAll(async () => {
  for (const client of clients) await client.close().catch(() => {});
  await Promise.all([a?.close(), b?.close()]);
  await processes.close();
});

async function socketOnB(token: string) {
  const client = await connectChat(bBase, token);
  clients.push(client);
  client.send({ type: 'ping', id: 'ready' });
  await client.next('pong');
  return client;
}

describe('room activity on another process', () => {
  it('tells a socket on B of messages sent on A, in rooms it was in and in a room joined on A later', async () => {
    const ann = await a.register('ra-ann@example.com');
    const bob = await a.register('ra-bob@example.com');
    const first = await createRoom(a, ann.token, { name: 'First' });
    await joinRoom(a, bob.token, first.id);
    const bobs = await socketOnB(bob.token);
    await a.call('POST', '/chat/message/send', { token: ann.token, body: { roomId: first.id, text: 'hi' } });
    expect(await bobs.next('changed', (f) => f.topic === 'chat')).toMatchObject({ ref: first.id });

    const later = await createRoom(a, ann.token, { name: 'Later' });
    await joinRoom(a, bob.token, later.id);
    // The join reaches B on the membership channel; B then follows the room. A message after it is seen.
    const seen = bobs.next('changed', (f) => f.topic === 'chat' && f.ref === later.id);
    for (let i = 0; i < 20; i++) {
      await a.call('POST', '/chat/message/send', { token: ann.token, body: { roomId: later.id, text: `later ${i}` } });
      const got = await Promise.race([seen.then(() => true), new Promise((r) => setTimeout(r, 1100, false))]);
      if (got) break;
    }
    await seen;
  });

  it('forwards a room packet’s remaining shares to members on B when it is claimed on A', async () => {
    const alice = await walletUser(a, 'ra-alice@example.com');
    const carl = await walletUser(a, 'ra-carl@example.com');
    const dora = await walletUser(a, 'ra-dora@example.com');
    await deposit(a, alice.email, 'USDT', 'BSC', '10');
    const room = await createRoom(a, alice.token, { name: 'Packets' });
    for (const user of [carl, dora]) await joinRoom(a, user.token, room.id);
    const sent = await a.call<RedPacket>('POST', '/redpacket/send', {
      token: alice.token,
      body: {
        kind: 'chat',
        roomId: room.id,
        asset: 'USDT',
        amount: '2',
        count: 2,
        validity: 1,
        validityUnit: 'hour',
        tradePassword: alice.trade,
        idempotencyKey: newKey(),
      },
    });
    expect(sent.status).toBe(200);
    const doras = await socketOnB(dora.token);
    const claimed = await a.call('POST', '/redpacket/claim', {
      token: carl.token,
      body: { redpacketCode: sent.attachment.code },
    });
    expect(claimed.status).toBe(200);
    expect(await doras.next('changed', (f) => f.topic === 'redpacket')).toEqual({
      type: 'changed',
      topic: 'redpacket',
      ref: sent.attachment.code,
    });
  });
});
