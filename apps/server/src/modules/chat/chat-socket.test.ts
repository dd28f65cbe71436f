import { API_BASE, CHAT_LIMITS } from '@polaris/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { query } from '../../db/client.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { type ChatClient, connectChat, createRoom, joinRoom } from './chat-fixtures.ts';

let t: TestApp;
let base: string;
type User = { uid: string; token: string };
let owner: User;
let ann: User;
let bob: User;
let eve: User;
const clients: ChatClient[] = [];

beforeAll(async () => {
  // A short heartbeat, so the test sees a silent client dropped; every client here answers pings but one.
  t = await createTestApp({ env: { CHAT_HEARTBEAT_MS: '250' } });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  owner = await t.register('ws-owner@example.com');
  ann = await t.register('ws-ann@example.com');
  bob = await t.register('ws-bob@example.com');
  eve = await t.register('ws-eve@example.com');
});
afterAll(async () => {
  await Promise.all(clients.map((client) => client.close()));
  await t.close();
});

async function connect(user: User | null) {
  const client = await connectChat(base, user?.token ?? null);
  clients.push(client);
  return client;
}

async function storedCount(roomId: string, text: string) {
  const { rows } = await query<{ n: number }>(
    t.database.db,
    sql`select count(*)::int as n from chat_messages where room_id = ${Number(roomId)} and body = ${text}`,
  );
  return rows[0]!.n;
}

describe('chat WebSocket', () => {
  it('refuses the upgrade without a valid session', async () => {
    await expect(connectChat(base, null)).rejects.toThrow(/upgrade refused/);
    await expect(connectChat(base, 'not-a-token')).rejects.toThrow(/upgrade refused/);
  });

  it('delivers messages in sequence with acks, and a resume from the last seq has no gap and no duplicate', async () => {
    const room = await createRoom(t, owner.token, { name: 'Live' });
    await joinRoom(t, ann.token, room.id);
    const sender = await connect(owner);
    const reader = await connect(ann);
    reader.send({ type: 'subscribe', roomId: room.id });
    const subscribed = await reader.next('subscribed');
    for (let i = 0; i < 5; i++) sender.send({ type: 'send', roomId: room.id, text: `live ${i}`, clientId: `c${i}` });
    const ack = await sender.next('ack', (frame) => frame.clientId === 'c4');
    await reader.next('message', (frame) => frame.message.seq === ack.seq);
    const seen = reader.messages(room.id);
    expect(seen.map((m) => m.text)).toEqual(['live 0', 'live 1', 'live 2', 'live 3', 'live 4']);
    expect(seen.map((m) => m.seq)).toEqual([1, 2, 3, 4, 5].map((n) => subscribed.lastSeq + n));

    // Ann goes away, two more are sent, and she resumes as if the third were the last she had stored.
    await reader.close();
    for (let i = 5; i < 7; i++) sender.send({ type: 'send', roomId: room.id, text: `live ${i}`, clientId: `c${i}` });
    await sender.next('ack', (frame) => frame.clientId === 'c6');
    const again = await connect(ann);
    again.send({ type: 'subscribe', roomId: room.id, afterSeq: seen[2]!.seq });
    const lastAck = sender.frames.findLast((frame) => frame.type === 'ack') as { seq: number };
    await again.next('message', (frame) => frame.message.seq === lastAck.seq);
    sender.send({ type: 'send', roomId: room.id, text: 'live 7', clientId: 'c7' });
    await again.next('message', (frame) => frame.message.text === 'live 7');
    expect(again.messages(room.id).map((m) => m.text)).toEqual(['live 3', 'live 4', 'live 5', 'live 6', 'live 7']);
  });

  it('answers bad frames with error frames and stays usable', async () => {
    const room = await createRoom(t, owner.token, { name: 'Frames' });
    const other = await createRoom(t, bob.token, { name: 'Not yours' });
    const client = await connect(owner);
    client.sendRaw('this is not json');
    expect((await client.next('error')).code).toBe(400);
    client.sendRaw(JSON.stringify({ type: 'ping', id: 'x'.repeat(CHAT_LIMITS.frameBytes) }));
    expect((await client.next('error')).code).toBe(413);
    client.send({ type: 'launch', roomId: room.id });
    expect((await client.next('error')).code).toBe(400);
    client.send({ type: 'send', roomId: room.id, text: 'nul \u0000 byte', clientId: 'nul' });
    expect(await client.next('error')).toMatchObject({ code: 400, field: 'text', clientId: 'nul' });
    client.send({ type: 'send', roomId: room.id, text: 'y'.repeat(CHAT_LIMITS.messageLength + 1), clientId: 'long' });
    expect(await client.next('error')).toMatchObject({ code: 400, clientId: 'long' });
    client.sendRaw(`{"type":"ping","id":${'['.repeat(100)}${']'.repeat(100)}}`);
    expect((await client.next('error')).code).toBe(400);
    client.send({ type: 'send', roomId: other.id, text: 'intrude', clientId: 'intrude' });
    expect(await client.next('error')).toMatchObject({ code: 403, clientId: 'intrude' });
    client.send({ type: 'subscribe', roomId: '999999' });
    expect((await client.next('error')).code).toBe(404);
    client.send({ type: 'ping', id: 'still-here' });
    expect(await client.next('pong')).toEqual({ type: 'pong', id: 'still-here' });
    expect(await storedCount(other.id, 'intrude')).toBe(0);
  });

  it('refuses subscribe to non-members, and sends from muted or banned members, storing nothing', async () => {
    const room = await createRoom(t, owner.token, { name: 'Guarded' });
    await joinRoom(t, bob.token, room.id);
    const outsider = await connect(eve);
    outsider.send({ type: 'subscribe', roomId: room.id });
    expect((await outsider.next('error')).code).toBe(403);

    const watcher = await connect(owner);
    watcher.send({ type: 'subscribe', roomId: room.id });
    await watcher.next('subscribed');
    const bobby = await connect(bob);
    bobby.send({ type: 'subscribe', roomId: room.id });
    await bobby.next('subscribed');
    await t.call('POST', '/chat/member/mute', {
      token: owner.token,
      body: { roomId: room.id, uid: bob.uid, minutes: 5 },
    });
    bobby.send({ type: 'send', roomId: room.id, text: 'muted words', clientId: 'm' });
    expect(await bobby.next('error')).toMatchObject({ code: 403, clientId: 'm' });
    await t.call('POST', '/chat/member/ban', { token: owner.token, body: { roomId: room.id, uid: bob.uid } });
    await watcher.next('message', (frame) => frame.message.event === 'banned');
    bobby.send({ type: 'send', roomId: room.id, text: 'banned words', clientId: 'b' });
    expect(await bobby.next('error')).toMatchObject({ code: 404, clientId: 'b' });
    bobby.send({ type: 'subscribe', roomId: room.id });
    expect((await bobby.next('error')).code).toBe(404);
    // The banned member's socket no longer receives the room.
    watcher.send({ type: 'send', roomId: room.id, text: 'after the ban', clientId: 'w' });
    await watcher.next('message', (frame) => frame.message.text === 'after the ban');
    expect(bobby.messages(room.id).some((m) => m.text === 'after the ban')).toBe(false);
    expect(await storedCount(room.id, 'muted words')).toBe(0);
    expect(await storedCount(room.id, 'banned words')).toBe(0);
  });

  it('rate-limits a burst of 10,000 messages from one client; another client sends meanwhile, unrefused', async () => {
    const room = await createRoom(t, owner.token, { name: 'Flood' });
    await joinRoom(t, eve.token, room.id);
    await joinRoom(t, ann.token, room.id);
    const flooder = await connect(eve);
    const calm = await connect(ann);
    const reader = await connect(owner);
    reader.send({ type: 'subscribe', roomId: room.id });
    await reader.next('subscribed');
    const burst = Array.from({ length: 10_000 }, (_, i) =>
      JSON.stringify({ type: 'send', roomId: room.id, text: `flood ${i}`, clientId: `f${i}` }),
    );
    const started = Date.now();
    for (const frame of burst) flooder.sendRaw(frame);
    // The limit is the flooder's own: a send from another client in the middle of the burst is stored and acked.
    // (Whether it waits behind the burst is a matter of time, not of order: when the refusals are answered within
    // one turn of the event loop the whole burst can be answered before the calm frame is even read (CI saw it), so
    // this test asserts no order.)
    calm.send({ type: 'send', roomId: room.id, text: 'calm hello', clientId: 'calm' });
    await calm.next('ack', (frame) => frame.clientId === 'calm', 150_000);
    expect(calm.frames.some((frame) => frame.type === 'error' && frame.clientId === 'calm')).toBe(false);
    // The room's other sockets get it too; on CI beside the browser journeys the flood once took over a minute.
    await reader.next('message', (frame) => frame.message.text === 'calm hello', 150_000);

    await flooder.next('error', (frame) => frame.clientId === 'f9999', 150_000);
    const acks = flooder.frames.filter((frame) => frame.type === 'ack').length;
    const refused = flooder.frames.filter((frame) => frame.type === 'error' && frame.code === 409).length;
    // One window's sends, or one per window the burst spanned when a loaded machine took longer than a window to
    // answer it (Redis windows expire in real time): never more, and every frame answered once.
    const windows = Math.ceil((Date.now() - started) / (CHAT_LIMITS.windowSeconds * 1000)) + 1;
    expect(acks).toBeGreaterThanOrEqual(CHAT_LIMITS.sendsPerWindow);
    expect(acks).toBeLessThanOrEqual(CHAT_LIMITS.sendsPerWindow * windows);
    expect(acks + refused).toBe(10_000);
    const { rows } = await query<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from chat_messages where room_id = ${Number(room.id)} and body like 'flood %'`,
    );
    expect(rows[0]!.n).toBe(acks);
  }, 360_000);

  it('forwards typing (a few per window, members only) and deletions to other subscribers', async () => {
    const room = await createRoom(t, owner.token, { name: 'Typing' });
    await joinRoom(t, ann.token, room.id);
    const a = await connect(owner);
    const b = await connect(ann);
    for (const client of [a, b]) {
      client.send({ type: 'subscribe', roomId: room.id });
      await client.next('subscribed');
    }
    for (let i = 0; i < 50; i++) a.send({ type: 'typing', roomId: room.id });
    expect(await b.next('typing')).toEqual({ type: 'typing', roomId: room.id, uid: owner.uid });
    // A marker after the typing frames: a's frames are handled in order and b receives the room's frames in
    // order, so once b has the marker, every typing frame the server forwarded is there.
    a.send({ type: 'send', roomId: room.id, text: 'after typing', clientId: 'typed' });
    await b.next('message', (frame) => frame.message.text === 'after typing');
    expect(b.frames.filter((frame) => frame.type === 'typing')).toHaveLength(CHAT_LIMITS.typingPerWindow);
    const outsider = await connect(eve);
    outsider.send({ type: 'typing', roomId: room.id });
    expect((await outsider.next('error')).code).toBe(403);
    a.send({ type: 'send', roomId: room.id, text: 'oops', clientId: 'o' });
    const ack = await a.next('ack');
    await t.call('POST', '/chat/message/delete', { token: owner.token, body: { roomId: room.id, seq: ack.seq } });
    expect(await b.next('deleted')).toEqual({ type: 'deleted', roomId: room.id, seq: ack.seq });
  });

  it('closes a socket that stops answering pings and keeps one that answers', async () => {
    const live = await connect(ann);
    const url = `${base.replace(/^http/, 'ws')}${API_BASE}/ws?token=${encodeURIComponent(bob.token)}`;
    // A client whose network died: it never answers the server's pings.
    const silent = new WebSocket(url, { autoPong: false });
    await new Promise((resolve, reject) => silent.once('open', resolve).once('error', reject));
    const closedAt = await new Promise<number>((resolve) => silent.once('close', () => resolve(Date.now())));
    expect(closedAt).toBeGreaterThan(0);
    // Well past the two heartbeats that closed the silent one (three more pings), the answering client still talks.
    await live.pings(3);
    live.send({ type: 'ping', id: 'alive' });
    expect(await live.next('pong', (frame) => frame.id === 'alive')).toEqual({ type: 'pong', id: 'alive' });
  });

  it('stores a message sent twice under one client id once, and acks both with its seq', async () => {
    const room = await createRoom(t, owner.token, { name: 'Resend' });
    await joinRoom(t, ann.token, room.id);
    const reader = await connect(ann);
    reader.send({ type: 'subscribe', roomId: room.id });
    await reader.next('subscribed');
    const sender = await connect(owner);
    // A resend after a lost ack, and the same id racing itself.
    for (let i = 0; i < 3; i++) sender.send({ type: 'send', roomId: room.id, text: 'only once', clientId: 'c-1' });
    const acks = [await sender.next('ack'), await sender.next('ack'), await sender.next('ack')];
    expect(new Set(acks.map((ack) => ack.seq)).size).toBe(1);
    expect(acks.every((ack) => ack.clientId === 'c-1')).toBe(true);
    const again = await t.call<{ message: { seq: number } }>('POST', '/chat/message/send', {
      token: owner.token,
      body: { roomId: room.id, text: 'only once', clientId: 'c-1' },
    });
    expect(again.attachment.message.seq).toBe(acks[0]!.seq);
    sender.send({ type: 'send', roomId: room.id, text: 'next', clientId: 'c-2' });
    const next = await sender.next('ack', (ack) => ack.clientId === 'c-2');
    // Numbers stay gapless: the undone duplicates took none.
    expect(next.seq).toBe(acks[0]!.seq + 1);
    await reader.next('message', (frame) => frame.message.seq === next.seq);
    expect(reader.messages(room.id).filter((message) => message.text === 'only once')).toHaveLength(1);
    expect(await storedCount(room.id, 'only once')).toBe(1);
  });
});
