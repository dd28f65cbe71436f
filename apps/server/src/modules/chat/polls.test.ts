import type { ChatMessage, ChatPoll, ChatRoom } from '@polaris/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { createRoom, joinRoom } from './chat-fixtures.ts';

/** Polls (docs/chat.md "Polls"): posted through the send path, voted once per member, closed, named or anonymous. */

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
}, 60_000);
afterAll(() => t.close());

type FieldErrors = { field: string; message: string }[];
const post = <T = { poll: ChatPoll }>(user: User, path: string, body: Record<string, unknown>) =>
  t.call<T>('POST', path, { token: user.token, body, locale: 'en_US' });
const createPoll = (user: User, roomId: string, body: Record<string, unknown> = {}) =>
  post(user, '/chat/poll/create', { roomId, question: 'Where next?', options: ['Taipei', 'Tokyo', 'Seoul'], ...body });
const vote = (user: User, pollId: string, choices: number[]) => post(user, '/chat/poll/vote', { pollId, choices });
const history = async (user: User, roomId: string) =>
  (await t.call<{ items: ChatMessage[] }>('GET', '/chat/messages', { token: user.token, query: { roomId } })).attachment
    .items;
const room = async (user: User, roomId: string) =>
  (await t.call<ChatRoom>('GET', '/chat/room', { token: user.token, query: { roomId } })).attachment;

async function roomWith(members: User[], body: Record<string, unknown> = {}) {
  const created = await createRoom(t, owner.token, body);
  for (const member of members) {
    if (body.joinPolicy === 'invite') {
      await t.call('POST', '/chat/room/join', { token: member.token, body: { inviteToken: created.inviteToken } });
    } else {
      await joinRoom(t, member.token, created.id);
    }
  }
  return created;
}

describe('posting a poll', () => {
  it("is a `poll` message under the room's next number, carrying its poll; history gives each reader their vote", async () => {
    const { id } = await roomWith([ann, bob]);
    const before = (await room(ann, id)).lastSeq;
    const created = await createPoll(ann, id, { multiple: true });
    expect(created.status).toBe(200);
    const poll = created.attachment.poll;
    expect(poll).toMatchObject({
      question: 'Where next?',
      options: ['Taipei', 'Tokyo', 'Seoul'],
      multiple: true,
      anonymous: false,
      audience: 'members',
      tallies: [0, 0, 0],
      voters: 0,
      closedAt: null,
      mine: null,
      authorUid: ann.uid,
      seq: before + 1,
    });
    expect((await vote(bob, poll.id, [0, 2])).attachment.poll).toMatchObject({ tallies: [1, 0, 1], mine: [0, 2] });
    const [message] = await history(ann, id);
    expect(message).toMatchObject({ kind: 'poll', seq: before + 1, text: 'Where next?', ref: poll.id });
    expect(message!.poll).toMatchObject({ id: poll.id, tallies: [1, 0, 1], voters: 1, mine: null });
    expect((await history(bob, id))[0]!.poll).toMatchObject({ mine: [0, 2] });
  });

  it('refuses a bad poll naming the field, and stores nothing', async () => {
    const { id } = await roomWith([ann]);
    const before = (await room(ann, id)).lastSeq;
    const cases: [Record<string, unknown>, string, string][] = [
      [{ options: ['Only one'] }, 'options', 'A poll needs at least 2 options'],
      [
        { options: Array.from({ length: 11 }, (_, i) => `Option ${i}`) },
        'options',
        'A poll may have at most 10 options',
      ],
      [{ options: ['Tea', 'Coffee', 'Juice', ' tea '] }, 'options.3', 'This option is there already'],
      [{ options: ['Tea', '  '] }, 'options.1', ''],
      [{ question: '' }, 'question', ''],
      [{ question: 'Bad\u0000text' }, 'question', ''],
      [{ options: ['Tea', 'x'.repeat(101)] }, 'options.1', ''],
      [
        { closesAt: new Date(t.clock.now().getTime() - 60_000).toISOString() },
        'closesAt',
        'The close time must be in the future',
      ],
      [
        { closesAt: new Date(t.clock.now().getTime() + 31 * 86_400_000).toISOString() },
        'closesAt',
        'The close time may be at most 30 days ahead',
      ],
      [
        { audience: 'ticketHolders' },
        'audience',
        "Only an activity's room can limit a poll to ticket holders or those checked in",
      ],
    ];
    for (const [body, field, message] of cases) {
      const refused = await t.call<FieldErrors>('POST', '/chat/poll/create', {
        token: ann.token,
        locale: 'en_US',
        body: { roomId: id, question: 'Where next?', options: ['Taipei', 'Tokyo'], ...body },
      });
      expect({ field, http: refused.http }).toEqual({ field, http: 200 });
      expect(refused.status).toBe(400);
      const error = refused.attachment.find((f) => f.field === field);
      expect(error, `${field}: ${JSON.stringify(refused.attachment)}`).toBeDefined();
      if (message) expect(error!.message).toBe(message);
    }
    // A refusal inside the send's transaction gives its number back: the sequence stays gapless.
    expect((await room(ann, id)).lastSeq).toBe(before);
  });

  it("goes through the send path's rules: mute, slow mode, a closed room, membership", async () => {
    const { id } = await roomWith([ann, bob]);
    expect((await createPoll(eve, id)).status).toBe(403);
    await post(owner, '/chat/member/mute', { roomId: id, uid: ann.uid, minutes: 10 });
    const muted = await createPoll(ann, id);
    expect([muted.status, muted.msg]).toEqual([403, 'You are muted in this room']);
    expect((await room(ann, id)).can.postPoll).toBe(false);
    await post(owner, '/chat/room/settings', { roomId: id, slowModeSeconds: 60 });
    expect((await post(bob, '/chat/message/send', { roomId: id, text: 'first' })).status).toBe(200);
    const slow = await createPoll(bob, id);
    expect(slow.status).toBe(409);
    expect(slow.msg).toMatch(/Slow mode/);
  });

  it('sent twice with the same client id, stores one poll', async () => {
    const { id } = await roomWith([ann]);
    const [first, second] = await Promise.all([
      createPoll(ann, id, { clientId: 'poll-1' }),
      createPoll(ann, id, { clientId: 'poll-1' }),
    ]);
    expect(first.attachment.poll.id).toBe(second.attachment.poll.id);
    expect((await history(ann, id)).filter((message) => message.kind === 'poll')).toHaveLength(1);
  });

  it('"polls by admins only": the switch is a room setting, `can.postPoll` follows it and the route agrees', async () => {
    const { id } = await roomWith([ann, bob]);
    await post(owner, '/chat/member/role', { roomId: id, uid: bob.uid, role: 'admin' });
    expect((await room(ann, id)).can.postPoll).toBe(true);
    const switched = await t.call<ChatRoom>('POST', '/chat/room/settings', {
      token: owner.token,
      body: { roomId: id, pollsByAdmins: true },
    });
    expect(switched.attachment.pollsByAdmins).toBe(true);
    // A member cannot flip it.
    expect((await post(ann, '/chat/room/settings', { roomId: id, pollsByAdmins: false })).status).toBe(403);
    const before = (await room(ann, id)).lastSeq;
    expect((await room(ann, id)).can.postPoll).toBe(false);
    const refused = await createPoll(ann, id);
    expect([refused.status, refused.msg]).toEqual([403, 'Only the room admins may post polls here']);
    expect((await room(ann, id)).lastSeq).toBe(before);
    expect((await room(bob, id)).can.postPoll).toBe(true);
    expect((await createPoll(bob, id)).status).toBe(200);
    expect((await createPoll(owner, id)).status).toBe(200);
  });
});

describe('voting', () => {
  it('one vote per member: voting again replaces it; a single-choice poll takes one option; options must exist', async () => {
    const { id } = await roomWith([ann, bob]);
    const { poll } = (await createPoll(owner, id)).attachment;
    expect((await vote(ann, poll.id, [0])).attachment.poll).toMatchObject({ tallies: [1, 0, 0], voters: 1 });
    expect((await vote(ann, poll.id, [2])).attachment.poll).toMatchObject({ tallies: [0, 0, 1], voters: 1, mine: [2] });
    expect((await vote(bob, poll.id, [2])).attachment.poll).toMatchObject({ tallies: [0, 0, 2], voters: 2 });
    const two = await t.call<FieldErrors>('POST', '/chat/poll/vote', {
      token: ann.token,
      locale: 'en_US',
      body: { pollId: poll.id, choices: [0, 1] },
    });
    expect(two.status).toBe(400);
    expect(two.attachment).toEqual([{ field: 'choices', message: 'This poll takes one choice only' }]);
    const missing = await t.call<FieldErrors>('POST', '/chat/poll/vote', {
      token: ann.token,
      locale: 'en_US',
      body: { pollId: poll.id, choices: [3] },
    });
    expect(missing.attachment).toEqual([{ field: 'choices', message: 'This poll has no such option' }]);
    expect((await vote(ann, poll.id, [])).status).toBe(400);
  });

  it('a multiple-choice vote replaces the whole set', async () => {
    const { id } = await roomWith([ann]);
    const { poll } = (await createPoll(owner, id, { multiple: true })).attachment;
    await vote(ann, poll.id, [0, 1, 2]);
    expect((await vote(ann, poll.id, [1, 1])).attachment.poll).toMatchObject({
      tallies: [0, 1, 0],
      voters: 1,
      mine: [1],
    });
  });

  it("a poll of a room the reader may not see answers exactly like an unknown id; a visible room's non-member gets 403", async () => {
    const hidden = await roomWith([ann], { joinPolicy: 'invite' });
    const { poll } = (await createPoll(ann, hidden.id)).attachment;
    for (const [path, body] of [
      ['/chat/poll/vote', { choices: [0] }],
      ['/chat/poll/close', {}],
    ] as const) {
      const secret = await t.call('POST', path, { token: eve.token, body: { pollId: poll.id, ...body } });
      const none = await t.call('POST', path, { token: eve.token, body: { pollId: '987654321', ...body } });
      expect(secret).toEqual(none);
      expect(secret.status).toBe(404);
    }
    const voters = (pollId: string) => t.call('GET', '/chat/poll/voters', { token: eve.token, query: { pollId } });
    expect(await voters(poll.id)).toEqual(await voters('987654321'));
    const open = await roomWith([]);
    const visible = (await createPoll(owner, open.id)).attachment.poll;
    const outsider = await vote(eve, visible.id, [0]);
    expect([outsider.status, outsider.msg]).toEqual([403, 'You are not a member of this room']);
  });

  it('a deleted poll is gone: its votes answer as an unknown poll', async () => {
    const { id } = await roomWith([ann]);
    const { poll } = (await createPoll(owner, id)).attachment;
    await post(owner, '/chat/message/delete', { roomId: id, seq: poll.seq });
    expect((await vote(ann, poll.id, [0])).status).toBe(404);
    expect((await history(ann, id))[0]).toMatchObject({ kind: 'poll', deleted: true, ref: null, text: '' });
  });
});

describe('closing', () => {
  it('closes at its close time: later votes are refused with a clear message', async () => {
    const { id } = await roomWith([ann]);
    const closesAt = new Date(t.clock.now().getTime() + 10 * 60_000).toISOString();
    const { poll } = (await createPoll(owner, id, { closesAt })).attachment;
    expect(poll.closesAt).toBe(closesAt);
    expect((await vote(ann, poll.id, [1])).status).toBe(200);
    t.clock.advance(11 * 60_000);
    const late = await vote(ann, poll.id, [0]);
    expect([late.status, late.msg]).toEqual([409, 'This poll is closed: it takes no more votes']);
    expect((await history(ann, id))[0]!.poll).toMatchObject({ closedAt: closesAt, tallies: [0, 1, 0], mine: [1] });
  });

  it('its author or an admin closes it early; another member may not; a closed poll takes no vote', async () => {
    const { id } = await roomWith([ann, bob]);
    const first = (await createPoll(ann, id)).attachment.poll;
    const refused = await post(bob, '/chat/poll/close', { pollId: first.id });
    expect([refused.status, refused.msg]).toEqual([403, "Only the poll's author or the room admins may close it"]);
    const closed = await post(ann, '/chat/poll/close', { pollId: first.id });
    expect(closed.attachment.poll.closedAt).not.toBeNull();
    expect((await post(ann, '/chat/poll/close', { pollId: first.id })).status).toBe(409);
    expect((await vote(bob, first.id, [0])).status).toBe(409);
    const second = (await createPoll(bob, id)).attachment.poll;
    expect((await post(owner, '/chat/poll/close', { pollId: second.id })).status).toBe(200);
  });
});

describe('named and anonymous', () => {
  it("a named poll's voters and choices are visible to members; an anonymous poll's never, not even to admins", async () => {
    const { id } = await roomWith([ann, bob]);
    const named = (await createPoll(owner, id)).attachment.poll;
    const anonymous = (await createPoll(owner, id, { anonymous: true })).attachment.poll;
    for (const poll of [named, anonymous]) {
      await vote(ann, poll.id, [1]);
      await vote(bob, poll.id, [2]);
    }
    const voters = (user: User, pollId: string) =>
      t.call<{ items: { uid: string; choices: number[] }[] }>('GET', '/chat/poll/voters', {
        token: user.token,
        locale: 'en_US',
        query: { pollId },
      });
    const seen = await voters(bob, named.id);
    expect(seen.attachment.items.map(({ uid, choices }) => ({ uid, choices }))).toEqual([
      { uid: ann.uid, choices: [1] },
      { uid: bob.uid, choices: [2] },
    ]);
    const hidden = await voters(owner, anonymous.id);
    expect([hidden.status, hidden.msg]).toEqual([403, 'This poll is anonymous: who voted for what is never shown']);
    // Nothing the room answers names an anonymous poll's voters: only counts, and the reader's own vote.
    const text = JSON.stringify((await history(owner, id)).filter((message) => message.ref === anonymous.id));
    expect(text).not.toContain(ann.uid);
    expect(text).not.toContain(bob.uid);
    const poll = (await history(ann, id)).find((message) => message.ref === anonymous.id)!.poll!;
    expect(Object.keys(poll).sort()).toEqual(
      [
        'anonymous',
        'audience',
        'authorUid',
        'closedAt',
        'closesAt',
        'id',
        'mine',
        'multiple',
        'options',
        'question',
        'roomId',
        'seq',
        'tallies',
        'version',
        'voters',
      ].sort(),
    );
    expect(poll).toMatchObject({ tallies: [0, 1, 1], voters: 2, mine: [1] });
  });
});
