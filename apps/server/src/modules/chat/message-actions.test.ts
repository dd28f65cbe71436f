import { CHAT_PIN_LIMIT, type ChatMessage, type ChatPin, type ChatReaction, type Notice } from '@polaris/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { query } from '../../db/client.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { type SeededPerson, seedPeople } from '../../test/seed-people.ts';
import { type ChatClient, connectChat, createRoom, joinRoom } from './chat-fixtures.ts';

/** Reactions, edits and pins (docs/chat.md "Reactions, editing and pins"), through the real app and database. */

let t: TestApp;
let base: string;
type User = { uid: string; token: string };
let owner: User;
let ann: User;
let bob: User;
let cat: User;
let eve: User;
let roomId: string;
let secretId: string;
let crowd: SeededPerson[];
const clients: ChatClient[] = [];

async function person(email: string, name: string): Promise<User> {
  const session = await t.register(email);
  const named = await t.call('POST', '/user/personalInfo', { token: session.token, body: { openName: name } });
  if (named.status !== 200) throw new Error(named.msg);
  return session;
}

beforeAll(async () => {
  t = await createTestApp();
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  owner = await person('ma-owner@example.com', 'Olga');
  ann = await person('ma-ann@example.com', 'Ann');
  bob = await person('ma-bob@example.com', 'Bob');
  cat = await person('ma-cat@example.com', 'Cat');
  eve = await person('ma-eve@example.com', 'Eve');
  roomId = (await createRoom(t, owner.token, { name: 'Builders' })).id;
  for (const user of [ann, bob, cat]) await joinRoom(t, user.token, roomId);
  secretId = (await createRoom(t, owner.token, { name: 'Secret', joinPolicy: 'invite' })).id;
  crowd = await seedPeople(t.database, 100, 'reactor');
  await Promise.all(crowd.map((p) => joinRoom(t, p.token, roomId)));
}, 120_000);
afterAll(async () => {
  await Promise.all(clients.map((client) => client.close()));
  await t.close();
});

const send = async (user: User, text: string, room = roomId) => {
  const result = await t.call<{ message: ChatMessage }>('POST', '/chat/message/send', {
    token: user.token,
    body: { roomId: room, text },
  });
  expect(result.status).toBe(200);
  return result.attachment.message;
};
const react = (token: string, seq: number, emoji: string, on = true, room = roomId) =>
  t.call<{ reactions: ChatReaction[]; rev: number }>('POST', '/chat/message/react', {
    token,
    body: { roomId: room, seq, emoji, on },
  });
const edit = (user: User, seq: number, text: string, room = roomId) =>
  t.call<{ message: ChatMessage }>('POST', '/chat/message/edit', {
    token: user.token,
    body: { roomId: room, seq, text },
  });
const pin = (user: User, seq: number, room = roomId, path = '/chat/message/pin') =>
  t.call<{ items: ChatPin[] }>('POST', path, { token: user.token, body: { roomId: room, seq } });
/** The reaction notices' window ends; the outbox's worker runs what became due (docs/chat.md "Reactions"). */
const windowEnds = async () => {
  t.clock.advance(61_000);
  await t.services.outbox.settle();
};
const waitingReactionRows = async (seq: number) =>
  (
    await query<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from notice_outbox where topic = 'chat.reactions' and (payload->>'seq')::int = ${seq}`,
    )
  ).rows[0]!.n;
const historyOf = async (user: User, room = roomId) =>
  (await t.call<{ items: ChatMessage[] }>('GET', '/chat/messages', { token: user.token, query: { roomId: room } }))
    .attachment.items;
const messageIn = async (user: User, seq: number) => (await historyOf(user)).find((m) => m.seq === seq)!;
async function notices(user: User, kind: string) {
  const result = await t.call<{ items: Notice[] }>('GET', '/notice/list', {
    token: user.token,
    query: { category: 'chat', limit: '50' },
  });
  return result.attachment.items.filter((notice) => notice.kind === kind);
}

describe('reactions', () => {
  it('counts 100 members reacting at once exactly, once each; the same tap again changes nothing; taking back removes', async () => {
    const message = await send(owner, 'Ship it?');
    const first = await Promise.all(crowd.map((p) => react(p.token, message.seq, '👍')));
    expect(first.every((r) => r.status === 200)).toBe(true);
    expect((await messageIn(owner, message.seq)).reactions).toEqual([{ emoji: '👍', count: 100, mine: false }]);

    const again = await Promise.all(crowd.map((p) => react(p.token, message.seq, '👍')));
    expect(again.every((r) => r.status === 200 && r.attachment.reactions[0]!.count === 100)).toBe(true);
    const revs = new Set(first.map((r) => r.attachment.rev));
    expect(revs.size).toBe(100);
    expect(Math.max(...again.map((r) => r.attachment.rev))).toBe(100);

    const off = await Promise.all(crowd.map((p) => react(p.token, message.seq, '👍', false)));
    expect(off.every((r) => r.status === 200)).toBe(true);
    expect((await messageIn(owner, message.seq)).reactions).toEqual([]);
  });

  it('shows mine to the reader, orders kinds by count, lists who reacted, and tells every subscriber live', async () => {
    const message = await send(owner, 'Lunch?');
    const watcher = await connectChat(base, bob.token);
    clients.push(watcher);
    watcher.send({ type: 'subscribe', roomId });
    await watcher.next('subscribed');
    expect((await react(ann.token, message.seq, '🔥')).status).toBe(200);
    const live = await watcher.next('reactions', (f) => f.seq === message.seq);
    expect(live).toMatchObject({ roomId, emoji: '🔥', on: true, uid: ann.uid, reactions: [{ emoji: '🔥', count: 1 }] });
    await react(bob.token, message.seq, '❤️');
    await react(cat.token, message.seq, '❤️');
    const annView = await messageIn(ann, message.seq);
    expect(annView.reactions).toEqual([
      { emoji: '❤️', count: 2, mine: false },
      { emoji: '🔥', count: 1, mine: true },
    ]);
    expect(annView.reactionsRev).toBe(3);
    const later = await watcher.next('reactions', (f) => f.rev === 3);
    expect(later.reactions).toEqual([
      { emoji: '❤️', count: 2 },
      { emoji: '🔥', count: 1 },
    ]);
    const who = await t.call<{ items: { uid: string; name: string; emoji: string }[] }>(
      'GET',
      '/chat/message/reactors',
      {
        token: ann.token,
        query: { roomId, seq: String(message.seq), emoji: '❤️' },
      },
    );
    expect(who.attachment.items.map((row) => [row.name, row.emoji])).toEqual([
      ['Bob', '❤️'],
      ['Cat', '❤️'],
    ]);
  });

  it('answers a history page with its reactions in a fixed number of statements whatever the number reacted to', async () => {
    const room = (await createRoom(t, owner.token, { name: 'Counted reactions' })).id;
    await joinRoom(t, ann.token, room);
    const statementsOfHistory = async () => {
      let last = -1;
      while (last !== t.database.statements()) {
        last = t.database.statements();
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      const before = t.database.statements();
      const items = await historyOf(ann, room);
      return { statements: t.database.statements() - before, reacted: items.filter((m) => m.reactions?.length).length };
    };
    const first = await send(owner, 'one', room);
    await react(ann.token, first.seq, '👍', true, room);
    const one = await statementsOfHistory();
    for (let i = 0; i < 10; i++) {
      const next = await send(owner, `more ${i}`, room);
      await react(ann.token, next.seq, '🔥', true, room);
      await react(owner.token, next.seq, '👍', true, room);
    }
    const eleven = await statementsOfHistory();
    expect([one.reacted, eleven.reacted]).toEqual([1, 11]);
    expect(eleven.statements).toBe(one.statements);
  });

  it('refuses a reaction outside the offered set with a field error, and a system line as unknown', async () => {
    const message = await send(owner, 'Pick one');
    const odd = await react(ann.token, message.seq, '💩');
    expect(odd.status).toBe(400);
    expect(odd.attachment).toContainEqual({ field: 'emoji', message: 'This reaction is not offered' });
    const typed = await react(ann.token, message.seq, 'hello');
    expect(typed.status).toBe(400);
    const joined = (await historyOf(owner)).find((m) => m.kind === 'system')!;
    expect((await react(ann.token, joined.seq, '👍')).status).toBe(404);
  });

  it('tells the author once per window however many react, never of their own, and not in a muted room', async () => {
    const message = await send(bob, 'Release notes are up');
    for (const user of [ann, cat, owner]) await react(user.token, message.seq, '🎉');
    await react(ann.token, message.seq, '👍');
    await react(bob.token, message.seq, '🎉');
    // Until the window ends nothing is told, and its notice waits in the outbox as one row: written with the
    // reactions, so a process that dies now loses nothing.
    expect(await notices(bob, 'reactions')).toHaveLength(0);
    expect(await waitingReactionRows(message.seq)).toBe(1);
    await windowEnds();
    expect(await waitingReactionRows(message.seq)).toBe(0);
    const told = await notices(bob, 'reactions');
    expect(told).toHaveLength(1);
    expect(told[0]!.body).toContain('3 reacted');
    expect(told[0]!.body).toContain('Release notes are up');

    const own = await send(cat, 'My own');
    await react(cat.token, own.seq, '👍');
    await windowEnds();
    expect(await notices(cat, 'reactions')).toHaveLength(0);

    expect((await t.call('POST', '/notice/mute', { token: ann.token, body: { roomId, muted: true } })).status).toBe(
      200,
    );
    const quiet = await send(ann, 'Muted here');
    await react(bob.token, quiet.seq, '👍');
    await windowEnds();
    expect(await notices(ann, 'reactions')).toHaveLength(0);
    await t.call('POST', '/notice/mute', { token: ann.token, body: { roomId, muted: false } });
  });
});

describe('editing', () => {
  it('replaces the text for everyone live, marks it edited and keeps the earlier text for admins only', async () => {
    const message = await send(ann, 'Meet at 7');
    const watcher = await connectChat(base, bob.token);
    clients.push(watcher);
    watcher.send({ type: 'subscribe', roomId });
    await watcher.next('subscribed');
    const edited = await edit(ann, message.seq, 'Meet at 8');
    expect(edited.status).toBe(200);
    expect(edited.attachment.message).toMatchObject({ text: 'Meet at 8', seq: message.seq });
    expect(edited.attachment.message.editedAt).not.toBeNull();
    const live = await watcher.next('edited', (f) => f.seq === message.seq);
    expect(live).toMatchObject({ roomId, text: 'Meet at 8' });
    expect(await messageIn(bob, message.seq)).toMatchObject({ text: 'Meet at 8', editedAt: live.editedAt });
    await edit(ann, message.seq, 'Meet at 9');

    const versions = await t.call<{ items: { version: number; text: string }[] }>('GET', '/chat/message/versions', {
      token: owner.token,
      query: { roomId, seq: String(message.seq) },
    });
    expect(versions.attachment.items.map((v) => [v.version, v.text])).toEqual([
      [1, 'Meet at 7'],
      [2, 'Meet at 8'],
    ]);
    const asMember = await t.call('GET', '/chat/message/versions', {
      token: bob.token,
      query: { roomId, seq: String(message.seq) },
    });
    expect(asMember.status).toBe(403);
    // Even its author is no moderator.
    expect(
      (await t.call('GET', '/chat/message/versions', { token: ann.token, query: { roomId, seq: String(message.seq) } }))
        .status,
    ).toBe(403);
  });

  it('refuses another member editing, an empty or overlong text, and anything but a text message', async () => {
    const message = await send(ann, 'Mine');
    const other = await edit(bob, message.seq, 'Hijacked');
    expect(other.status).toBe(403);
    expect(other.msg).toBe('Only its author may edit a message');
    const byAdmin = await edit(owner, message.seq, 'Moderated');
    expect(byAdmin.status).toBe(403);
    expect((await edit(ann, message.seq, '')).status).toBe(400);
    expect((await edit(ann, message.seq, 'x'.repeat(2001))).status).toBe(400);
    expect((await edit(ann, message.seq, 'bad\u0007bell')).status).toBe(400);
    const joined = (await historyOf(owner)).find((m) => m.kind === 'system')!;
    expect((await edit(ann, joined.seq, 'no')).status).toBe(404);
    expect((await messageIn(bob, message.seq)).text).toBe('Mine');
  });

  it('tells the members an edit newly mentions, once', async () => {
    const message = await send(ann, `Hi @${bob.uid}`);
    await edit(ann, message.seq, `Hi @${bob.uid} and @${cat.uid}`);
    await edit(ann, message.seq, `Hi @${bob.uid}, @${cat.uid}!`);
    await t.services.chat.notices.idle();
    const catTold = (await notices(cat, 'mention')).filter((n) => n.link?.includes(roomId));
    expect(catTold).toHaveLength(1);
    expect(catTold[0]!.body).toContain('and @');
  });

  it('goes through the send rate: a burst of edits is refused past the limit', async () => {
    const message = await send(cat, 'draft');
    const results = await Promise.all(Array.from({ length: 25 }, (_, i) => edit(cat, message.seq, `draft ${i}`)));
    expect(
      results.filter((r) => r.status === 409 && r.msg === 'You are sending messages too fast').length,
    ).toBeGreaterThan(0);
  });

  it('refuses an edit 48 hours after sending', async () => {
    const message = await send(bob, 'Old news');
    t.clock.advance(48 * 3600_000 + 60_000);
    const late = await edit(bob, message.seq, 'New news');
    expect(late.status).toBe(409);
    expect(late.msg).toBe('A message can be edited for 48 hours after it was sent');
  });
});

describe('pins', () => {
  it('lets admins pin up to 10 at once, never more however many race, and unpin', async () => {
    const messages = [];
    for (let i = 0; i < 15; i++) messages.push(await send(owner, `Pin me ${i}`));
    const watcher = await connectChat(base, ann.token);
    clients.push(watcher);
    watcher.send({ type: 'subscribe', roomId });
    await watcher.next('subscribed');
    const results = await Promise.all(messages.map((m) => pin(owner, m.seq)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(CHAT_PIN_LIMIT);
    const refused = results.filter((r) => r.status !== 200);
    expect(refused.every((r) => r.status === 409 && r.msg === 'A room may pin at most 10 messages')).toBe(true);
    const { rows } = await query<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from chat_pins where room_id = ${roomId}`,
    );
    expect(Number(rows[0]!.n)).toBe(CHAT_PIN_LIMIT);
    const listed = await t.call<{ items: ChatPin[] }>('GET', '/chat/room/pins', {
      token: bob.token,
      query: { roomId },
    });
    expect(listed.attachment.items).toHaveLength(CHAT_PIN_LIMIT);

    const pinnedSeqs = listed.attachment.items.map((item) => item.message.seq);
    const left = messages.find((m) => !pinnedSeqs.includes(m.seq))!;
    expect((await pin(owner, left.seq)).status).toBe(409);
    // Pinning one already pinned changes nothing and is no refusal.
    expect((await pin(owner, pinnedSeqs[0]!)).status).toBe(200);
    const unpinned = await pin(owner, pinnedSeqs[0]!, roomId, '/chat/message/unpin');
    expect(unpinned.attachment.items).toHaveLength(CHAT_PIN_LIMIT - 1);
    const now = await pin(owner, left.seq);
    expect(now.status).toBe(200);
    expect(now.attachment.items[0]!.message).toMatchObject({ seq: left.seq, text: left.text });
    const frame = await watcher.next('pins', (f) => f.items[0]?.message.seq === left.seq);
    expect(frame.items).toHaveLength(CHAT_PIN_LIMIT);
    for (const seq of now.attachment.items.map((item) => item.message.seq)) {
      await pin(owner, seq, roomId, '/chat/message/unpin');
    }
  });

  it('refuses members, and pins any kind but a system line', async () => {
    const message = await send(ann, 'Important');
    const byMember = await pin(bob, message.seq);
    expect(byMember.status).toBe(403);
    const joined = (await historyOf(owner)).find((m) => m.kind === 'system')!;
    expect((await pin(owner, joined.seq)).status).toBe(404);
    expect((await pin(owner, message.seq)).status).toBe(200);
    await pin(owner, message.seq, roomId, '/chat/message/unpin');
  });
});

describe('visibility', () => {
  it('answers every action in a room the caller may not see exactly as in a room that does not exist', async () => {
    const secret = await send(owner, 'Only us', secretId);
    const calls = (room: string) => [
      react(eve.token, secret.seq, '👍', true, room),
      t.call('GET', '/chat/message/reactors', { token: eve.token, query: { roomId: room, seq: String(secret.seq) } }),
      edit(eve, secret.seq, 'x', room),
      t.call('GET', '/chat/message/versions', { token: eve.token, query: { roomId: room, seq: String(secret.seq) } }),
      pin(eve, secret.seq, room),
      pin(eve, secret.seq, room, '/chat/message/unpin'),
      t.call('GET', '/chat/room/pins', { token: eve.token, query: { roomId: room } }),
    ];
    const hidden = await Promise.all(calls(secretId));
    const unknown = await Promise.all(calls('987654321'));
    for (const [i, answer] of hidden.entries()) {
      expect([answer.status, answer.msg]).toEqual([unknown[i]!.status, unknown[i]!.msg]);
      expect(answer.status).toBe(404);
    }
    // An unknown message of a room one is in answers the same way.
    expect((await react(ann.token, 999_999, '👍')).status).toBe(404);
    expect((await pin(owner, 999_999)).status).toBe(404);
  });
});
