import type { ChatMessage, ChatRoom } from '@polaris/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { query } from '../../db/client.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { createActivity, host, signUp } from '../activity/activity-fixtures.ts';
import { createRoom, joinRoom } from './chat-fixtures.ts';

let t: TestApp;
type User = { uid: string; token: string };
let owner: User;
let ann: User;
let bob: User;
let eve: User;

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.register('owner@example.com');
  ann = await t.register('ann@example.com');
  bob = await t.register('bob@example.com');
  eve = await t.register('eve@example.com');
});
afterAll(() => t.close());

const send = (user: User, roomId: string, body: Record<string, unknown>) =>
  t.call<{ message: ChatMessage }>('POST', '/chat/message/send', { token: user.token, body: { roomId, ...body } });
const history = (user: User, roomId: string, query: Record<string, string> = {}) =>
  t.call<{ items: ChatMessage[] }>('GET', '/chat/messages', { token: user.token, query: { roomId, ...query } });
type MyRoom = { room: ChatRoom; lastMessage: ChatMessage | null; unread: number };
const mine = async (user: User) =>
  (await t.call<{ items: MyRoom[] }>('GET', '/chat/rooms/mine', { token: user.token })).attachment.items;

describe('rooms', () => {
  it('creates public and invite-only rooms; joins by id or invite token; lists mine newest first with unread counts', async () => {
    const open = await createRoom(t, owner.token, { name: 'Open Taipei' });
    const closed = await createRoom(t, owner.token, { name: 'Secret Taipei', joinPolicy: 'invite' });
    await joinRoom(t, ann.token, open.id);
    const refused = await t.call('POST', '/chat/room/join', { token: ann.token, body: { roomId: closed.id } });
    expect(refused.status).toBe(404);
    const byLink = await t.call('POST', '/chat/room/join', {
      token: ann.token,
      body: { inviteToken: closed.inviteToken },
    });
    expect(byLink.status).toBe(200);

    const hello = await send(owner, open.id, { text: `hello @${ann.uid} see https://example.com` });
    expect(hello.attachment.message).toMatchObject({ kind: 'text', senderUid: owner.uid, mentions: [ann.uid] });
    await send(owner, closed.id, { text: 'psst' });

    const rooms = await mine(ann);
    expect(rooms.map((item) => item.room.name)).toEqual(['Secret Taipei', 'Open Taipei']);
    expect(rooms[0]).toMatchObject({ unread: 1, lastMessage: { text: 'psst' } });
    expect(rooms[1]!.unread).toBe(1);
    await t.call('POST', '/chat/read', {
      token: ann.token,
      body: { roomId: open.id, seq: hello.attachment.message.seq },
    });
    expect((await mine(ann)).find((item) => item.room.id === open.id)!.unread).toBe(0);
    expect((await mine(owner)).every((item) => item.unread === 0)).toBe(true);

    const found = await t.call<{ items: { name: string }[] }>('GET', '/chat/rooms/search', {
      token: bob.token,
      query: { q: 'taipei' },
    });
    expect(found.attachment.items.map((room) => room.name)).toEqual(['Open Taipei']);
  });

  it('answers my rooms in a fixed number of statements whatever the number of rooms', async () => {
    // Every statement on the database is counted (drizzle's select() as much as raw SQL), for a member of 1 room and
    // of 12, each room with a message, so per-room lookups (last message, unread, members) would show.
    const reader = await t.register('rooms-counted@example.com');
    const statementsOfMine = async () => {
      let last = -1;
      while (last !== t.database.statements()) {
        last = t.database.statements();
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      const before = t.database.statements();
      const rooms = await mine(reader);
      return { statements: t.database.statements() - before, rooms: rooms.length };
    };
    const addRoom = async (n: number) => {
      const room = await createRoom(t, owner.token, { name: `Counted ${n}` });
      await joinRoom(t, reader.token, room.id);
      await send(owner, room.id, { text: `hello ${n}` });
    };
    await addRoom(0);
    const one = await statementsOfMine();
    for (let n = 1; n < 12; n++) await addRoom(n);
    const twelve = await statementsOfMine();
    expect([one.rooms, twelve.rooms]).toEqual([1, 12]);
    expect(one.statements).toBeGreaterThan(0);
    expect(twelve.statements).toBe(one.statements);
  });
});

describe('messages', () => {
  it('pages history upward by sequence, deletes own, lets admins delete any, and refuses others', async () => {
    const room = await createRoom(t, owner.token, { name: 'History' });
    await joinRoom(t, ann.token, room.id);
    await joinRoom(t, bob.token, room.id);
    const sent: number[] = [];
    for (let i = 0; i < 5; i++) sent.push((await send(ann, room.id, { text: `m${i}` })).attachment.message.seq);
    const page = await history(ann, room.id, { limit: '3' });
    expect(page.attachment.items.map((m) => m.text)).toEqual(['m4', 'm3', 'm2']);
    const older = await history(ann, room.id, { beforeSeq: String(page.attachment.items[2]!.seq), limit: '3' });
    expect(older.attachment.items.map((m) => m.text)).toEqual(['m1', 'm0', '']);
    expect(older.attachment.items[2]).toMatchObject({ kind: 'system', event: 'joined', targetUid: bob.uid });

    const reply = await send(bob, room.id, { text: 'answer', replyTo: sent[0] });
    expect(reply.attachment.message.replyTo).toBe(sent[0]);
    expect((await send(bob, room.id, { text: 'x', replyTo: 99_999 })).status).toBe(400);

    expect(
      (await t.call('POST', '/chat/message/delete', { token: bob.token, body: { roomId: room.id, seq: sent[0] } }))
        .status,
    ).toBe(403);
    expect(
      (await t.call('POST', '/chat/message/delete', { token: ann.token, body: { roomId: room.id, seq: sent[0] } }))
        .status,
    ).toBe(200);
    expect(
      (await t.call('POST', '/chat/message/delete', { token: owner.token, body: { roomId: room.id, seq: sent[1] } }))
        .status,
    ).toBe(200);
    const after = await history(bob, room.id, { beforeSeq: String(sent[2]), limit: '2' });
    expect(after.attachment.items.map((m) => [m.deleted, m.text])).toEqual([
      [true, ''],
      [true, ''],
    ]);
  });

  it('sends an uploaded image by id only when it is the sender’s', async () => {
    const room = await createRoom(t, owner.token, { name: 'Images' });
    const unknown = await send(owner, room.id, { imageId: 'a'.repeat(32) });
    expect(unknown.status).toBe(400);
    expect((await send(owner, room.id, { text: '' })).status).toBe(400);
  });

  it('refuses history and sends to non-members, and hides invite-only rooms from them', async () => {
    const open = await createRoom(t, owner.token, { name: 'Members only' });
    const closed = await createRoom(t, owner.token, { name: 'Hidden', joinPolicy: 'invite' });
    expect((await history(eve, open.id)).status).toBe(403);
    expect((await history(eve, closed.id)).status).toBe(404);
    expect((await send(eve, open.id, { text: 'hi' })).status).toBe(403);
    expect((await t.call('GET', '/chat/room', { token: eve.token, query: { roomId: closed.id } })).status).toBe(404);
  });
});

describe('moderation', () => {
  it('lets only admins mute, kick, ban and pin; a muted or banned member’s send is stored nowhere', async () => {
    const room = await createRoom(t, owner.token, { name: 'Moderated' });
    for (const user of [ann, bob]) await joinRoom(t, user.token, room.id);
    const act = (user: User, path: string, body: Record<string, unknown>) =>
      t.call('POST', path, { token: user.token, body: { roomId: room.id, ...body } });

    expect((await act(ann, '/chat/member/mute', { uid: bob.uid, minutes: 10 })).status).toBe(403);
    expect((await act(ann, '/chat/member/kick', { uid: bob.uid })).status).toBe(403);
    expect((await act(ann, '/chat/member/ban', { uid: bob.uid })).status).toBe(403);
    expect((await act(ann, '/chat/room/announce', { text: 'mine now' })).status).toBe(403);
    expect((await act(ann, '/chat/room/settings', { slowModeSeconds: 5 })).status).toBe(403);
    expect((await act(ann, '/chat/member/mute', { uid: owner.uid, minutes: 10 })).status).toBe(403);

    expect((await act(owner, '/chat/member/role', { uid: ann.uid, role: 'admin' })).status).toBe(200);
    expect((await act(ann, '/chat/member/mute', { uid: bob.uid, minutes: 10 })).status).toBe(200);
    const muted = await send(bob, room.id, { text: 'let me speak' });
    expect(muted.status).toBe(403);
    expect((await act(ann, '/chat/room/announce', { text: 'Meetup at 7' })).status).toBe(200);

    expect((await act(owner, '/chat/member/ban', { uid: bob.uid })).status).toBe(200);
    expect((await send(bob, room.id, { text: 'still here?' })).status).toBe(404);
    expect((await t.call('POST', '/chat/room/join', { token: bob.token, body: { roomId: room.id } })).status).toBe(404);
    expect((await history(bob, room.id)).status).toBe(404);
    const search = (user: User) =>
      t.call<{ items: { id: string; role: string | null }[] }>('GET', '/chat/rooms/search', {
        token: user.token,
        query: { q: 'Moderated' },
      });
    expect((await search(bob)).attachment.items).toEqual([]);
    expect((await search(ann)).attachment.items).toMatchObject([{ id: room.id, role: 'admin' }]);

    const { rows } = await query<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from chat_messages where room_id = ${Number(room.id)} and body in ('let me speak', 'still here?')`,
    );
    expect(rows[0]!.n).toBe(0);
    const events = (await history(owner, room.id)).attachment.items
      .filter((m) => m.kind === 'system')
      .map((m) => m.event);
    expect(events.slice(0, 3)).toEqual(['banned', 'announcement', 'muted']);
    const pinned = await t.call<{ announcement: string }>('GET', '/chat/room', {
      token: ann.token,
      query: { roomId: room.id },
    });
    expect(pinned.attachment.announcement).toBe('Meetup at 7');
    const members = await t.call<{ items: { uid: string; role: string }[] }>('GET', '/chat/members', {
      token: ann.token,
      query: { roomId: room.id },
    });
    expect(members.attachment.items.map((m) => [m.uid, m.role])).toEqual([
      [owner.uid, 'owner'],
      [ann.uid, 'admin'],
    ]);
  });

  it('stores a message sent at once under one client id once, indexed once, and refusals take no number', async () => {
    const room = await createRoom(t, owner.token, { name: 'Racing' });
    for (const user of [ann, bob]) await joinRoom(t, user.token, room.id);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => send(ann, room.id, { text: 'at once', clientId: 'race-1' })),
    );
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(answers.map((answer) => answer.attachment.message.seq)).size).toBe(1);
    const seq = answers[0]!.attachment.message.seq;
    const { rows } = await query<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from chat_search_texts where room_id = ${Number(room.id)} and seq = ${seq}`,
    );
    expect(rows[0]!.n).toBe(1);

    await t.call('POST', '/chat/member/mute', {
      token: owner.token,
      body: { roomId: room.id, uid: bob.uid, minutes: 10 },
    });
    expect((await send(bob, room.id, { text: 'muted' })).status).toBe(403);
    expect((await send(bob, room.id, { text: 'muted, replying', replyTo: seq })).status).toBe(403);
    expect((await send(ann, room.id, { text: 'after' })).status).toBe(200);
    const numbers = (await history(owner, room.id)).attachment.items.map((message) => message.seq).reverse();
    expect(numbers).toEqual(numbers.map((_, i) => numbers[0]! + i));
    expect((await history(owner, room.id)).attachment.items.filter((m) => m.text === 'at once')).toHaveLength(1);
  });

  it('kicks a member who may join again, enforces slow mode, and keeps the owner in', async () => {
    const room = await createRoom(t, owner.token, { name: 'Slow' });
    await joinRoom(t, ann.token, room.id);
    expect(
      (await t.call('POST', '/chat/member/kick', { token: owner.token, body: { roomId: room.id, uid: ann.uid } }))
        .status,
    ).toBe(200);
    expect((await send(ann, room.id, { text: 'back?' })).status).toBe(403);
    await joinRoom(t, ann.token, room.id);
    await t.call('POST', '/chat/room/settings', { token: owner.token, body: { roomId: room.id, slowModeSeconds: 30 } });
    expect((await send(ann, room.id, { text: 'one' })).status).toBe(200);
    expect((await send(ann, room.id, { text: 'two' })).status).toBe(409);
    t.clock.advance(31_000);
    expect((await send(ann, room.id, { text: 'three' })).status).toBe(200);
    expect((await t.call('POST', '/chat/room/leave', { token: owner.token, body: { roomId: room.id } })).status).toBe(
      409,
    );
    expect((await t.call('POST', '/chat/room/leave', { token: ann.token, body: { roomId: room.id } })).status).toBe(
      200,
    );
  });
});

describe('activity and city rooms', () => {
  it('creates an activity room with the activity; ticket holders join it and leave on cancelling', async () => {
    const organizer = await host(t, 'organizer@example.com');
    const activity = await createActivity(t, organizer);
    const guest = await host(t, 'guest@example.com');
    const roomOf = async (user: { token: string }) =>
      (await t.call<{ items: MyRoom[] }>('GET', '/chat/rooms/mine', { token: user.token })).attachment.items.find(
        (item) => item.room.name === activity.title,
      );
    expect(await roomOf(organizer)).toBeDefined();
    expect(await roomOf(guest)).toBeUndefined();
    expect((await signUp(t, guest, activity.id)).status).toBe(200);
    const joined = await roomOf(guest);
    expect(joined).toBeDefined();
    const cancelled = await t.call('POST', '/activity/signup/cancel', {
      token: guest.token,
      body: { activityId: activity.id },
    });
    expect(cancelled.status).toBe(200);
    expect(await roomOf(guest)).toBeUndefined();
  });

  it('puts a guest promoted from the waitlist into the room when a seat frees up', async () => {
    const organizer = await host(t, 'organizer2@example.com');
    const activity = await createActivity(t, organizer, { title: 'One seat', capacity: 1 });
    const first = await host(t, 'first@example.com');
    const second = await host(t, 'second@example.com');
    const inRoom = async (user: { token: string }) =>
      (await t.call<{ items: MyRoom[] }>('GET', '/chat/rooms/mine', { token: user.token })).attachment.items.some(
        (item) => item.room.name === 'One seat',
      );
    expect((await signUp(t, first, activity.id)).attachment).toMatchObject({ status: 'approved' });
    expect((await signUp(t, second, activity.id)).attachment).toMatchObject({ status: 'waitlisted' });
    expect([await inRoom(first), await inRoom(second)]).toEqual([true, false]);
    await t.call('POST', '/activity/signup/cancel', { token: first.token, body: { activityId: activity.id } });
    expect([await inRoom(first), await inRoom(second)]).toEqual([false, true]);
  });

  it('renames the room with its activity, makes exactly the co-hosts admins, and closes it when cancelled', async () => {
    const organizer = await host(t, 'organizer3@example.com');
    const first = await host(t, 'cohost1@example.com');
    const second = await host(t, 'cohost2@example.com');
    const activity = await createActivity(t, organizer, { title: 'Rename me', coHosts: [first.uid] });
    const roomOf = async (user: { token: string }) =>
      (await t.call<{ items: MyRoom[] }>('GET', '/chat/rooms/mine', { token: user.token })).attachment.items.find(
        (item) => item.room.activityId === activity.id,
      );
    const room = (await roomOf(organizer))!.room;
    const roles = async () => {
      const list = await t.call<{ items: { uid: string; role: string }[] }>('GET', '/chat/members', {
        token: organizer.token,
        query: { roomId: room.id },
      });
      return Object.fromEntries(list.attachment.items.map((item) => [item.uid, item.role]));
    };
    expect(await roles()).toMatchObject({ [organizer.uid]: 'owner', [first.uid]: 'admin' });
    const byCode = await t.call<ChatRoom>('GET', '/chat/room/activity', {
      token: first.token,
      query: { activityId: activity.id },
    });
    expect(byCode.attachment).toMatchObject({ id: room.id, activityId: activity.id, role: 'admin' });
    const outsider = await t.call('GET', '/chat/room/activity', {
      token: second.token,
      query: { activityId: activity.id },
    });
    expect(outsider.status).toBe(404);

    const updated = await t.call('POST', '/activity/update', {
      token: organizer.token,
      body: { id: activity.id, title: 'Renamed night', coHosts: [second.uid] },
    });
    expect(updated.status).toBe(200);
    expect((await roomOf(organizer))!.room.name).toBe('Renamed night');
    expect(await roles()).toMatchObject({ [first.uid]: 'member', [second.uid]: 'admin' });
    const items = (await history(organizer, room.id)).attachment.items;
    expect(items.map((item) => [item.event, item.text])).toContainEqual(['renamed', 'Renamed night']);
    // System messages name whom they are about, as messages name their sender.
    expect(items.find((item) => item.event === 'joined' && item.targetUid === second.uid)).toMatchObject({
      targetName: 'cohost2',
    });

    const cancelled = await t.call('POST', '/activity/manage/cancel', {
      token: organizer.token,
      body: { activityId: activity.id },
    });
    expect(cancelled.status).toBe(200);
    const closed = (await roomOf(second))!.room;
    expect(closed.closedAt).not.toBeNull();
    expect(closed.can.send).toBe(false);
    expect((await history(second, room.id)).attachment.items[0]).toMatchObject({ event: 'closed' });
    const refused = await send(organizer, room.id, { text: 'still here?' });
    expect([refused.status, refused.msg]).toEqual([409, 'This room is closed: its activity was cancelled']);
  });

  it('has one room per city, created on first use', async () => {
    const a = await t.call<{ id: string; kind: string }>('GET', '/chat/room/city', {
      token: ann.token,
      query: { city: 'Kaohsiung' },
    });
    const b = await t.call<{ id: string }>('GET', '/chat/room/city', {
      token: bob.token,
      query: { city: 'Kaohsiung' },
    });
    expect(a.attachment.kind).toBe('city');
    expect(b.attachment.id).toBe(a.attachment.id);
    await joinRoom(t, bob.token, a.attachment.id);
  });
});

describe('direct rooms', () => {
  it('opens one room per pair, named after the other person, with no invite link or settings', async () => {
    const opened = await t.call<ChatRoom>('POST', '/chat/direct/open', { token: ann.token, body: { uid: bob.uid } });
    expect(opened.status).toBe(200);
    expect(opened.attachment).toMatchObject({ kind: 'direct', peer: { uid: bob.uid }, inviteToken: null });
    expect(opened.attachment.can).toMatchObject({ send: true, editSettings: false, share: false });
    const [again, fromBob] = await Promise.all([
      t.call<ChatRoom>('POST', '/chat/direct/open', { token: ann.token, body: { uid: bob.uid } }),
      t.call<ChatRoom>('POST', '/chat/direct/open', { token: bob.token, body: { uid: ann.uid } }),
    ]);
    expect([again.attachment.id, fromBob.attachment.id]).toEqual([opened.attachment.id, opened.attachment.id]);
    expect(fromBob.attachment.peer!.uid).toBe(ann.uid);

    await send(ann, opened.attachment.id, { text: 'hi bob' });
    const bobs = (await mine(bob)).find((item) => item.room.id === opened.attachment.id)!;
    expect(bobs).toMatchObject({
      unread: 1,
      room: { kind: 'direct', peer: { uid: ann.uid } },
      lastMessage: { text: 'hi bob' },
    });

    // Nobody else gets in: not by id, not by search, and their history and sends are refused.
    expect(
      (await t.call('POST', '/chat/room/join', { token: eve.token, body: { roomId: opened.attachment.id } })).status,
    ).toBe(404);
    expect((await history(eve, opened.attachment.id)).status).toBe(404);
    const settings = await t.call('POST', '/chat/room/settings', {
      token: ann.token,
      body: { roomId: opened.attachment.id, name: 'Ours' },
    });
    expect(settings.status).toBe(403);
    expect((await t.call('POST', '/chat/direct/open', { token: ann.token, body: { uid: ann.uid } })).status).toBe(409);
    expect((await t.call('POST', '/chat/direct/open', { token: ann.token, body: { uid: '99999999' } })).status).toBe(
      404,
    );
  });
});
