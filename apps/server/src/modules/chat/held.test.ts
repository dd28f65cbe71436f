import type { ChatHeldMessage, ChatMessage, ChatRoom, Notice } from '@polaris/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { query } from '../../db/client.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { connectChat, createRoom, joinRoom } from './chat-fixtures.ts';

/** A first-time poster's link held until an admin approves (docs/chat.md "Held links"). */

let t: TestApp;
type User = { uid: string; token: string };
let owner: User;
let admin: User;
let old: User;
let base: string;

beforeAll(async () => {
  t = await createTestApp();
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  owner = await t.register('held-owner@example.com');
  admin = await t.register('held-admin@example.com');
  old = await t.register('held-old@example.com');
});
afterAll(() => t.close());

type Sent = { message: ChatMessage | null; held: ChatHeldMessage | null };
const send = (user: User, roomId: string, text: string, clientId?: string) =>
  t.call<Sent>('POST', '/chat/message/send', { token: user.token, body: { roomId, text, clientId } });
const act = (user: User, roomId: string, id: string, action: 'approve' | 'reject') =>
  t.call<ChatHeldMessage>('POST', '/chat/room/held/act', { token: user.token, body: { roomId, id, action } });
const queue = (user: User, roomId: string) =>
  t.call<{ items: ChatHeldMessage[] }>('GET', '/chat/room/held', { token: user.token, query: { roomId } });
const mine = async (user: User, roomId: string) =>
  (await t.call<{ items: ChatHeldMessage[] }>('GET', '/chat/room/held/mine', { token: user.token, query: { roomId } }))
    .attachment.items;
const history = async (user: User, roomId: string) =>
  (await t.call<{ items: ChatMessage[] }>('GET', '/chat/messages', { token: user.token, query: { roomId } })).attachment
    .items;
const lastSeq = async (roomId: string) =>
  (await t.call<ChatRoom>('GET', '/chat/room', { token: owner.token, query: { roomId } })).attachment.lastSeq;
const unread = async (user: User, roomId: string) =>
  (
    await t.call<{ items: { room: ChatRoom; unread: number }[] }>('GET', '/chat/rooms/mine', { token: user.token })
  ).attachment.items.find((item) => item.room.id === roomId)!.unread;

let counter = 0;
/** A room with the rule on, the admin promoted and a member who posted before; `fresh` has never posted. */
async function heldRoom(joinPolicy: 'public' | 'invite' = 'public') {
  const room = await createRoom(t, owner.token, { name: `Held ${++counter}`, joinPolicy });
  const set = await t.call<{ holdFirstLinks: boolean }>('POST', '/chat/room/rules', {
    token: owner.token,
    body: { roomId: room.id, blockedWords: [], linkMinHours: 0, holdFirstLinks: true },
  });
  expect(set.attachment.holdFirstLinks).toBe(true);
  const fresh = await t.register(`held-fresh-${counter}@example.com`);
  for (const user of [admin, old, fresh]) {
    if (joinPolicy === 'public') await joinRoom(t, user.token, room.id);
    else await t.call('POST', '/chat/room/join', { token: user.token, body: { inviteToken: room.inviteToken } });
  }
  await t.call('POST', '/chat/member/role', {
    token: owner.token,
    body: { roomId: room.id, uid: admin.uid, role: 'admin' },
  });
  expect((await send(old, room.id, 'hello all')).attachment.message).not.toBeNull();
  return { room, fresh };
}

describe('the hold', () => {
  it('holds a first-time poster’s link out of history, search, unread counts and sockets; the author sees it waiting', async () => {
    const { room, fresh } = await heldRoom();
    const rules = await t.call<{ holdFirstLinks: boolean }>('GET', '/chat/room/rules', {
      token: admin.token,
      query: { roomId: room.id },
    });
    expect(rules.attachment.holdFirstLinks).toBe(true);
    const watcher = await connectChat(base, old.token);
    watcher.send({ type: 'subscribe', roomId: room.id });
    await watcher.next('subscribed');
    const seqBefore = await lastSeq(room.id);
    const unreadBefore = await unread(owner, room.id);
    const ownerSocket = await connectChat(base, owner.token);
    ownerSocket.send({ type: 'ping' });
    await ownerSocket.next('pong');

    const sent = await send(fresh, room.id, 'great deals at example.com/deal', 'h1');
    expect(sent.status).toBe(200);
    expect(sent.attachment.message).toBeNull();
    expect(sent.attachment.held).toMatchObject({ status: 'held', seq: null, text: 'great deals at example.com/deal' });
    // A resend after a lost answer finds the same held message.
    expect((await send(fresh, room.id, 'great deals at example.com/deal', 'h1')).attachment.held!.id).toBe(
      sent.attachment.held!.id,
    );
    // Over the socket: a `held` frame answers the author's send.
    const author = await connectChat(base, fresh.token);
    author.send({ type: 'send', roomId: room.id, text: 'see https://spam.example', clientId: 'h2' });
    expect(await author.next('held')).toMatchObject({ clientId: 'h2', roomId: room.id, held: { status: 'held' } });

    // The admins' screens are told the queue grew.
    expect(await ownerSocket.next('changed')).toMatchObject({ topic: 'chatHeld', ref: room.id });
    expect(await lastSeq(room.id)).toBe(seqBefore);
    expect(await unread(owner, room.id)).toBe(unreadBefore);
    for (const user of [owner, old]) {
      expect((await history(user, room.id)).some((m) => m.text.includes('example'))).toBe(false);
    }
    const found = await t.call<{ items: unknown[] }>('GET', '/chat/messages/search', {
      token: owner.token,
      query: { roomId: room.id, q: 'deals' },
    });
    expect(found.attachment.items).toHaveLength(0);
    expect((await mine(fresh, room.id)).map((h) => [h.text, h.status])).toEqual([
      ['great deals at example.com/deal', 'held'],
      ['see https://spam.example', 'held'],
    ]);
    expect(await mine(old, room.id)).toEqual([]);
    // Not a link, or from someone who has posted, or from an admin: published at once.
    expect((await send(old, room.id, 'look at example.com')).attachment.message).not.toBeNull();
    expect((await send(admin, room.id, 'rules at https://example.org')).attachment.message).not.toBeNull();
    await watcher.next('message', (frame) => frame.message.text === 'rules at https://example.org');
    expect(watcher.messages(room.id).some((m) => m.text.includes('deals') || m.text.includes('spam'))).toBe(false);
    await Promise.all([watcher.close(), author.close(), ownerSocket.close()]);
  });

  it('counts a held send against the send rate', async () => {
    const { room, fresh } = await heldRoom();
    const answers = await Promise.all(
      Array.from({ length: 21 }, (_, i) => send(fresh, room.id, `link ${i} www.example.com`)),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(20);
    expect(answers.filter((a) => a.status === 409).map((a) => a.msg)).toHaveLength(1);
    expect(await mine(fresh, room.id)).toHaveLength(20);
  });
});

describe('approving and rejecting', () => {
  it('two admins approving at once publish once, under the next number, live, with its mentions told; later links pass', async () => {
    const { room, fresh } = await heldRoom();
    const held = (await send(fresh, room.id, `hi @${old.uid} see https://example.com/a`)).attachment.held!;
    const seqBefore = await lastSeq(room.id);
    const resumer = await connectChat(base, old.token);
    resumer.send({ type: 'subscribe', roomId: room.id, afterSeq: seqBefore });
    await resumer.next('subscribed');
    const authorSocket = await connectChat(base, fresh.token);
    authorSocket.send({ type: 'ping' });
    await authorSocket.next('pong');

    const [a, b] = await Promise.all([
      act(owner, room.id, held.id, 'approve'),
      act(admin, room.id, held.id, 'approve'),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const won = a.status === 200 ? a : b;
    expect(won.attachment).toMatchObject({ status: 'approved', seq: seqBefore + 1 });
    const lost = a.status === 200 ? b : a;
    expect(lost.msg).toBe('Another admin has already decided on this message');

    const frame = await resumer.next('message', (f) => f.message.seq === seqBefore + 1);
    expect(frame.message).toMatchObject({ text: held.text, senderUid: fresh.uid, mentions: [old.uid] });
    expect(await authorSocket.next('changed')).toMatchObject({ topic: 'chatHeld', ref: room.id });
    const { rows } = await query<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from chat_messages where room_id = ${Number(room.id)} and body = ${held.text}`,
    );
    expect(rows[0]!.n).toBe(1);
    expect(await lastSeq(room.id)).toBe(seqBefore + 1);
    expect((await history(owner, room.id))[0]).toMatchObject({ seq: seqBefore + 1, text: held.text });
    expect(await mine(fresh, room.id)).toEqual([]);
    const found = await t.call<{ items: unknown[] }>('GET', '/chat/messages/search', {
      token: owner.token,
      query: { roomId: room.id, q: 'example.com/a' },
    });
    expect(found.attachment.items).toHaveLength(1);
    await t.services.chat.notices.idle();
    const notices = await t.call<{ items: Notice[] }>('GET', '/notice/list', {
      token: old.token,
      query: { category: 'chat', limit: '50' },
    });
    expect(notices.attachment.items.filter((n) => n.link?.includes(room.id))).toHaveLength(1);

    expect((await send(fresh, room.id, 'and www.example.net')).attachment.message).not.toBeNull();
    expect((await queue(owner, room.id)).attachment.items).toEqual([]);
    await Promise.all([resumer.close(), authorSocket.close()]);
  });

  it('rejecting keeps it from everyone; the author sees it refused; a second decision is refused', async () => {
    const { room, fresh } = await heldRoom();
    const held = (await send(fresh, room.id, 'buy at example.io')).attachment.held!;
    const seqBefore = await lastSeq(room.id);
    const rejected = await act(admin, room.id, held.id, 'reject');
    expect(rejected.attachment).toMatchObject({ status: 'rejected', seq: null });
    expect((await act(owner, room.id, held.id, 'approve')).status).toBe(409);
    expect((await act(owner, room.id, '987654321', 'approve')).status).toBe(404);
    expect(await lastSeq(room.id)).toBe(seqBefore);
    expect((await history(owner, room.id)).some((m) => m.text === 'buy at example.io')).toBe(false);
    expect((await mine(fresh, room.id)).map((h) => h.status)).toEqual(['rejected']);
    // Still never published: the next link waits too.
    expect((await send(fresh, room.id, 'again example.io')).attachment.held).not.toBeNull();
  });

  it('refuses to publish the message of an author banned, or gone, since it was held', async () => {
    const { room, fresh } = await heldRoom();
    const held = (await send(fresh, room.id, 'see example.org')).attachment.held!;
    const banned = await t.call('POST', '/chat/member/ban', {
      token: owner.token,
      body: { roomId: room.id, uid: fresh.uid },
    });
    expect(banned.status).toBe(200);
    const seqBefore = await lastSeq(room.id);
    const refused = await act(admin, room.id, held.id, 'approve');
    expect([refused.status, refused.msg]).toEqual([
      409,
      'The author is no longer in this room: the message was refused',
    ]);
    expect(await lastSeq(room.id)).toBe(seqBefore);
    expect((await history(owner, room.id)).some((m) => m.text === 'see example.org')).toBe(false);
    // It leaves the queue as refused: nobody can approve it later.
    expect((await queue(admin, room.id)).attachment.items).toEqual([]);
    expect((await act(owner, room.id, held.id, 'approve')).status).toBe(409);

    // One who left on their own is gone too.
    const { room: other, fresh: leaver } = await heldRoom();
    const second = (await send(leaver, other.id, 'bye example.org')).attachment.held!;
    expect((await t.call('POST', '/chat/room/leave', { token: leaver.token, body: { roomId: other.id } })).status).toBe(
      200,
    );
    expect((await act(owner, other.id, second.id, 'approve')).status).toBe(409);
    expect((await history(owner, other.id)).some((m) => m.text === 'bye example.org')).toBe(false);
  });

  it('the queue: admins read it, members get 403, whoever may not see the room 404', async () => {
    const { room, fresh } = await heldRoom('invite');
    const held = (await send(fresh, room.id, 'www.example.com please')).attachment.held!;
    const list = await queue(admin, room.id);
    expect(list.attachment.items).toEqual([
      expect.objectContaining({ id: held.id, author: { uid: fresh.uid, name: null } }),
    ]);
    expect((await queue(old, room.id)).status).toBe(403);
    expect((await act(old, room.id, held.id, 'approve')).status).toBe(403);
    const outsider = await t.register(`held-outsider-${counter}@example.com`);
    const unknown = await queue(outsider, '987654321');
    const hidden = await queue(outsider, room.id);
    expect([hidden.status, hidden.msg]).toEqual([unknown.status, unknown.msg]);
    expect(hidden.status).toBe(404);
    expect((await act(outsider, room.id, held.id, 'approve')).status).toBe(404);
    expect(
      (await t.call('GET', '/chat/room/held/mine', { token: outsider.token, query: { roomId: room.id } })).status,
    ).toBe(404);
  });
});
