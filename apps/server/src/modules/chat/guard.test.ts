import type { ChatBlockedPerson, ChatMessage, ChatReportItem, ChatRoom } from '@polaris/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { adminToken } from '../../test/wallet-fixtures.ts';
import { connectChat, createRoom, joinRoom } from './chat-fixtures.ts';

let t: TestApp;
type User = { uid: string; token: string };
let ann: User;
let bob: User;
let cat: User;
let owner: User;
let base: string;

beforeAll(async () => {
  t = await createTestApp();
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  owner = await t.register('guard-owner@example.com');
  ann = await t.register('guard-ann@example.com');
  bob = await t.register('guard-bob@example.com');
  cat = await t.register('guard-cat@example.com');
});
afterAll(() => t.close());

const send = (user: User, roomId: string, text: string) =>
  t.call<{ message: ChatMessage }>('POST', '/chat/message/send', { token: user.token, body: { roomId, text } });
const openDirect = (user: User, peer: User) =>
  t.call<ChatRoom>('POST', '/chat/direct/open', { token: user.token, body: { uid: peer.uid } });
const blocks = (user: User, path: '/chat/block' | '/chat/unblock', peer: { uid: string }) =>
  t.call<{ items: ChatBlockedPerson[] }>('POST', path, { token: user.token, body: { uid: peer.uid } });
const report = (user: User, body: Record<string, unknown>) =>
  t.call<{ id: string }>('POST', '/chat/report', { token: user.token, body: { reason: 'spam', ...body } });
const queue = (user: User, roomId: string) =>
  t.call<{ items: ChatReportItem[] }>('GET', '/chat/room/reports', { token: user.token, query: { roomId } });
const act = (user: User, body: Record<string, unknown>) =>
  t.call<{ id: string; status: string }>('POST', '/chat/room/report/act', { token: user.token, body });
const operator = async <T>(method: 'GET' | 'POST', route: string, body?: unknown) =>
  t.call<T>(method, route, { headers: { 'x-admin-token': await adminToken(t) }, body });

describe('blocking', () => {
  it('refuses the blocked person opening, reading or writing our direct chat as an unknown one, until unblocked', async () => {
    const direct = await openDirect(ann, bob);
    expect(direct.status).toBe(200);
    const roomId = direct.attachment.id;
    expect((await send(bob, roomId, 'hi ann')).status).toBe(200);

    const listed = await blocks(ann, '/chat/block', bob);
    expect(listed.attachment.items.map((p) => p.uid)).toEqual([bob.uid]);
    expect((await blocks(ann, '/chat/block', bob)).attachment.items).toHaveLength(1);

    // Bob is answered exactly as for a user or room that does not exist.
    const unknownUser = await t.call('POST', '/chat/direct/open', { token: bob.token, body: { uid: '99999999' } });
    const refusedOpen = await openDirect(bob, ann);
    expect([refusedOpen.status, refusedOpen.msg]).toEqual([unknownUser.status, unknownUser.msg]);
    const unknownRoom = await send(bob, '99999999', 'x');
    const refusedSend = await send(bob, roomId, 'still there?');
    expect([refusedSend.status, refusedSend.msg]).toEqual([unknownRoom.status, unknownRoom.msg]);
    expect(refusedSend.status).toBe(404);
    expect((await t.call('GET', '/chat/room', { token: bob.token, query: { roomId } })).status).toBe(404);
    expect((await t.call('GET', '/chat/messages', { token: bob.token, query: { roomId } })).status).toBe(404);
    const bobRooms = await t.call<{ items: { room: ChatRoom }[] }>('GET', '/chat/rooms/mine', { token: bob.token });
    expect(bobRooms.attachment.items.map((row) => row.room.id)).not.toContain(roomId);
    const socket = await connectChat(base, bob.token);
    socket.send({ type: 'subscribe', roomId });
    expect((await socket.next('error')).code).toBe(404);
    await socket.close();

    // Ann still reads the conversation, and is told to unblock before writing.
    expect((await t.call('GET', '/chat/messages', { token: ann.token, query: { roomId } })).status).toBe(200);
    const annSend = await send(ann, roomId, 'bye');
    expect([annSend.status, annSend.msg]).toEqual([409, 'You blocked this person: unblock them to write here']);

    expect((await blocks(ann, '/chat/unblock', bob)).attachment.items).toEqual([]);
    expect((await openDirect(bob, ann)).status).toBe(200);
    expect((await send(bob, roomId, 'back')).status).toBe(200);
    expect((await send(ann, roomId, 'welcome back')).status).toBe(200);
  });

  it('refuses blocking oneself or an unknown user, and lists the blocked with their names', async () => {
    expect((await blocks(cat, '/chat/block', cat)).status).toBe(409);
    expect((await blocks(cat, '/chat/block', { uid: '99999999' })).status).toBe(404);
    const listed = await blocks(cat, '/chat/block', ann);
    expect(listed.attachment.items[0]).toMatchObject({ uid: ann.uid, name: null, avatar: null });
    expect((await t.call('GET', '/chat/blocks', { token: cat.token })).attachment).toEqual(listed.attachment);
    expect((await t.call('GET', '/chat/blocks', {})).status).toBe(401);
    await blocks(cat, '/chat/unblock', ann);
  });
});

describe('reports', () => {
  it('keeps one open report for a hundred identical reports at once', async () => {
    const room = await createRoom(t, owner.token, { name: 'Reports once' });
    await joinRoom(t, ann.token, room.id);
    await joinRoom(t, bob.token, room.id);
    const spam = (await send(bob, room.id, 'buy now')).attachment.message;
    const results = await Promise.all(
      Array.from({ length: 100 }, () => report(ann, { roomId: room.id, seq: spam.seq })),
    );
    expect(results.every((r) => r.status === 200)).toBe(true);
    expect(new Set(results.map((r) => r.attachment.id)).size).toBe(1);
    const items = (await queue(owner, room.id)).attachment.items;
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      seq: spam.seq,
      reason: 'spam',
      reporter: { uid: ann.uid },
      target: { uid: bob.uid },
      message: { text: 'buy now', deleted: false },
    });
  });

  it('answers a report in a room the reporter may not see exactly like an unknown room, and refuses unknown messages', async () => {
    const secret = await createRoom(t, owner.token, { name: 'Secret', joinPolicy: 'invite' });
    const said = (await send(owner, secret.id, 'inside')).attachment.message;
    const hidden = await report(cat, { roomId: secret.id, seq: said.seq });
    const unknown = await report(cat, { roomId: '99999999', seq: 1 });
    expect([hidden.status, hidden.msg]).toEqual([unknown.status, unknown.msg]);
    expect(hidden.status).toBe(404);
    const room = await createRoom(t, owner.token, { name: 'Open' });
    await joinRoom(t, cat.token, room.id);
    const missing = await report(cat, { roomId: room.id, seq: 999 });
    expect([missing.status, missing.msg]).toEqual([unknown.status, unknown.msg]);
    // The "joined" line is a system message: nothing to report.
    expect((await report(cat, { roomId: room.id, seq: 1 })).status).toBe(404);
    const own = (await send(cat, room.id, 'mine')).attachment.message;
    expect((await report(cat, { roomId: room.id, seq: own.seq })).status).toBe(409);
    expect((await report(cat, { roomId: room.id, uid: owner.uid, reason: 'bogus' })).status).toBe(400);
    expect((await report(cat, { roomId: room.id })).status).toBe(400);
    expect((await report(cat, { roomId: room.id, uid: bob.uid })).status).toBe(404);
  });

  it("lets a room's admins delete, mute, ban or dismiss from the queue; members may not see it", async () => {
    const room = await createRoom(t, owner.token, { name: 'Queue' });
    for (const user of [ann, bob, cat]) await joinRoom(t, user.token, room.id);
    const first = (await send(bob, room.id, 'scam link')).attachment.message;
    const second = (await send(bob, room.id, 'more scam')).attachment.message;
    const deleteMe = (await report(ann, { roomId: room.id, seq: first.seq, reason: 'scam', note: 'fake wallet' }))
      .attachment.id;
    const sameTarget = (await report(cat, { roomId: room.id, seq: first.seq })).attachment.id;
    const muteMe = (await report(ann, { roomId: room.id, seq: second.seq })).attachment.id;
    const person = (await report(cat, { roomId: room.id, uid: bob.uid, reason: 'harassment' })).attachment.id;

    expect((await queue(ann, room.id)).status).toBe(403);
    expect((await act(ann, { roomId: room.id, id: deleteMe, action: 'dismiss' })).status).toBe(403);
    expect((await queue(owner, room.id)).attachment.items.map((item) => item.id)).toEqual([
      deleteMe,
      sameTarget,
      muteMe,
      person,
    ]);

    expect((await act(owner, { roomId: room.id, id: person, action: 'delete' })).status).toBe(400);
    expect((await act(owner, { roomId: room.id, id: deleteMe, action: 'delete' })).attachment.status).toBe('resolved');
    const history = await t.call<{ items: ChatMessage[] }>('GET', '/chat/messages', {
      token: ann.token,
      query: { roomId: room.id },
    });
    expect(history.attachment.items.find((m) => m.seq === first.seq)?.deleted).toBe(true);
    // Both reports of the deleted message closed with it; acting again on either finds nothing.
    expect((await act(owner, { roomId: room.id, id: sameTarget, action: 'dismiss' })).status).toBe(404);

    await act(owner, { roomId: room.id, id: muteMe, action: 'mute', minutes: 10 });
    expect((await send(bob, room.id, 'muted?')).status).toBe(403);
    expect((await queue(owner, room.id)).attachment.items.map((item) => item.id)).toEqual([person]);
    expect((await act(owner, { roomId: room.id, id: person, action: 'ban' })).attachment.status).toBe('resolved');
    expect((await t.call('GET', '/chat/room', { token: bob.token, query: { roomId: room.id } })).status).toBe(404);
    expect((await queue(owner, room.id)).attachment.items).toEqual([]);

    const other = await createRoom(t, owner.token, { name: 'Other' });
    await joinRoom(t, ann.token, other.id);
    const dismissed = (await report(owner, { roomId: other.id, uid: ann.uid })).attachment.id;
    // A report of another room is not this room's.
    expect((await act(owner, { roomId: room.id, id: dismissed, action: 'dismiss' })).status).toBe(404);
    expect((await act(owner, { roomId: other.id, id: dismissed, action: 'dismiss' })).attachment.status).toBe(
      'dismissed',
    );
  });

  it("sends reports of direct messages to the operators' queue, behind the operator guard", async () => {
    const direct = (await openDirect(cat, owner)).attachment;
    const rude = (await send(owner, direct.id, 'rude words')).attachment.message;
    const filed = (await report(cat, { roomId: direct.id, seq: rude.seq, reason: 'harassment' })).attachment.id;

    expect((await t.call('GET', '/admin/chat/reports', {})).status).toBe(403);
    expect((await t.call('GET', '/admin/chat/reports', { token: cat.token })).status).toBe(403);
    expect((await t.call('POST', '/admin/chat/report/act', { body: { id: filed, action: 'delete' } })).status).toBe(
      403,
    );
    const pending = await operator<{ items: ChatReportItem[] }>('GET', '/admin/chat/reports');
    expect(pending.attachment.items.map((item) => item.id)).toContain(filed);
    // Direct rooms have no admins: their reports are in no room's queue.
    expect((await queue(cat, direct.id)).status).toBe(403);

    const done = await operator<{ status: string }>('POST', '/admin/chat/report/act', { id: filed, action: 'delete' });
    expect(done.attachment.status).toBe('resolved');
    const history = await t.call<{ items: ChatMessage[] }>('GET', '/chat/messages', {
      token: cat.token,
      query: { roomId: direct.id },
    });
    expect(history.attachment.items.find((m) => m.seq === rude.seq)).toMatchObject({ deleted: true, text: '' });
    expect((await operator('POST', '/admin/chat/report/act', { id: filed, action: 'dismiss' })).status).toBe(404);

    // A room report is not the operators' to act on.
    const room = await createRoom(t, owner.token, { name: 'Not direct' });
    await joinRoom(t, cat.token, room.id);
    const roomReport = (await report(cat, { roomId: room.id, uid: owner.uid })).attachment.id;
    expect((await operator('POST', '/admin/chat/report/act', { id: roomReport, action: 'dismiss' })).status).toBe(404);
  });
});
