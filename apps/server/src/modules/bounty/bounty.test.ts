import type { Bounty, ChatMessage } from '@polaris/contract';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { uploadTestImage } from '../../test/images.ts';
import { deposit, newKey, type WalletUser } from '../../test/wallet-fixtures.ts';
import { createActivity, host, signUp } from '../activity/activity-fixtures.ts';
import { createRoom, joinRoom } from '../chat/chat-fixtures.ts';
import { checkLedger } from '../wallet/ledger.store.ts';
import {
  available,
  type BountyMine,
  createBounty,
  createCall,
  DAY,
  detail,
  entriesOf,
  escrowUnits,
  funded,
  HOUR,
  member,
  type Page,
  review,
  type Submission,
  submit,
} from './bounty-fixtures.ts';

let t: TestApp;
let cara: WalletUser;

beforeAll(async () => {
  t = await createTestApp();
  cara = await funded(t, 'cara@example.com', '1000');
});
afterEach(async () => {
  expect(await checkLedger(t.database.db)).toEqual([]);
});
afterAll(() => t.close());

const inADay = () => new Date(t.clock.now().getTime() + DAY).toISOString();

/** The statements one call sends to the database. */
async function statementsOf(call: () => Promise<{ status: number }>) {
  const before = t.database.statements();
  const result = await call();
  expect(result.status).toBe(200);
  return t.database.statements() - before;
}

describe('a task bounty from creation to its last payout', () => {
  it('escrows the pool, pays each approved winner at once from escrow, and settles when the last slot is paid', async () => {
    const before = await available(t, cara);
    const escrowBefore = await escrowUnits(t);
    const bounty = await createBounty(t, cara, { total: '30', winners: 3 });
    expect(bounty).toMatchObject({
      asset: 'USDT',
      total: '30',
      perWinner: '10',
      winners: 3,
      paidCount: 0,
      state: 'open',
      audience: 'anyone',
      isCreator: true,
      can: { submit: false, manage: true, review: true },
      refundEntryId: null,
    });
    expect(bounty.shareUrl).toBe(`http://localhost:8080/s/b${bounty.id}`);
    expect(Number(await available(t, cara))).toBe(Number(before) - 30);
    expect(await escrowUnits(t)).toBe(escrowBefore + 30_000_000n);
    const [fund] = await entriesOf(t, bounty.id);
    expect(fund).toMatchObject({ id: bounty.fundEntryId, kind: 'bounty_fund' });

    const ann = await member(t, 'ann@example.com');
    const ben = await member(t, 'ben@example.com');
    const cid = await member(t, 'cid@example.com');
    const dan = await member(t, 'dan@example.com');
    // Someone else sees the bounty without the creator's audit fields and may submit.
    const seen = (await detail(t, bounty.id, ann.token)).attachment;
    expect(seen).toMatchObject({ isCreator: false, can: { submit: true }, mySubmission: null, fundEntryId: null });

    const subs: Submission[] = [];
    for (const person of [ann, ben, cid, dan]) {
      const sent = await submit(t, person, bounty.id);
      expect(sent.status).toBe(200);
      expect(sent.attachment).toMatchObject({ state: 'pending', amount: null, entryId: null });
      subs.push(sent.attachment);
    }
    expect((await detail(t, bounty.id, ann.token)).attachment).toMatchObject({
      can: { submit: false },
      pendingCount: 4,
      mySubmission: { id: subs[0]!.id, state: 'pending' },
    });

    const rejected = await review(t, cara, subs[1]!.id, 'reject', 'No link to the thread');
    expect(rejected.attachment).toMatchObject({ state: 'rejected', reason: 'No link to the thread' });
    // Rejected, Ben may try again.
    expect((await detail(t, bounty.id, ben.token)).attachment.can.submit).toBe(true);

    const paid = await review(t, cara, subs[0]!.id, 'approve');
    expect(paid.attachment).toMatchObject({ state: 'approved', amount: '10' });
    expect(await available(t, ann)).toBe('10');
    // The payout names its ledger entry, and the entry names the submission.
    const entries = await entriesOf(t, bounty.id);
    expect(entries.at(-1)).toMatchObject({
      id: paid.attachment.entryId,
      kind: 'bounty_payout',
      memo: { submissionId: subs[0]!.id },
    });

    const again = await submit(t, ben, bounty.id, { text: 'Now with the link', link: 'https://example.com/ben' });
    expect(again.status).toBe(200);
    expect((await review(t, cara, again.attachment.id, 'approve')).status).toBe(200);
    const third = await review(t, cara, subs[2]!.id, 'approve');
    expect(third.attachment.state).toBe('approved');

    // The last slot is paid: nothing is left to refund, Dan's waiting submission expires.
    const done = (await detail(t, bounty.id, cara.token)).attachment;
    expect(done).toMatchObject({ state: 'completed', paidCount: 3, pendingCount: 0, refundEntryId: null });
    const danView = await t.call<Page<Submission>>('GET', '/bounty/submissions', {
      token: dan.token,
      query: { id: bounty.id },
    });
    expect(danView.attachment.items.map((item) => item.state)).toEqual(['expired']);
    expect(Number(await available(t, cara))).toBe(Number(before) - 30);
    expect(await escrowUnits(t)).toBe(escrowBefore);
    // The worker later finds nothing to give back.
    t.clock.advance(6 * DAY);
    await t.services.bounties.settleDue();
    expect((await entriesOf(t, bounty.id)).map((entry) => entry.kind)).toEqual([
      'bounty_fund',
      'bounty_payout',
      'bounty_payout',
      'bounty_payout',
    ]);
  });

  it('shows the creator every submission and others only their own', async () => {
    const bounty = await createBounty(t, cara, { total: '5', winners: 1, submitKinds: ['text'] });
    const eve = await member(t, 'eve@example.com');
    const fox = await member(t, 'fox@example.com');
    await submit(t, eve, bounty.id, { text: 'mine' });
    await submit(t, fox, bounty.id, { text: 'also mine' });
    const all = await t.call<Page<Submission>>('GET', '/bounty/submissions', {
      token: cara.token,
      query: { id: bounty.id },
    });
    expect(all.attachment.items.map((item) => item.text)).toEqual(['also mine', 'mine']);
    const own = await t.call<Page<Submission>>('GET', '/bounty/submissions', {
      token: eve.token,
      query: { id: bounty.id },
    });
    expect(own.attachment.items.map((item) => item.text)).toEqual(['mine']);
    const pendingOnly = await t.call<Page<Submission>>('GET', '/bounty/submissions', {
      token: cara.token,
      query: { id: bounty.id, state: 'approved' },
    });
    expect(pendingOnly.attachment.items).toEqual([]);
  });

  it('asks for an image the submitter uploaded, and an https link', async () => {
    const bounty = await createBounty(t, cara, { total: '2', winners: 1, submitKinds: ['image', 'link'] });
    const gil = await member(t, 'gil@example.com');
    const theirs = await uploadTestImage(t, cara.token);
    const mine = await uploadTestImage(t, gil.token);
    const noImage = await submit(t, gil, bounty.id, { link: 'https://example.com/x' });
    expect(noImage).toMatchObject({ status: 400, msg: 'This bounty asks for an image' });
    const stolen = await submit(t, gil, bounty.id, { link: 'https://example.com/x', imageId: theirs });
    expect(stolen).toMatchObject({ status: 400, attachment: [{ field: 'imageId' }] });
    const plain = await submit(t, gil, bounty.id, { link: 'http://example.com/x', imageId: mine });
    expect(plain).toMatchObject({ status: 400, msg: 'Please enter a link starting with https://' });
    const script = await submit(t, gil, bounty.id, { link: 'javascript:alert(1)', imageId: mine });
    expect(script.status).toBe(400);
    const ok = await submit(t, gil, bounty.id, { link: 'https://example.com/x', imageId: mine });
    expect(ok.attachment).toMatchObject({ state: 'pending', imageId: mine, link: 'https://example.com/x' });
  });

  it('never serves a link stored before links were checked that would run script', async () => {
    const bounty = await createBounty(t, cara, { total: '2', winners: 1, submitKinds: ['link'] });
    const hal = await member(t, 'old-link@example.com');
    const sent = await submit(t, hal, bounty.id, { link: 'https://example.com/hal' });
    await t.database.db.execute(
      sql`update bounty_submissions set link = ${'javascript:alert(1)'} where id = ${Number(sent.attachment.id)}`,
    );
    const seen = await t.call<Page<Submission>>('GET', '/bounty/submissions', {
      token: cara.token,
      query: { id: bounty.id },
    });
    expect(seen.attachment.items.map((item) => item.link)).toEqual([null]);
  });
});

describe('expiry', () => {
  it('takes submissions until the deadline, lets the creator review for 72 hours, then gives the rest back once', async () => {
    const before = await available(t, cara);
    const bounty = await createBounty(t, cara, {
      total: '8',
      perWinner: '2',
      winners: undefined,
      deadline: new Date(t.clock.now().getTime() + HOUR).toISOString(),
      submitKinds: ['text'],
    });
    expect(bounty).toMatchObject({ winners: 4, perWinner: '2' });
    expect(new Date(bounty.reviewUntil).getTime() - new Date(bounty.deadline).getTime()).toBe(72 * HOUR);
    const hal = await member(t, 'hal@example.com');
    const ida = await member(t, 'ida@example.com');
    const halSub = (await submit(t, hal, bounty.id, { text: 'hal' })).attachment;
    const idaSub = (await submit(t, ida, bounty.id, { text: 'ida' })).attachment;

    t.clock.advance(2 * HOUR);
    expect((await detail(t, bounty.id, cara.token)).attachment.state).toBe('reviewing');
    const late = await submit(t, await member(t, 'jay@example.com'), bounty.id, { text: 'late' });
    expect(late).toMatchObject({ status: 409, msg: 'This bounty no longer takes submissions' });
    // Reviewing after the deadline still pays.
    expect((await review(t, cara, halSub.id, 'approve')).attachment.state).toBe('approved');
    // Nothing is due before the window closes.
    await t.services.bounties.settleDue();
    expect((await detail(t, bounty.id, cara.token)).attachment.refundEntryId).toBeNull();

    t.clock.advance(72 * HOUR);
    expect((await detail(t, bounty.id, cara.token)).attachment.state).toBe('ended');
    const tooLate = await review(t, cara, idaSub.id, 'approve');
    expect(tooLate).toMatchObject({ status: 409, msg: 'The review window of this bounty has passed' });
    await t.services.bounties.settleDue();
    await t.services.bounties.settleDue();
    const settled = (await detail(t, bounty.id, cara.token)).attachment;
    const refunds = (await entriesOf(t, bounty.id)).filter((entry) => entry.kind === 'bounty_refund');
    expect(refunds).toHaveLength(1);
    expect(settled).toMatchObject({ state: 'ended', paidCount: 1, refundEntryId: refunds[0]!.id });
    // 8 escrowed, 2 paid to Hal, 6 back.
    expect(Number(await available(t, cara))).toBe(Number(before) - 2);
    const idaNow = await t.call<Page<Submission>>('GET', '/bounty/submissions', {
      token: ida.token,
      query: { id: bounty.id },
    });
    expect(idaNow.attachment.items[0]!.state).toBe('expired');
  });
});

describe('browsing', () => {
  it('finds bounties by words, category and state, newest first, page by page, at the same cost for 2 rows or 20', async () => {
    const titles = ['Translate 100% of the docs', 'Design a_logo', 'Design a poster', 'Film the meetup'];
    const made: Bounty[] = [];
    for (const [i, title] of titles.entries()) {
      made.push(await createBounty(t, cara, { title, category: i < 3 ? 'design' : 'content', total: '1', winners: 1 }));
    }
    const list = (query: Record<string, string>, token?: string) =>
      t.call<Page<Bounty>>('GET', '/bounty/list', { token, query });
    expect((await list({ q: 'design' })).attachment.items.map((item) => item.title)).toEqual([
      'Design a poster',
      'Design a_logo',
    ]);
    // % and _ are plain characters in a search.
    expect((await list({ q: '100%' })).attachment.items.map((item) => item.title)).toEqual([titles[0]]);
    expect((await list({ q: 'a_l' })).attachment.items.map((item) => item.title)).toEqual(['Design a_logo']);
    expect((await list({ q: 'film', category: 'design' })).attachment.items).toEqual([]);

    const first = await list({ limit: '2' });
    expect(first.attachment.items.map((item) => item.id)).toEqual([made[3]!.id, made[2]!.id]);
    const next = await list({ limit: '2', cursor: first.attachment.nextCursor! });
    expect(next.attachment.items.map((item) => item.id)).toEqual([made[1]!.id, made[0]!.id]);

    const viewer = await member(t, 'kim@example.com');
    await submit(t, viewer, made[3]!.id, { text: 'a', link: 'https://example.com/kim' });
    const small = await statementsOf(() => list({ limit: '2' }, viewer.token));
    const large = await statementsOf(() => list({ limit: '20', state: 'all' }, viewer.token));
    expect(large).toBe(small);
    const withMine = (await list({ limit: '1' }, viewer.token)).attachment.items[0]!;
    expect(withMine).toMatchObject({ id: made[3]!.id, pendingCount: 1, mySubmission: { state: 'pending' } });
  });

  it('lists what I created and what I submitted, each with its state', async () => {
    const lia = await funded(t, 'lia@example.com', '10');
    const mine = await createBounty(t, lia, { total: '4', winners: 2, submitKinds: ['text'] });
    const other = await createBounty(t, cara, { total: '1', winners: 1, submitKinds: ['text'] });
    await submit(t, lia, other.id, { text: 'from lia' });
    const created = await t.call<BountyMine>('GET', '/bounty/mine', { token: lia.token, query: { role: 'created' } });
    expect(created.attachment.items).toEqual([{ bounty: expect.objectContaining({ id: mine.id }), submission: null }]);
    const submitted = await t.call<BountyMine>('GET', '/bounty/mine', {
      token: lia.token,
      query: { role: 'submitted' },
    });
    expect(submitted.attachment.items).toEqual([
      {
        bounty: expect.objectContaining({ id: other.id, mySubmission: expect.objectContaining({ state: 'pending' }) }),
        submission: expect.objectContaining({ text: 'from lia', state: 'pending' }),
      },
    ]);
    const cost = await statementsOf(() =>
      t.call('GET', '/bounty/mine', { token: cara.token, query: { role: 'submitted' } }),
    );
    expect(cost).toBeLessThanOrEqual(3);
  });
});

describe('activity bounties', () => {
  it('only the hosts attach one; only checked-in attendees submit to an attendee bounty', async () => {
    const olivia = await host(t, 'olivia@example.com');
    await deposit(t, olivia.email, 'USDT', 'BSC', '50');
    const activity = await createActivity(t, olivia);
    const outsider = await createCall(t, cara, { activityId: activity.id, total: '1', winners: 1 });
    expect(outsider).toMatchObject({ status: 403, msg: 'Only the organizers of this activity may add bounties to it' });

    const bounty = await createBounty(t, olivia, { activityId: activity.id, total: '6', winners: 2 });
    expect(bounty).toMatchObject({ audience: 'attendees', activity: { id: activity.id, title: activity.title } });
    const onPage = await t.call<Page<Bounty>>('GET', '/bounty/list', { query: { activityId: activity.id } });
    expect(onPage.attachment.items.map((item) => item.id)).toEqual([bounty.id]);

    const stranger = await member(t, 'nia@example.com');
    const refused = await submit(t, stranger, bounty.id, undefined, 'zh_TW');
    expect(refused).toMatchObject({ status: 403, msg: `這個賞金任務只給 ${activity.title} 已簽到的參加者` });
    expect((await detail(t, bounty.id, stranger.token)).attachment.can.submit).toBe(false);

    // Signed up is not enough: the attendee must be checked in.
    const ola = await funded(t, 'ola@example.com', '0');
    const ticket = (await signUp(t, ola, activity.id)).attachment;
    expect((await submit(t, ola, bounty.id)).status).toBe(403);
    const checkedIn = await t.call('POST', '/activity/checkin', {
      token: olivia.token,
      body: { activityId: activity.id, ticketCode: ticket.qr },
    });
    expect(checkedIn.status).toBe(200);
    expect((await detail(t, bounty.id, ola.token)).attachment.can.submit).toBe(true);
    const sent = await submit(t, ola, bounty.id);
    expect(sent.status).toBe(200);
    expect((await review(t, olivia, sent.attachment.id, 'approve')).attachment.amount).toBe('3');
  });
});

describe('in-chat bounties', () => {
  it('posts the bounty into the room as a message; only members see it and submit', async () => {
    const room = await createRoom(t, cara.token, { name: 'Bounty hunters' });
    const pia = await member(t, 'pia@example.com');
    await joinRoom(t, pia.token, room.id);
    const request = { roomId: room.id, total: '2', winners: 2, idempotencyKey: newKey(), deadline: inADay() };
    const bounty = await createBounty(t, cara, request);
    expect(bounty).toMatchObject({ audience: 'room', roomId: room.id });
    // The same request again is answered with the same bounty, and posts nothing more.
    const repeat = await createCall(t, cara, request);
    expect(repeat).toMatchObject({ status: 200, attachment: { id: bounty.id } });

    const history = await t.call<{ items: ChatMessage[] }>('GET', '/chat/messages', {
      token: pia.token,
      query: { roomId: room.id },
    });
    const posted = history.attachment.items.filter((message) => message.kind === 'bounty');
    expect(posted).toEqual([expect.objectContaining({ kind: 'bounty', ref: bounty.id })]);

    const quin = await member(t, 'quin@example.com');
    expect((await detail(t, bounty.id, quin.token)).status).toBe(404);
    expect((await submit(t, quin, bounty.id)).status).toBe(404);
    const everyone = await t.call<Page<Bounty>>('GET', '/bounty/list', { token: quin.token, query: { state: 'all' } });
    expect(everyone.attachment.items.map((item) => item.id)).not.toContain(bounty.id);
    const inRoom = await t.call<Page<Bounty>>('GET', '/bounty/list', { token: pia.token, query: { roomId: room.id } });
    expect(inRoom.attachment.items.map((item) => item.id)).toEqual([bounty.id]);
    expect((await submit(t, pia, bounty.id)).status).toBe(200);

    // A banned member is out of the audience.
    await t.database.db.execute(
      sql`update chat_members set banned = true where room_id = ${Number(room.id)} and user_id =
        (select id from users where email = 'pia@example.com')`,
    );
    expect((await detail(t, bounty.id, pia.token)).status).toBe(404);
  });

  it('refuses a room the creator is not in, before any money moves', async () => {
    const roomOfOthers = await createRoom(t, (await member(t, 'rex@example.com')).token, { name: 'Elsewhere' });
    const before = await available(t, cara);
    const refused = await createCall(t, cara, { roomId: roomOfOthers.id, total: '1', winners: 1 });
    expect(refused).toMatchObject({ status: 403, msg: 'You can only post a bounty into a room you are in' });
    expect(await available(t, cara)).toBe(before);
  });
});

describe('who may review', () => {
  it('refuses review by anyone but the creator, and a creator approving a submission of their own', async () => {
    const bounty = await createBounty(t, cara, { total: '1', winners: 1, submitKinds: ['text'] });
    const own = await submit(t, cara, bounty.id, { text: 'me' });
    expect(own).toMatchObject({ status: 403, msg: 'You cannot submit to your own bounty' });

    const sam = await member(t, 'sam@example.com');
    const samSub = (await submit(t, sam, bounty.id, { text: 'sam' })).attachment;
    const bySam = await review(t, sam, samSub.id, 'approve');
    expect(bySam).toMatchObject({ status: 403, msg: 'Only the creator of this bounty may review it' });
    expect(await available(t, sam)).toBe('0');

    // A submission of the creator's that reached the table some other way is still never paid to them.
    const before = await available(t, cara);
    const found = await t.database.db.execute(
      sql`insert into bounty_submissions (bounty_id, user_id, body, state, created_at)
          select ${Number(bounty.id)}, id, 'me', 'pending', now() from users where email = 'cara@example.com'
          returning id`,
    );
    const ownId = String((found as unknown as { rows: { id: string }[] }).rows[0]!.id);
    const self = await review(t, cara, ownId, 'approve', undefined, 'zh_TW');
    expect(self).toMatchObject({ status: 403, msg: '不能通過自己的提交' });
    expect(await available(t, cara)).toBe(before);
    expect((await detail(t, bounty.id, cara.token)).attachment.paidCount).toBe(0);
  });
});

describe('the transaction password', () => {
  it('locks bounty creation after five wrong passwords, and moves nothing', async () => {
    const uma = await funded(t, 'uma@example.com', '10');
    const wrong = { ...uma, trade: uma.trade.replace(/.$/, (c) => (c === '0' ? '1' : '0')) };
    for (let i = 0; i < 5; i++) {
      const tried = await createCall(t, wrong, { total: '1', winners: 1 });
      expect(tried.status).toBe(468);
    }
    const right = await createCall(t, uma, { total: '1', winners: 1 });
    expect(right.status).toBe(468);
    expect(right.msg).toMatch(/Too many wrong transaction passwords/);
    expect(await available(t, uma)).toBe('10');
    const created = await t.call<BountyMine>('GET', '/bounty/mine', { token: uma.token, query: { role: 'created' } });
    expect(created.attachment.items).toEqual([]);
  });
});

describe('pages that need no one in particular', () => {
  it('answers an unknown or malformed bounty id as not found', async () => {
    expect(await detail(t, '999999')).toMatchObject({ status: 404, msg: 'This bounty does not exist' });
    expect(await detail(t, 'abc')).toMatchObject({ status: 400, msg: 'This bounty does not exist' });
  });
});
