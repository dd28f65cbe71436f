import { type ChatMessage, type Notice, translate } from '@polaris/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { createActivity, host, signUp } from '../activity/activity-fixtures.ts';
import { type ChatClient, connectChat, createRoom, joinRoom } from './chat-fixtures.ts';

/** Chat's notices (docs/notifications.md, "Events: chat, red packets, wallet"): mention, reply, direct message, added to a room, live started. */

let t: TestApp;
let base: string;
type User = { uid: string; token: string; name: string };
let owner: User;
let ann: User;
let bob: User;
let cat: User;
let roomId: string;
const clients: ChatClient[] = [];

async function person(email: string, name: string): Promise<User> {
  const session = await t.register(email);
  const named = await t.call('POST', '/user/personalInfo', { token: session.token, body: { openName: name } });
  if (named.status !== 200) throw new Error(named.msg);
  return { uid: session.uid, token: session.token, name };
}

beforeAll(async () => {
  t = await createTestApp();
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  owner = await person('cn-owner@example.com', 'Olga');
  ann = await person('cn-ann@example.com', 'Ann');
  bob = await person('cn-bob@example.com', 'Bob');
  cat = await person('cn-cat@example.com', 'Cat');
  roomId = (await createRoom(t, owner.token, { name: 'Builders' })).id;
  for (const user of [ann, bob, cat]) await joinRoom(t, user.token, roomId);
});
afterAll(async () => {
  await Promise.all(clients.map((client) => client.close()));
  await t.close();
});

const send = async (user: User, body: Record<string, unknown>, room = roomId) => {
  const result = await t.call<{ message: ChatMessage }>('POST', '/chat/message/send', {
    token: user.token,
    body: { roomId: room, ...body },
  });
  expect(result.status).toBe(200);
  // The notices of a message are handed to the notifier after its answer: wait for that, not for time.
  await t.services.chat.notices.idle();
  return result.attachment.message;
};

/** The user's chat notices, newest first, in a language. */
async function chatNotices(user: User, locale = 'en_US') {
  const result = await t.call<{ items: Notice[] }>('GET', '/notice/list', {
    token: user.token,
    locale,
    query: { category: 'chat', limit: '50' },
  });
  expect(result.status).toBe(200);
  return result.attachment.items;
}

const link = (id: string) => `/pages/chatroom/chat/index?id=${id}`;

describe('mentions and replies', () => {
  it('tells each mentioned member once, in their language; the sender, a resend and non-members are not told', async () => {
    const before = { ann: (await chatNotices(ann)).length, owner: (await chatNotices(owner)).length };
    const text = `ship it @${bob.uid} and @${ann.uid}`;
    await send(ann, { text, clientId: 'mention-1' });
    await send(ann, { text, clientId: 'mention-1' }); // a resend after a lost ack: the same message
    const bobs = await chatNotices(bob);
    expect(bobs).toHaveLength(1);
    expect(bobs[0]).toMatchObject({
      kind: 'mention',
      category: 'chat',
      title: 'Ann mentioned you in Builders',
      body: text,
      link: link(roomId),
    });
    const zh = await chatNotices(bob, 'zh_TW');
    expect(zh[0]!.title).toBe(translate('zh-Hant', 'notice.mention.title', { name: 'Ann', room: 'Builders' }));
    expect(await chatNotices(ann)).toHaveLength(before.ann);
    expect(await chatNotices(owner)).toHaveLength(before.owner);
  });

  it('tells the author of the message replied to, once even when also mentioned; not the replier', async () => {
    const asked = await send(cat, { text: 'who is coming?' });
    await send(bob, { text: 'me', replyTo: asked.seq });
    const cats = await chatNotices(cat);
    expect(cats[0]).toMatchObject({ kind: 'reply', title: 'Bob replied to you in Builders', body: 'me' });
    const count = cats.length;
    await send(bob, { text: `me too @${cat.uid}`, replyTo: asked.seq });
    const after = await chatNotices(cat);
    expect(after).toHaveLength(count + 1);
    expect(after[0]).toMatchObject({ kind: 'mention' });
    // Bob replying to his own message tells nobody.
    const own = await send(bob, { text: 'mine' });
    const bobCount = (await chatNotices(bob)).length;
    await send(bob, { text: 'still mine', replyTo: own.seq });
    expect(await chatNotices(bob)).toHaveLength(bobCount);
  });

  it('keeps a muted room quiet', async () => {
    expect((await t.call('POST', '/notice/mute', { token: bob.token, body: { roomId, muted: true } })).status).toBe(
      200,
    );
    const count = (await chatNotices(bob)).length;
    await send(ann, { text: `psst @${bob.uid}` });
    expect(await chatNotices(bob)).toHaveLength(count);
    await t.call('POST', '/notice/mute', { token: bob.token, body: { roomId, muted: false } });
    await send(ann, { text: `now @${bob.uid}` });
    expect(await chatNotices(bob)).toHaveLength(count + 1);
  });
});

describe('direct messages', () => {
  it('tells the other person of a direct conversation, not the sender', async () => {
    const direct = await t.call<{ id: string }>('POST', '/chat/direct/open', {
      token: ann.token,
      body: { uid: cat.uid },
    });
    expect(direct.status).toBe(200);
    const annCount = (await chatNotices(ann)).length;
    await send(ann, { text: 'coffee tomorrow?' }, direct.attachment.id);
    const cats = await chatNotices(cat);
    expect(cats[0]).toMatchObject({
      kind: 'directMessage',
      title: 'Ann',
      body: 'coffee tomorrow?',
      link: link(direct.attachment.id),
    });
    expect(cats.filter((n) => n.kind === 'directMessage')).toHaveLength(1);
    expect(await chatNotices(ann)).toHaveLength(annCount);
  });
});

describe('rooms', () => {
  it('tells a co-host they were added to the activity’s room, once, by its organizer; not a guest who registered, nor the organizer', async () => {
    const organizer = await host(t, 'cn-organizer@example.com');
    const cohost = await host(t, 'cn-cohost@example.com');
    const activity = await createActivity(t, organizer, { title: 'Rooftop meetup', coHosts: [cohost.uid] });
    const guest = await host(t, 'cn-guest@example.com');
    expect((await signUp(t, guest, activity.id)).status).toBe(200);
    await t.services.chat.notices.idle();
    const added = (await chatNotices({ ...cohost, name: '' })).filter((n) => n.kind === 'addedToRoom');
    expect(added).toHaveLength(1);
    expect(added[0]).toMatchObject({ title: 'You were added to Rooftop meetup', body: 'cn-organizer added you.' });
    expect(added[0]!.link).toMatch(/^\/pages\/chatroom\/chat\/index\?id=\d+$/);
    expect((await chatNotices({ ...guest, name: '' })).filter((n) => n.kind === 'addedToRoom')).toHaveLength(0);
    expect((await chatNotices({ ...organizer, name: '' })).filter((n) => n.kind === 'addedToRoom')).toHaveLength(0);
  });

  it('tells the room’s members when a stage of the room goes on air, once, not its owner', async () => {
    const stage = await t.call<{ id: number }>('POST', '/live/stage/create', {
      token: owner.token,
      body: { title: 'AMA', audience: 'members', roomId: Number(roomId) },
    });
    expect(stage.status).toBe(200);
    const id = stage.attachment.id;
    const ownerCount = (await chatNotices(owner)).length;
    for (const move of ['start', 'pause', 'start']) {
      expect((await t.call('POST', `/live/stage/${move}`, { token: owner.token, body: { id } })).status).toBe(200);
    }
    await t.services.chat.notices.idle();
    for (const member of [ann, bob, cat]) {
      const live = (await chatNotices(member)).filter((n) => n.kind === 'liveStarted');
      expect(live).toHaveLength(1);
      expect(live[0]).toMatchObject({
        title: 'Live now in Builders',
        body: 'Olga started a live stream.',
        link: `/pages/live/index?id=${id}`,
      });
    }
    expect(await chatNotices(owner)).toHaveLength(ownerCount);
  });
});

describe('the unread badge, live', () => {
  async function connect(user: User) {
    const client = await connectChat(base, user.token);
    clients.push(client);
    // A ping answered means the socket is admitted and follows its rooms.
    client.send({ type: 'ping', id: 'ready' });
    await client.next('pong');
    return client;
  }

  it('sends a member with an open socket but no room subscription `changed chat` when someone posts', async () => {
    const bobs = await connect(bob);
    await send(ann, { text: 'anyone here?' });
    expect(await bobs.next('changed', (f) => f.topic === 'chat')).toEqual({
      type: 'changed',
      topic: 'chat',
      ref: roomId,
    });
  });

  it('follows a room joined after the socket opened, and a subscribed room sends its messages instead', async () => {
    const dan = await person('cn-dan@example.com', 'Dan');
    const dans = await connect(dan);
    const room = await createRoom(t, ann.token, { name: 'Later' });
    await joinRoom(t, dan.token, room.id);
    await send(ann, { text: 'welcome' }, room.id);
    expect(await dans.next('changed', (f) => f.topic === 'chat')).toMatchObject({ ref: room.id });

    dans.send({ type: 'subscribe', roomId: room.id });
    await dans.next('subscribed');
    await send(ann, { text: 'in the room now' }, room.id);
    await dans.next('message', (f) => f.message.text === 'in the room now');
    // The next message elsewhere is the next activity frame: nothing came for the subscribed room.
    await send(ann, { text: 'over here' });
    await joinRoom(t, dan.token, roomId);
    await send(ann, { text: 'and here' });
    const next = await dans.next('changed', (f) => f.topic === 'chat');
    expect(next.ref).toBe(roomId);
  });

  it('coalesces a burst into at most one frame a second per socket', async () => {
    const cats = await connect(cat);
    const seen = () => cats.frames.filter((f) => f.type === 'changed' && f.topic === 'chat').length;
    const start = seen();
    // Each frame's arrival time, taken as it arrives (a waiter wakes on every frame).
    const arrival = () =>
      cats.next('changed', (f) => f.topic === 'chat', 5000).then((frame) => ({ frame, at: Date.now() }));
    const frames = arrival().then(async (first) => [first, await arrival()]);
    for (let i = 0; i < 6; i++) await send(ann, { text: `burst ${i}` });
    const [first, second] = await frames;
    expect(second!.at - first!.at).toBeGreaterThanOrEqual(900);
    expect([first!.frame.ref, second!.frame.ref]).toEqual([roomId, roomId]);
    expect(seen() - start).toBe(2);
  });
});
