import type { ChatPoll, ChatRoom } from '@polaris/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { query } from '../../db/client.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import type { WalletUser } from '../../test/wallet-fixtures.ts';
import { createActivity, guest, host, signUp } from '../activity/activity-fixtures.ts';
import { type ChatClient, connectChat, createRoom, joinRoom } from './chat-fixtures.ts';

/** Polls at scale and live: votes claimed atomically, results on the socket, activity rooms' audiences. */

let t: TestApp;
let base: string;
type User = { uid: string; token: string };
let owner: User;
let members: User[];

beforeAll(async () => {
  t = await createTestApp();
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  owner = await t.register('owner@example.com');
  members = [];
  for (let i = 0; i < 100; i++) members.push(await t.register(`voter${i}@example.com`));
}, 300_000);
afterAll(() => t.close());

const post = <T = { poll: ChatPoll }>(user: User, path: string, body: Record<string, unknown>) =>
  t.call<T>('POST', path, { token: user.token, body, locale: 'en_US' });
const createPoll = (user: User, roomId: string, body: Record<string, unknown> = {}) =>
  post(user, '/chat/poll/create', { roomId, question: 'Which day?', options: ['Fri', 'Sat', 'Sun'], ...body });
const vote = (user: User, pollId: string, choices: number[]) => post(user, '/chat/poll/vote', { pollId, choices });

async function subscribed(user: User, roomId: string): Promise<ChatClient> {
  const client = await connectChat(base, user.token);
  client.send({ type: 'subscribe', roomId });
  await client.next('subscribed', (frame) => frame.roomId === roomId);
  return client;
}

describe('votes are claimed, not checked', () => {
  it('100 members voting at once: exactly 100 voters, tallies equal to the votes, one frame per vote', async () => {
    const room = await createRoom(t, owner.token, { name: 'Hundred' });
    for (const member of members) await joinRoom(t, member.token, room.id);
    const { poll } = (await createPoll(owner, room.id, { multiple: true })).attachment;
    const watcher = await subscribed(owner, room.id);
    const choicesOf = (index: number) => (index % 3 === 0 ? [0, 2] : [index % 3]);
    const answers = await Promise.all(members.map((member, index) => vote(member, poll.id, choicesOf(index))));
    expect(answers.map((answer) => answer.status)).toEqual(members.map(() => 200));
    const expected = [0, 0, 0];
    for (const [index] of members.entries()) for (const choice of choicesOf(index)) expected[choice]! += 1;
    const last = answers.map((answer) => answer.attachment.poll).sort((a, b) => b.version - a.version)[0]!;
    expect(last).toMatchObject({ voters: 100, tallies: expected, version: 100 });
    // Every vote's answer is a consistent version: its voters equal its version (each vote added one voter).
    expect(new Set(answers.map((answer) => answer.attachment.poll.version)).size).toBe(100);
    for (const answer of answers) expect(answer.attachment.poll.voters).toBe(answer.attachment.poll.version);
    const { rows } = await query<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from chat_poll_votes where poll_id = ${Number(poll.id)}`,
    );
    expect(Number(rows[0]!.n)).toBe(100);
    await watcher.next('poll', (frame) => frame.poll.version === 100);
    const frames = watcher.frames.flatMap((frame) => (frame.type === 'poll' ? [frame.poll] : []));
    expect(frames).toHaveLength(100);
    expect(frames.find((frame) => frame.version === 100)).toMatchObject({ voters: 100, tallies: expected });
    await watcher.close();
  }, 120_000);

  it('the same member voting twice at once keeps one vote', async () => {
    const room = await createRoom(t, owner.token, { name: 'Twice' });
    const [ann] = members;
    await joinRoom(t, ann!.token, room.id);
    const { poll } = (await createPoll(owner, room.id)).attachment;
    const answers = await Promise.all([vote(ann!, poll.id, [0]), vote(ann!, poll.id, [1]), vote(ann!, poll.id, [1])]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    const last = answers.map((answer) => answer.attachment.poll).sort((a, b) => b.version - a.version)[0]!;
    expect(last.voters).toBe(1);
    expect(last.tallies.reduce((sum, n) => sum + n, 0)).toBe(1);
    expect(last.tallies[last.mine![0]!]).toBe(1);
  });
});

describe('live', () => {
  it("a new poll arrives as a message carrying its poll; votes and closing arrive as `poll` frames; a vote's answer is the voter's", async () => {
    const room = await createRoom(t, owner.token, { name: 'Live' });
    const [ann, bob] = members;
    await joinRoom(t, ann!.token, room.id);
    await joinRoom(t, bob!.token, room.id);
    const watcher = await subscribed(ann!, room.id);
    const { poll } = (await createPoll(owner, room.id)).attachment;
    const message = await watcher.next('message', (frame) => frame.message.kind === 'poll');
    expect(message.message.poll).toMatchObject({ id: poll.id, question: 'Which day?', tallies: [0, 0, 0] });
    // The frame is the same for every member: it carries no one's own vote.
    expect(message.message.poll).not.toHaveProperty('mine');
    await vote(bob!, poll.id, [2]);
    const frame = await watcher.next('poll');
    expect(frame).toEqual({
      type: 'poll',
      roomId: room.id,
      poll: { id: poll.id, version: 1, tallies: [0, 0, 1], voters: 1, closedAt: null },
    });
    await post(owner, '/chat/poll/close', { pollId: poll.id });
    const closed = await watcher.next('poll', (next) => next.poll.closedAt !== null);
    expect(closed.poll).toMatchObject({ version: 2, tallies: [0, 0, 1] });
    await watcher.close();
  });
});

describe("an activity room's poll for ticket holders or those checked in", () => {
  let organizer: WalletUser;
  let holder: WalletUser;
  let attendee: WalletUser;
  let roomId: string;

  beforeAll(async () => {
    organizer = await host(t, 'organizer@example.com');
    holder = await guest(t, 'holder@example.com', '0');
    attendee = await guest(t, 'attendee@example.com', '0');
    const activity = await createActivity(t, organizer);
    expect((await signUp(t, holder, activity.id)).status).toBe(200);
    const ticket = (await signUp(t, attendee, activity.id)).attachment;
    const checkedIn = await t.call('POST', '/activity/checkin', {
      token: organizer.token,
      body: { activityId: activity.id, ticketCode: ticket.qr },
    });
    expect(checkedIn.status).toBe(200);
    const found = await t.call<ChatRoom>('GET', '/chat/room/activity', {
      token: organizer.token,
      query: { activityId: activity.id },
    });
    roomId = found.attachment.id;
  }, 60_000);

  it('ticket holders: the organizer (a host without a ticket) is refused, holders vote', async () => {
    const { poll } = (await createPoll(organizer, roomId, { audience: 'ticketHolders' })).attachment;
    expect(poll.audience).toBe('ticketHolders');
    const refused = await vote(organizer, poll.id, [0]);
    expect([refused.status, refused.msg]).toEqual([403, "This poll is for the activity's ticket holders"]);
    expect((await vote(holder, poll.id, [0])).status).toBe(200);
    expect((await vote(attendee, poll.id, [1])).attachment.poll).toMatchObject({ voters: 2 });
  });

  it('checked in: a ticket not checked in is refused, a checked-in attendee votes', async () => {
    const { poll } = (await createPoll(organizer, roomId, { audience: 'checkedIn' })).attachment;
    const refused = await vote(holder, poll.id, [0]);
    expect([refused.status, refused.msg]).toEqual([403, 'This poll is for those checked in at the activity']);
    expect((await vote(attendee, poll.id, [0])).attachment.poll).toMatchObject({ voters: 1, tallies: [1, 0, 0] });
  });
});
