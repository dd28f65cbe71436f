import { CHAT_CLOSE, CHAT_SOCKET_CAPS, hashLoginPassword, Status, signRequest } from '@polaris/contract';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { httpClient } from '../../test/http-client.ts';
import { type ServerProcess, ServerProcesses } from '../../test/server-processes.ts';
import { type ChatClient, connectChat, createRoom } from './chat-fixtures.ts';

/**
 * Two real server processes on one PostgreSQL and one Redis: a session ended on A closes its socket held on B
 * within a second (the announcement crosses through Redis), and the same person's other session keeps its
 * socket on B.
 */
const template = inject('databaseTemplate');
if (template.kind !== 'postgres') throw new Error('this file runs in the PostgreSQL pass (DATABASE_URL)');
const redisUrl = process.env.REDIS_URL;
if (!redisUrl) throw new Error('this file needs REDIS_URL');
const processes = new ServerProcesses(template.url, redisUrl);
const clients: ChatClient[] = [];

let a: ServerProcess;
let b: ServerProcess;

beforeAll(async () => {
  await processes.createDatabase();
  // A ten-minute heartbeat: what closes the socket here is the announcement, not the heartbeat's re-check.
  [a, b] = await Promise.all([
    processes.start({ CHAT_HEARTBEAT_MS: '600000' }),
    processes.start({ CHAT_HEARTBEAT_MS: '600000' }),
  ]);
}, 120_000);

afterAll(async () => {
  for (const client of clients) await client.close().catch(() => {});
  await processes.close();
});

describe('a session ends on every process at once', () => {
  it('logout on A closes the socket held on B within a second; the other session keeps its socket', async () => {
    const apiA = httpClient(a.baseUrl, a.dataDir);
    const first = await apiA.register('cross-logout@example.com');
    const second = await apiA.call<{ token: string }>('POST', '/user/login', {
      body: { email: 'cross-logout@example.com', password: hashLoginPassword('abc12345') },
    });
    expect(second.status).toBe(200);
    const room = await createRoom(apiA, first.token, { name: 'Across' });

    const ending = await connectChat(b.baseUrl, first.token);
    const kept = await connectChat(b.baseUrl, second.attachment.token);
    clients.push(ending, kept);
    for (const client of [ending, kept]) {
      client.send({ type: 'subscribe', roomId: room.id });
      await client.next('subscribed');
    }

    const since = Date.now();
    expect((await apiA.call('POST', '/user/logout', { token: first.token })).status).toBe(200);
    const closed = await Promise.race([ending.closed, new Promise((resolve) => setTimeout(resolve, 1500, null))]);
    expect(closed).toEqual({ code: CHAT_CLOSE.sessionEnded.code, reason: CHAT_CLOSE.sessionEnded.reason });
    expect(Date.now() - since).toBeLessThan(1000);
    expect(ending.frames.some((frame) => frame.type === 'error' && frame.code === Status.sessionInvalid)).toBe(true);

    kept.send({ type: 'send', roomId: room.id, text: 'still on B', clientId: 'kept' });
    await kept.next('ack', (frame) => frame.clientId === 'kept');
    expect(kept.isOpen).toBe(true);
  }, 60_000);

  it('"sign out everywhere else" on B closes the sockets on A and B of the other sessions', async () => {
    const apiB = httpClient(b.baseUrl, b.dataDir);
    const caller = await apiB.register('cross-others@example.com');
    const other = await apiB.call<{ token: string }>('POST', '/user/login', {
      body: { email: 'cross-others@example.com', password: hashLoginPassword('abc12345') },
    });
    const onA = await connectChat(a.baseUrl, other.attachment.token);
    const onB = await connectChat(b.baseUrl, other.attachment.token);
    const callerOnA = await connectChat(a.baseUrl, caller.token);
    clients.push(onA, onB, callerOnA);
    const since = Date.now();
    const route = '/user/identity/sessions/revokeOthers';
    const timestamp = String(Date.now());
    const nonce = `cross-${Date.now()}`;
    const authorization = signRequest(caller.signingKey, { method: 'POST', path: route, timestamp, nonce, body: '' });
    const done = await apiB.call('POST', route, { token: caller.token, headers: { timestamp, nonce, authorization } });
    expect(done.status).toBe(200);
    for (const client of [onA, onB]) {
      const closed = await Promise.race([client.closed, new Promise((resolve) => setTimeout(resolve, 1500, null))]);
      expect(closed).toEqual({ code: CHAT_CLOSE.sessionEnded.code, reason: CHAT_CLOSE.sessionEnded.reason });
    }
    expect(Date.now() - since).toBeLessThan(1000);
    callerOnA.send({ type: 'ping', id: 'alive' });
    await callerOnA.next('pong');
  }, 60_000);

  it(`counts a session's sockets across processes: of 20 opened at once on A and B, ${CHAT_SOCKET_CAPS.perSession} stay`, async () => {
    const apiA = httpClient(a.baseUrl, a.dataDir);
    const kim = await apiA.register('cross-caps@example.com');
    const opened = await Promise.all(
      Array.from({ length: 2 * CHAT_SOCKET_CAPS.perSession }, (_, i) =>
        connectChat((i % 2 === 0 ? a : b).baseUrl, kim.token),
      ),
    );
    clients.push(...opened);
    // Each socket's own answer, not a time: a held place answers a ping (frames wait for the place), a refused
    // socket is closed with the cap's code.
    const refused: ChatClient[] = [];
    for (const [i, client] of opened.entries()) {
      client.send({ type: 'ping', id: `held-${i}` });
      const pong = client
        .next('pong', (frame) => frame.id === `held-${i}`, 60_000)
        .then(
          () => null,
          () => null,
        );
      const outcome = await Promise.race([client.closed, pong]);
      if (outcome !== null) {
        expect(outcome).toEqual({ code: CHAT_CLOSE.tooManySockets.code, reason: CHAT_CLOSE.tooManySockets.reason });
        refused.push(client);
      }
    }
    const kept = opened.filter((client) => !refused.includes(client));
    expect(kept.length).toBe(CHAT_SOCKET_CAPS.perSession);
    expect(kept.every((client) => client.isOpen)).toBe(true);
    // One closing gives its place back, on whichever process takes the next.
    await kept[0]!.close();
    // The place is given back when the server sees the close: until then a new socket is refused, so open until
    // one is admitted (a refusal other than the cap's fails the test).
    for (;;) {
      const next = await connectChat(b.baseUrl, kim.token);
      clients.push(next);
      next.send({ type: 'ping', id: 'in' });
      const pong = next.next('pong').then(
        () => 'pong' as const,
        () => 'no pong' as const,
      );
      const outcome = await Promise.race([pong, next.closed]);
      if (outcome === 'pong') break;
      expect(outcome).toEqual({ code: CHAT_CLOSE.tooManySockets.code, reason: CHAT_CLOSE.tooManySockets.reason });
    }
    const over = await connectChat(a.baseUrl, kim.token);
    clients.push(over);
    expect(await over.closed).toEqual({
      code: CHAT_CLOSE.tooManySockets.code,
      reason: CHAT_CLOSE.tooManySockets.reason,
    });
  }, 60_000);
});
