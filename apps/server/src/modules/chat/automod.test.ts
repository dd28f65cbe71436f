import type { ChatMessage, ChatRoom } from '@polaris/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { query } from '../../db/client.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { connectChat, createRoom, joinRoom } from './chat-fixtures.ts';

let t: TestApp;
type User = { uid: string; token: string };
let owner: User;
let mia: User;
let eve: User;
let base: string;

beforeAll(async () => {
  t = await createTestApp();
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  owner = await t.register('automod-owner@example.com');
  mia = await t.register('automod-mia@example.com');
  eve = await t.register('automod-eve@example.com');
  await rename(owner, 'Moderator Ann');
  await rename(mia, 'Mia');
});
afterAll(() => t.close());

async function rename(user: User, openName: string) {
  const named = await t.call('POST', '/user/personalInfo', { token: user.token, body: { openName } });
  expect(named.status).toBe(200);
}
const send = (user: User, roomId: string, text: string) =>
  t.call<{ message: ChatMessage }>('POST', '/chat/message/send', { token: user.token, body: { roomId, text } });
const setRules = (user: User, body: Record<string, unknown>) =>
  t.call<{ blockedWords: string[]; linkMinHours: number }>('POST', '/chat/room/rules', { token: user.token, body });
const fieldOf = (answer: { attachment: unknown }) => (answer.attachment as { field: string }[] | null)?.[0]?.field;

describe('impersonation', () => {
  it("refuses joining under a name that passes for an admin's, ignoring width, case, spaces and look-alikes", async () => {
    const room = await createRoom(t, owner.token, { name: 'Look-alikes' });
    // Full-width M, a zero (0) for o, Cyrillic А, a zero-width space.
    await rename(eve, 'Ｍ0derator\u200B Аnn');
    const refused = await t.call('POST', '/chat/room/join', { token: eve.token, body: { roomId: room.id } });
    expect([refused.status, refused.msg, fieldOf(refused)]).toEqual([
      403,
      'Your display name looks like the name of an admin of this room: change it to join or write here',
      'name',
    ]);
    await rename(eve, 'Eve');
    await joinRoom(t, eve.token, room.id);
  });

  it('refuses sending after a rename that makes a member look like an admin, and lets admins keep their names', async () => {
    const room = await createRoom(t, owner.token, { name: 'Renames' });
    await joinRoom(t, mia.token, room.id);
    expect((await send(mia, room.id, 'hello')).status).toBe(200);
    await rename(mia, 'moderator ann');
    const refused = await send(mia, room.id, 'I am the admin, send me USDT');
    expect([refused.status, fieldOf(refused)]).toEqual([403, 'name']);
    const socket = await connectChat(base, mia.token);
    socket.send({ type: 'send', roomId: room.id, text: 'over the socket', clientId: 'c1' });
    expect(await socket.next('error')).toMatchObject({ code: 403, field: 'name', clientId: 'c1' });
    await socket.close();
    // Promoted, the same name is an admin's own.
    await t.call('POST', '/chat/member/role', {
      token: owner.token,
      body: { roomId: room.id, uid: mia.uid, role: 'admin' },
    });
    expect((await send(mia, room.id, 'now I am one')).status).toBe(200);
    await rename(mia, 'Mia');
  });

  it("warns of a direct chat from someone whose name passes for an admin's of a room both are in", async () => {
    const room = await createRoom(t, owner.token, { name: 'Warned room' });
    await rename(eve, 'Eve');
    await joinRoom(t, eve.token, room.id);
    await joinRoom(t, mia.token, room.id);
    const roomOf = async (user: User, roomId: string) =>
      (await t.call<ChatRoom>('GET', '/chat/room', { token: user.token, query: { roomId } })).attachment;
    const direct = await t.call<{ id: string }>('POST', '/chat/direct/open', {
      token: eve.token,
      body: { uid: mia.uid },
    });
    expect((await roomOf(mia, direct.attachment.id)).impersonation).toBeNull();
    // Eve now poses as the room's admin: Mia's direct chat with her says so, naming the room and its admin.
    await rename(eve, 'Ｍ0derator Аnn');
    expect((await roomOf(mia, direct.attachment.id)).impersonation).toEqual({
      roomId: room.id,
      roomName: 'Warned room',
      adminName: 'Moderator Ann',
    });
    // The admin themself is no impostor: a direct chat with the real one carries no warning.
    const real = await t.call<{ id: string }>('POST', '/chat/direct/open', {
      token: mia.token,
      body: { uid: owner.uid },
    });
    expect((await roomOf(mia, real.attachment.id)).impersonation).toBeNull();
    await rename(eve, 'Eve');
  });

  it('does not hold direct conversations to room names', async () => {
    await rename(eve, 'Moderator Ann');
    const direct = await t.call<{ id: string }>('POST', '/chat/direct/open', {
      token: eve.token,
      body: { uid: owner.uid },
    });
    expect((await send(eve, direct.attachment.id, 'hi')).status).toBe(200);
    await rename(eve, 'Eve');
  });
});

describe('room rules', () => {
  it('lets only admins read and set them; a hidden room answers as an unknown one', async () => {
    const room = await createRoom(t, owner.token, { name: 'Rules', joinPolicy: 'invite' });
    expect((await setRules(mia, { roomId: room.id, blockedWords: [], linkMinHours: 0 })).status).toBe(404);
    expect((await setRules(mia, { roomId: '99999999', blockedWords: [], linkMinHours: 0 })).status).toBe(404);
    const open = await createRoom(t, owner.token, { name: 'Open rules' });
    await joinRoom(t, mia.token, open.id);
    expect((await setRules(mia, { roomId: open.id, blockedWords: ['x'], linkMinHours: 0 })).status).toBe(403);
    expect((await t.call('GET', '/chat/room/rules', { token: mia.token, query: { roomId: open.id } })).status).toBe(
      403,
    );
    expect((await setRules(owner, { roomId: open.id, blockedWords: ['x'], linkMinHours: 9999 })).status).toBe(400);
    const empty = await t.call('GET', '/chat/room/rules', { token: owner.token, query: { roomId: open.id } });
    expect(empty.attachment).toEqual({ blockedWords: [], linkMinHours: 0, holdFirstLinks: false });
  });

  it('refuses a message with a blocked word (normalised: width and case), naming the field; admins are not held', async () => {
    const room = await createRoom(t, owner.token, { name: 'Words' });
    await joinRoom(t, mia.token, room.id);
    const saved = await setRules(owner, {
      roomId: room.id,
      blockedWords: ['ＳＣＡＭ', 'scam', ' Pump '],
      linkMinHours: 0,
    });
    expect(saved.attachment).toEqual({ blockedWords: ['scam', 'pump'], linkMinHours: 0, holdFirstLinks: false });
    const before = (
      await t.call<{ lastSeq: number }>('GET', '/chat/room', { token: mia.token, query: { roomId: room.id } })
    ).attachment.lastSeq;
    const refused = await send(mia, room.id, 'Not a SCAM at all');
    expect([refused.status, refused.msg, fieldOf(refused)]).toEqual([
      400,
      'This room does not allow a word in your message',
      'text',
    ]);
    expect((await send(mia, room.id, 'ｐｕｍｐ it')).status).toBe(400);
    // Nothing was stored: the numbers stay gapless.
    const after = (
      await t.call<{ lastSeq: number }>('GET', '/chat/room', { token: mia.token, query: { roomId: room.id } })
    ).attachment.lastSeq;
    expect(after).toBe(before);
    const fair = await send(mia, room.id, 'A fair trade');
    expect(fair.attachment.message.seq).toBe(before + 1);
    expect((await send(owner, room.id, 'Beware of the scam')).status).toBe(200);
    // An edit cannot slip the word in afterwards.
    const edited = await t.call('POST', '/chat/message/edit', {
      token: mia.token,
      body: { roomId: room.id, seq: fair.attachment.message.seq, text: 'A fair scam' },
    });
    expect([edited.status, fieldOf(edited)]).toEqual([400, 'text']);
  });

  it('refuses links from members who joined less than the set hours ago, bare domains too', async () => {
    const room = await createRoom(t, owner.token, { name: 'Links' });
    await joinRoom(t, mia.token, room.id);
    await setRules(owner, { roomId: room.id, blockedWords: [], linkMinHours: 24 });
    const refused = await send(mia, room.id, 'see https://example.com/deal');
    expect([refused.status, refused.msg, fieldOf(refused)]).toEqual([
      400,
      'New members may post links in this room after 24 hours',
      'text',
    ]);
    expect((await send(mia, room.id, 'go to cheap-coins.xyz now')).status).toBe(400);
    expect((await send(mia, room.id, 'no link here, see you at 3.30')).status).toBe(200);
    expect((await send(owner, room.id, 'https://example.com/rules')).status).toBe(200);
    await query(
      t.database.db,
      sql`update chat_members set joined_at = now() - interval '25 hours'
          where room_id = ${Number(room.id)} and user_id = (select id from users where uid = ${Number(mia.uid)})`,
    );
    expect((await send(mia, room.id, 'see https://example.com/deal')).status).toBe(200);
  });
});
