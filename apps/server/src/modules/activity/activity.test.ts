import type { Activity, Registration } from '@polaris/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { latestMail } from '../../test/outbox.ts';
import { balanceOf, newKey, type WalletUser } from '../../test/wallet-fixtures.ts';
import { checkLedger } from '../wallet/invariants.ts';
import { activityBody, createActivity, DAY, guest, HOUR, host, paidTicket, signUp } from './activity-fixtures.ts';
import { signCodeAt, signWindow } from './codes.ts';

let t: TestApp;
let olivia: WalletUser;
let cohost: WalletUser;

beforeAll(async () => {
  t = await createTestApp();
  olivia = await host(t, 'olivia@example.com');
  cohost = await host(t, 'cohost@example.com');
});
afterAll(async () => {
  expect(await checkLedger(t.database.db)).toEqual([]);
  await t.close();
});

const detail = (id: string, token?: string) => t.call<Activity>('GET', '/activity/detail', { token, query: { id } });

describe('create gate and lifecycle', () => {
  it('asks for login (401) and then for a profile name (414) before creating', async () => {
    expect((await t.call('POST', '/activity/create', { body: activityBody(t) })).status).toBe(401);
    const nameless = await guest(t, 'nameless@example.com', '0');
    const gated = await t.call('POST', '/activity/create', { token: nameless.token, body: activityBody(t) });
    expect(gated).toMatchObject({
      status: 414,
      msg: 'Please set your name in your profile before creating an activity',
    });
    const named = await t.call<{ openName: string }>('POST', '/user/personalInfo', {
      token: nameless.token,
      body: { openName: 'Nora' },
    });
    expect(named.attachment.openName).toBe('Nora');
    expect((await t.call('POST', '/activity/create', { token: nameless.token, body: activityBody(t) })).status).toBe(
      200,
    );
  });

  it('keeps a draft private to its hosts until published, then shows it with a share link', async () => {
    const draft = await createActivity(t, olivia, { publish: false, coHosts: [cohost.uid] });
    expect(draft).toMatchObject({ status: 'draft', phase: 'upcoming', abilities: { edit: true, manage: true } });
    const stranger = await guest(t, 'stranger@example.com', '0');
    expect((await detail(draft.id, stranger.token)).status).toBe(404);
    expect((await detail(draft.id)).status).toBe(404);
    expect((await detail(draft.id, cohost.token)).attachment.abilities.manage).toBe(true);
    const published = await t.call<Activity>('POST', '/activity/publish', {
      token: olivia.token,
      body: { id: draft.id },
    });
    expect(published.attachment.status).toBe('published');
    const seen = await detail(draft.id, stranger.token);
    expect(seen.attachment).toMatchObject({
      status: 'published',
      shareUrl: `http://localhost:8080/#/pages/activity/details/index?id=${draft.id}`,
      abilities: { edit: false, manage: false, signUp: true },
      organizer: { name: 'olivia' },
      coHosts: [{ uid: cohost.uid }],
    });
  });

  it('moves from upcoming to ongoing to ended with the clock', async () => {
    const activity = await createActivity(t, olivia, {
      startsAt: new Date(t.clock.now().getTime() + HOUR).toISOString(),
      endsAt: new Date(t.clock.now().getTime() + 2 * HOUR).toISOString(),
    });
    expect((await detail(activity.id)).attachment.phase).toBe('upcoming');
    t.clock.advance(HOUR + 1000);
    expect((await detail(activity.id)).attachment.phase).toBe('ongoing');
    t.clock.advance(HOUR);
    expect((await detail(activity.id)).attachment.phase).toBe('ended');
  });

  it('hides the online link until the caller holds an approved ticket', async () => {
    const activity = await createActivity(t, olivia, { city: null, onlineUrl: 'https://meet.example.com/abc' });
    expect((await detail(activity.id)).attachment).toMatchObject({ online: true, onlineUrl: null });
    const viewer = await guest(t, 'viewer@example.com', '0');
    await signUp(t, viewer, activity.id);
    expect((await detail(activity.id, viewer.token)).attachment.onlineUrl).toBe('https://meet.example.com/abc');
  });

  it('keeps the create form as a server-side draft until the activity is created', async () => {
    const saved = await t.call('POST', '/activity/draft/save', {
      token: olivia.token,
      body: { data: { title: 'Half-typed', capacity: 20 } },
    });
    expect(saved.status).toBe(200);
    const read = await t.call<{ draft: { data: Record<string, unknown> } | null }>('GET', '/activity/draft', {
      token: olivia.token,
    });
    expect(read.attachment.draft?.data).toEqual({ title: 'Half-typed', capacity: 20 });
    await createActivity(t, olivia);
    expect(
      (await t.call<{ draft: unknown }>('GET', '/activity/draft', { token: olivia.token })).attachment.draft,
    ).toBeNull();
  });
});

describe('discovery', () => {
  let city: string;
  beforeAll(async () => {
    city = 'Kaohsiung';
    const base = t.clock.now().getTime();
    await createActivity(t, olivia, {
      city,
      title: 'Rust meetup',
      category: 'tech',
      startsAt: new Date(base + 2 * DAY).toISOString(),
      endsAt: new Date(base + 2 * DAY + HOUR).toISOString(),
    });
    await createActivity(t, olivia, { city, title: 'Paid summit', category: 'conference', ...paidTicket('5') });
    await createActivity(t, olivia, { city, title: 'Secret dinner', category: 'food', visibility: 'unlisted' });
    await createActivity(t, olivia, { city, title: 'Draft idea', category: 'tech', publish: false });
    await createActivity(t, olivia, {
      city,
      title: 'Far future',
      category: 'tech',
      startsAt: new Date(base + 60 * DAY).toISOString(),
      endsAt: new Date(base + 60 * DAY + HOUR).toISOString(),
    });
  });

  it('lists what is coming in a city, soonest first, without drafts or unlisted ones', async () => {
    const list = await t.call<{ items: { title: string }[] }>('GET', '/activity/list', {
      query: { city: 'kaohsiung' },
    });
    expect(list.attachment.items.map((item) => item.title)).toEqual(['Rust meetup', 'Paid summit', 'Far future']);
  });

  it('filters by category, free, search and this week', async () => {
    const titles = async (query: Record<string, string>) =>
      (
        await t.call<{ items: { title: string }[] }>('GET', '/activity/list', { query: { city, ...query } })
      ).attachment.items.map((item) => item.title);
    expect(await titles({ category: 'tech' })).toEqual(['Rust meetup', 'Far future']);
    expect(await titles({ free: 'true' })).toEqual(['Rust meetup', 'Far future']);
    expect(await titles({ free: 'false' })).toEqual(['Paid summit']);
    expect(await titles({ q: 'rust' })).toEqual(['Rust meetup']);
    expect(await titles({ when: 'month', tz: 'Asia/Taipei' })).not.toContain('Far future');
  });

  it('pages with a cursor', async () => {
    const first = await t.call<{ items: { id: string }[]; nextCursor: string }>('GET', '/activity/list', {
      query: { city, limit: '2' },
    });
    expect(first.attachment.items).toHaveLength(2);
    const second = await t.call<{ items: { id: string }[]; nextCursor: string | null }>('GET', '/activity/list', {
      query: { city, limit: '2', cursor: first.attachment.nextCursor },
    });
    expect(second.attachment.items).toHaveLength(1);
    expect(second.attachment.nextCursor).toBeNull();
  });

  it('shows prices, the city list, category counts and explore', async () => {
    const paid = (
      await t.call<{ items: { title: string; free: boolean; priceFrom: unknown }[] }>('GET', '/activity/list', {
        query: { city, q: 'summit' },
      })
    ).attachment.items[0];
    expect(paid).toMatchObject({ free: false, priceFrom: { amount: '5', asset: 'USDT' } });
    const cities = await t.call<{ items: { city: string; count: number }[] }>('GET', '/activity/cities');
    expect(cities.attachment.items).toContainEqual({ city, count: 3 });
    const categories = await t.call<{ items: { category: string; count: number }[] }>('GET', '/activity/categories', {
      query: { city },
    });
    expect(categories.attachment.items.find((c) => c.category === 'tech')?.count).toBe(2);
    const explore = await t.call<{ thisWeek: { title: string }[]; free: unknown[] }>('GET', '/activity/explore', {
      query: { city },
    });
    expect(explore.status).toBe(200);
    expect(explore.attachment.free.length).toBe(2);
  });
});

describe('free and paid sign-up', () => {
  it('gives a free seat with a signed QR code, and a repeat returns the same ticket', async () => {
    const activity = await createActivity(t, olivia);
    const ann = await guest(t, 'ann@example.com', '0');
    const first = await signUp(t, ann, activity.id);
    expect(first.attachment).toMatchObject({ status: 'approved', paid: '0', paymentState: 'none' });
    expect(first.attachment.qr).toMatch(/^PLX1\.[A-Za-z0-9_-]{24}\.[A-Za-z0-9_-]{16}$/);
    const again = await signUp(t, ann, activity.id);
    expect(again.attachment.id).toBe(first.attachment.id);
    const tickets = await t.call<{ items: Registration[] }>('GET', '/activity/tickets', { token: ann.token });
    expect(tickets.attachment.items.map((item) => item.id)).toEqual([first.attachment.id]);
  });

  it('takes a paid ticket into ticket escrow behind the trade password, once per key', async () => {
    const activity = await createActivity(t, olivia, paidTicket('12.5'));
    const ben = await guest(t, 'ben@example.com', '100');
    const wrong = await signUp(t, ben, activity.id, { tradePassword: 'f'.repeat(64) });
    expect(wrong.status).toBe(468);
    const noPassword = await t.call('POST', '/activity/signup', {
      token: ben.token,
      body: { activityId: activity.id },
    });
    expect(noPassword).toMatchObject({ status: 400, attachment: [{ field: 'tradePassword' }] });
    const key = newKey();
    const [a, b] = await Promise.all([
      signUp(t, ben, activity.id, { idempotencyKey: key }),
      signUp(t, ben, activity.id, { idempotencyKey: key }),
    ]);
    expect(a.attachment).toMatchObject({ status: 'approved', paid: '12.5', paymentState: 'escrow' });
    expect(b.attachment.id).toBe(a.attachment.id);
    expect(await balanceOf(t, ben.token, 'USDT')).toMatchObject({ available: '87.5', frozen: '0' });
  });

  it('refuses a paid ticket the balance cannot cover and keeps nothing', async () => {
    const activity = await createActivity(t, olivia, paidTicket('50'));
    const poor = await guest(t, 'poor@example.com', '10');
    const refused = await signUp(t, poor, activity.id);
    expect(refused).toMatchObject({ status: 400, msg: 'Insufficient balance' });
    expect((await detail(activity.id, poor.token)).attachment.myRegistration).toBeNull();
    expect(await balanceOf(t, poor.token, 'USDT')).toMatchObject({ available: '10' });
  });

  it('asks the registration questions and refuses a missing required answer', async () => {
    const activity = await createActivity(t, olivia, {
      questions: [
        { id: 'role', label: 'Your role', type: 'choice', options: ['dev', 'design'], required: true },
        { label: 'Anything else?' },
      ],
    });
    const cara = await guest(t, 'cara@example.com', '0');
    const missing = await signUp(t, cara, activity.id);
    expect(missing).toMatchObject({
      status: 400,
      msg: 'Please answer: Your role',
      attachment: [{ field: 'answers.role' }],
    });
    const off = await signUp(t, cara, activity.id, { answers: { role: 'pm' } });
    expect(off.status).toBe(400);
    const ok = await signUp(t, cara, activity.id, { answers: { role: 'dev', q2: 'hi' } });
    expect(ok.attachment.answers).toEqual({ role: 'dev', q2: 'hi' });
  });

  it('refuses sign-up outside a sale window and after the end', async () => {
    const now = t.clock.now().getTime();
    const activity = await createActivity(t, olivia, {
      ticketTypes: [{ name: 'Later', salesStart: new Date(now + DAY).toISOString() }],
    });
    const dan = await guest(t, 'dan@example.com', '0');
    expect((await signUp(t, dan, activity.id)).msg).toBe('Tickets are not on sale yet');
    t.clock.advance(8 * DAY);
    expect(await signUp(t, dan, activity.id)).toMatchObject({ status: 409, msg: 'This activity has ended' });
  });
});

describe('approval', () => {
  it('freezes the price in the attendee account until approval, then moves it to escrow', async () => {
    const activity = await createActivity(t, olivia, { requireApproval: true, ...paidTicket('20') });
    const eve = await guest(t, 'eve@example.com', '50');
    const pending = await signUp(t, eve, activity.id);
    expect(pending.attachment).toMatchObject({ status: 'pending', paymentState: 'frozen', qr: null });
    expect(await balanceOf(t, eve.token, 'USDT')).toMatchObject({ available: '30', frozen: '20' });
    const approved = await t.call<Registration>('POST', '/activity/manage/approve', {
      token: cohost.token,
      body: { activityId: activity.id, registrationId: pending.attachment.id },
    });
    expect(approved.status).toBe(403);
    const byOrganizer = await t.call<Registration>('POST', '/activity/manage/approve', {
      token: olivia.token,
      body: { activityId: activity.id, registrationId: pending.attachment.id },
    });
    expect(byOrganizer.attachment).toMatchObject({ status: 'approved', paymentState: 'escrow' });
    expect(await balanceOf(t, eve.token, 'USDT')).toMatchObject({ available: '30', frozen: '0' });
  });

  it('unfreezes the price when the request is rejected, and an invitation skips approval', async () => {
    const activity = await createActivity(t, olivia, { requireApproval: true, ...paidTicket('20') });
    const fay = await guest(t, 'fay@example.com', '50');
    const pending = await signUp(t, fay, activity.id);
    const rejected = await t.call<Registration>('POST', '/activity/manage/reject', {
      token: olivia.token,
      body: { activityId: activity.id, registrationId: pending.attachment.id },
    });
    expect(rejected.attachment).toMatchObject({ status: 'rejected', paymentState: 'refunded', note: 'rejected' });
    expect(await balanceOf(t, fay.token, 'USDT')).toMatchObject({ available: '50', frozen: '0' });

    const invite = await t.call<{ code: string; link: string; mailed: number }>('POST', '/activity/manage/invite', {
      token: olivia.token,
      body: { activityId: activity.id, emails: ['gus@example.com'] },
    });
    expect(invite.attachment.mailed).toBe(1);
    expect(invite.attachment.link).toContain(`invite=${invite.attachment.code}`);
    const mail = await latestMail(t.outbox, 'gus@example.com');
    expect(mail?.text).toContain(invite.attachment.link);
    const gus = await guest(t, 'gus@example.com', '50');
    const direct = await signUp(t, gus, activity.id, { inviteCode: invite.attachment.code });
    expect(direct.attachment).toMatchObject({ status: 'approved', paymentState: 'escrow' });
  });
});

describe('waitlist and cancellation', () => {
  it('waitlists when full, holds the price, and charges it only when a seat is confirmed', async () => {
    const activity = await createActivity(t, olivia, { capacity: 1, ...paidTicket('10') });
    const [hal, ivy, jon] = [
      await guest(t, 'hal@example.com', '20'),
      await guest(t, 'ivy@example.com', '20'),
      await guest(t, 'jon@example.com', '5'),
    ];
    expect((await signUp(t, hal, activity.id)).attachment.status).toBe('approved');
    const ivyPlace = await signUp(t, ivy, activity.id);
    expect(ivyPlace.attachment).toMatchObject({ status: 'waitlisted', waitlistPosition: 1, paymentState: 'frozen' });
    // Held, not taken: it is still Ivy's, but she cannot spend it elsewhere while she waits.
    expect(await balanceOf(t, ivy.token, 'USDT')).toMatchObject({ available: '10', frozen: '10' });
    const spend = await t.call('POST', '/wallet/transfer', {
      token: ivy.token,
      body: { asset: 'USDT', amount: '15', to: hal.uid, tradePassword: ivy.trade, idempotencyKey: newKey() },
    });
    expect(spend.msg).toBe('Insufficient balance');
    // Someone who cannot cover the price cannot join the waitlist.
    const jonTry = await signUp(t, jon, activity.id);
    expect(jonTry.msg).toBe('Insufficient balance');

    const cancelled = await t.call<Registration>('POST', '/activity/signup/cancel', {
      token: hal.token,
      body: { activityId: activity.id },
    });
    expect(cancelled.attachment).toMatchObject({ status: 'cancelled', refunded: '10', paymentState: 'refunded' });
    const ivyNow = (await detail(activity.id, ivy.token)).attachment.myRegistration;
    expect(ivyNow).toMatchObject({ status: 'approved', paid: '10', paymentState: 'escrow' });
    expect(await balanceOf(t, ivy.token, 'USDT')).toMatchObject({ available: '10', frozen: '0' });
    expect(await balanceOf(t, hal.token, 'USDT')).toMatchObject({ available: '20' });
  });

  it('gives a waitlisted person their held price back when they leave', async () => {
    const activity = await createActivity(t, olivia, { capacity: 1, ...paidTicket('10') });
    const [wes, xia, yan] = [
      await guest(t, 'held-a@example.com', '10'),
      await guest(t, 'held-b@example.com', '10'),
      await guest(t, 'held-c@example.com', '10'),
    ];
    await signUp(t, wes, activity.id);
    await signUp(t, xia, activity.id);
    await signUp(t, yan, activity.id);
    const left = await t.call<Registration>('POST', '/activity/signup/cancel', {
      token: xia.token,
      body: { activityId: activity.id },
    });
    expect(left.attachment).toMatchObject({ status: 'cancelled', paymentState: 'refunded', refunded: '10' });
    expect(await balanceOf(t, xia.token, 'USDT')).toMatchObject({ available: '10', frozen: '0' });
    const yanNow = (await detail(activity.id, yan.token)).attachment.myRegistration;
    expect(yanNow).toMatchObject({ status: 'waitlisted', waitlistPosition: 1, paymentState: 'frozen' });
  });

  it('refunds in full until 24 hours before the start and nothing after; the forfeit goes to the organizer after the hold', async () => {
    const activity = await createActivity(t, olivia, {
      ...paidTicket('10'),
      startsAt: new Date(t.clock.now().getTime() + 2 * DAY).toISOString(),
      endsAt: new Date(t.clock.now().getTime() + 2 * DAY + HOUR).toISOString(),
    });
    const kim = await guest(t, 'kim@example.com', '10');
    await signUp(t, kim, activity.id);
    const before = await balanceOf(t, olivia.token, 'USDT');
    t.clock.advance(DAY + HOUR);
    const late = await t.call<Registration>('POST', '/activity/signup/cancel', {
      token: kim.token,
      body: { activityId: activity.id },
    });
    expect(late.attachment).toMatchObject({ status: 'cancelled', refunded: '0', note: 'lateCancellation' });
    expect(await balanceOf(t, kim.token, 'USDT')).toMatchObject({ available: '0' });
    t.clock.advance(DAY);
    const due = await t.services.registrations.processDue();
    expect(due.settled).toBeGreaterThanOrEqual(1);
    const overview = () =>
      t.call<{ held: unknown[]; released: unknown[] }>('GET', '/activity/manage/overview', {
        token: olivia.token,
        query: { activityId: activity.id },
      });
    expect((await overview()).attachment).toMatchObject({
      held: [{ asset: 'USDT', amount: '10', releaseAt: new Date(Date.parse(activity.endsAt) + DAY).toISOString() }],
      released: [],
    });
    t.clock.advance(DAY);
    await t.services.earnings.releaseDue();
    expect((await overview()).attachment).toMatchObject({ held: [], released: [{ asset: 'USDT', amount: '10' }] });
    const after = await balanceOf(t, olivia.token, 'USDT');
    expect(Number(after.available) - Number(before.available)).toBeGreaterThanOrEqual(10);
  });

  it('moves escrow into the payout hold after the end, once, even with two workers', async () => {
    const start = t.clock.now().getTime() + 2 * HOUR;
    const activity = await createActivity(t, olivia, {
      ...paidTicket('7'),
      startsAt: new Date(start).toISOString(),
      endsAt: new Date(start + HOUR).toISOString(),
    });
    const buyers = [await guest(t, 'lea@example.com', '7'), await guest(t, 'max@example.com', '7')];
    for (const buyer of buyers) await signUp(t, buyer, activity.id);
    const before = Number((await balanceOf(t, olivia.token, 'USDT')).available);
    t.clock.advance(3 * HOUR + 1000);
    await Promise.all([t.services.registrations.processDue(), t.services.registrations.processDue()]);
    // Earned, not yet the organizer's: frozen in creator earnings until the end plus the payout hold.
    expect(Number((await balanceOf(t, olivia.token, 'USDT')).available) - before).toBe(0);
    const overview = await t.call<{ escrow: unknown[]; released: unknown[] }>('GET', '/activity/manage/overview', {
      token: olivia.token,
      query: { activityId: activity.id },
    });
    expect(overview.attachment).toMatchObject({
      escrow: [],
      held: [{ asset: 'USDT', amount: '14' }],
      released: [],
    });
  });

  it('cancelling the activity refunds everyone exactly what is held for them', async () => {
    const activity = await createActivity(t, olivia, { capacity: 2, ...paidTicket('3.333333') });
    const people = [
      await guest(t, 'ned@example.com', '10'),
      await guest(t, 'ola@example.com', '10'),
      await guest(t, 'pia@example.com', '10'),
    ];
    for (const person of people) await signUp(t, person, activity.id);
    const cancelledByCohost = await t.call('POST', '/activity/manage/cancel', {
      token: cohost.token,
      body: { activityId: activity.id },
    });
    expect(cancelledByCohost.status).toBe(403);
    const result = await t.call<{ cancelled: number; refunded: unknown[] }>('POST', '/activity/manage/cancel', {
      token: olivia.token,
      body: { activityId: activity.id },
    });
    // Two seats paid into escrow and one waitlist place held in its owner's account: all of it comes back.
    expect(result.attachment).toEqual({ cancelled: 3, refunded: [{ asset: 'USDT', amount: '9.999999' }] });
    for (const person of people)
      expect(await balanceOf(t, person.token, 'USDT')).toMatchObject({ available: '10', frozen: '0' });
    expect((await detail(activity.id)).attachment.status).toBe('cancelled');
    expect((await signUp(t, people[0]!, activity.id)).msg).toBe('This activity has been cancelled');
    expect(await checkLedger(t.database.db)).toEqual([]);
  });
});

describe('ticket transfer', () => {
  it('gives a confirmed ticket to another user by uid; the old QR dies and a refund follows the ticket', async () => {
    const activity = await createActivity(t, olivia, { capacity: 1, ...paidTicket('10') });
    const [giver, friend, stranger] = [
      await guest(t, 'gift-a@example.com', '10'),
      await guest(t, 'gift-b@example.com', '0'),
      await guest(t, 'gift-c@example.com', '10'),
    ];
    const ticket = (await signUp(t, giver, activity.id)).attachment;
    await signUp(t, stranger, activity.id); // waitlisted: the seat is taken
    const transfer = (who: WalletUser, toUid: string) =>
      t.call<Registration>('POST', '/activity/ticket/transfer', {
        token: who.token,
        body: { activityId: activity.id, toUid },
      });

    expect((await transfer(giver, '99999999')).attachment).toMatchObject([{ field: 'toUid' }]);
    expect((await transfer(giver, 'abc')).attachment).toMatchObject([{ field: 'toUid' }]);
    expect((await transfer(giver, giver.uid)).msg).toBe('You already hold this ticket');
    expect((await transfer(stranger, friend.uid)).msg).toBe('Only a confirmed ticket can be transferred');
    expect((await transfer(giver, stranger.uid)).status).toBe(409);

    const given = await transfer(giver, friend.uid);
    expect(given).toMatchObject({ status: 200, attachment: { status: 'approved', paymentState: 'escrow' } });
    expect((await detail(activity.id, giver.token)).attachment.myRegistration).toBeNull();
    const friendTicket = (await detail(activity.id, friend.token)).attachment.myRegistration;
    expect(friendTicket?.qr).toBeTruthy();
    expect(friendTicket?.qr).not.toBe(ticket.qr);
    const oldScan = await t.call('POST', '/activity/checkin', {
      token: olivia.token,
      body: { activityId: activity.id, ticketCode: ticket.qr },
    });
    expect(oldScan.status).toBe(404);

    const refunded = await t.call<Registration>('POST', '/activity/signup/cancel', {
      token: friend.token,
      body: { activityId: activity.id },
    });
    expect(refunded.attachment).toMatchObject({ status: 'cancelled', refunded: '10' });
    expect(await balanceOf(t, friend.token, 'USDT')).toMatchObject({ available: '10' });
    expect(await balanceOf(t, giver.token, 'USDT')).toMatchObject({ available: '0' });
    expect(await checkLedger(t.database.db)).toEqual([]);
  });
});

describe('check-in and attendance NFTs', () => {
  let activity: Activity;
  let quinn: WalletUser;
  let ticket: Registration;
  beforeAll(async () => {
    activity = await createActivity(t, olivia, { coHosts: [cohost.uid] });
    quinn = await guest(t, 'quinn@example.com', '0');
    ticket = (await signUp(t, quinn, activity.id)).attachment;
  });

  it('a co-host checks a ticket in by its QR code; a second scan is refused; the attendee gets an NFT', async () => {
    const first = await t.call<{ nft: { tokenId: string; image: string } }>('POST', '/activity/checkin', {
      token: cohost.token,
      body: { activityId: activity.id, ticketCode: ticket.qr },
    });
    expect(first.status).toBe(200);
    const again = await t.call('POST', '/activity/checkin', {
      token: olivia.token,
      body: { activityId: activity.id, ticketCode: ticket.qr },
    });
    expect(again).toMatchObject({ status: 409, msg: 'This ticket has already been checked in' });
    const nfts = await t.call<{ items: { tokenId: string; activity: { id: string } }[] }>('GET', '/activity/nfts', {
      token: quinn.token,
    });
    expect(nfts.attachment.items).toEqual([
      expect.objectContaining({
        tokenId: first.attachment.nft.tokenId,
        activity: expect.objectContaining({ id: activity.id }),
      }),
    ]);
    const image = await t.app.inject({ url: new URL(first.attachment.nft.image).pathname });
    expect(image.headers['content-type']).toContain('image/svg+xml');
    expect(image.body).toContain(activity.title);
    const overview = await t.call<{ counts: { checkedIn: number; approved: number } }>(
      'GET',
      '/activity/manage/overview',
      {
        token: olivia.token,
        query: { activityId: activity.id },
      },
    );
    expect(overview.attachment.counts).toMatchObject({ checkedIn: 1, approved: 1 });
  });

  it('undo makes the ticket valid again and burns the NFT', async () => {
    const undone = await t.call('POST', '/activity/checkin/undo', {
      token: olivia.token,
      body: { activityId: activity.id, registrationId: ticket.id },
    });
    expect(undone.status).toBe(200);
    expect(
      (await t.call<{ items: unknown[] }>('GET', '/activity/nfts', { token: quinn.token })).attachment.items,
    ).toEqual([]);
    expect(
      (
        await t.call('POST', '/activity/checkin/undo', {
          token: olivia.token,
          body: { activityId: activity.id, registrationId: ticket.id },
        })
      ).status,
    ).toBe(409);
  });

  it('refuses a forged or foreign ticket code', async () => {
    const forged = `${ticket.qr!.slice(0, -4)}AAAA`;
    const result = await t.call('POST', '/activity/checkin', {
      token: olivia.token,
      body: { activityId: activity.id, ticketCode: forged },
    });
    expect(result).toMatchObject({ status: 404, msg: 'This ticket is not valid for this activity' });
    const other = await createActivity(t, olivia);
    const foreign = await t.call('POST', '/activity/checkin', {
      token: olivia.token,
      body: { activityId: other.id, ticketCode: ticket.qr },
    });
    expect(foreign.status).toBe(404);
  });

  it('lets an attendee check in with the rotating code: current and previous window only, inside the window', async () => {
    const early = await t.call('POST', '/activity/checkin/self', {
      token: quinn.token,
      body: { activityId: activity.id, signCode: '000000' },
    });
    expect(early).toMatchObject({ status: 409, msg: 'Check-in opens one hour before the start and closes at the end' });
    t.clock.advance(7 * DAY - 30 * 60_000);
    const shown = await t.call<{ code: string; expiresIn: number }>('GET', '/activity/manage/signCode', {
      token: olivia.token,
      query: { activityId: activity.id },
    });
    expect(shown.attachment.code).toMatch(/^\d{6}$/);
    t.clock.advance(60_000);
    const secret = await secretOf(activity.id);
    const stale = signCodeAt(secret, signWindow(t.clock.now()) - 2);
    const wrong = await t.call('POST', '/activity/checkin/self', {
      token: quinn.token,
      body: { activityId: activity.id, signCode: stale === shown.attachment.code ? '999999' : stale },
    });
    expect(wrong).toMatchObject({
      status: 400,
      attachment: [{ field: 'signCode', message: 'The sign-in code is wrong or has expired' }],
    });
    const ok = await t.call('POST', '/activity/checkin/self', {
      token: quinn.token,
      body: { activityId: activity.id, signCode: shown.attachment.code },
    });
    expect(ok.status).toBe(200);
  });
});

async function secretOf(code: string): Promise<string> {
  const { activities } = await import('../../db/schema/index.ts');
  const { eq } = await import('drizzle-orm');
  const [row] = await t.database.db.select().from(activities).where(eq(activities.code, code));
  return row!.checkinSecret;
}

describe('management is for the organizer and co-hosts', () => {
  it('answers 403 to everyone else on every manage call, and 404 for a draft', async () => {
    const activity = await createActivity(t, olivia, { requireApproval: true });
    const rita = await guest(t, 'rita@example.com', '0');
    const reg = (await signUp(t, rita, activity.id)).attachment;
    const ref = { activityId: activity.id };
    const calls: [string, 'GET' | 'POST', Record<string, unknown>][] = [
      ['/activity/manage/overview', 'GET', ref],
      ['/activity/manage/attendees', 'GET', ref],
      ['/activity/manage/approve', 'POST', { ...ref, registrationId: reg.id }],
      ['/activity/manage/reject', 'POST', { ...ref, registrationId: reg.id }],
      ['/activity/manage/signCode', 'GET', ref],
      ['/activity/manage/invite', 'POST', ref],
      ['/activity/manage/marketing', 'POST', { ...ref, featured: true }],
      ['/activity/manage/cancel', 'POST', ref],
      ['/activity/checkin', 'POST', { ...ref, ticketCode: 'PLX1.a.b' }],
      ['/activity/checkin/undo', 'POST', { ...ref, registrationId: reg.id }],
      ['/activity/update', 'POST', { id: activity.id, title: 'Mine now' }],
      ['/activity/publish', 'POST', { id: activity.id }],
    ];
    for (const [path, method, body] of calls) {
      const result =
        method === 'GET'
          ? await t.call(method, path, { token: rita.token, query: body as Record<string, string> })
          : await t.call(method, path, { token: rita.token, body });
      expect([path, result.status, result.msg]).toEqual([path, 403, 'The current operation has no permission']);
    }
    const csv = await t.app.inject({
      url: `/rest/polarisex/activity/manage/attendees.csv?activityId=${activity.id}`,
      headers: { token: rita.token, locale: 'en_US' },
    });
    expect(csv.json()).toMatchObject({ status: 403 });
    expect((await detail(activity.id)).attachment.title).toBe('Taipei Builders Night');
    expect((await detail(activity.id, rita.token)).attachment.myRegistration?.status).toBe('pending');

    const draft = await createActivity(t, olivia, { publish: false });
    const overview = await t.call('GET', '/activity/manage/overview', {
      token: rita.token,
      query: { activityId: draft.id },
    });
    expect(overview.status).toBe(404);
  });

  it('lists attendees by status and exports them as CSV', async () => {
    const activity = await createActivity(t, olivia, { capacity: 1, questions: [{ id: 'diet', label: 'Diet' }] });
    const sam = await guest(t, 'sam@example.com', '0');
    const tia = await guest(t, 'tia@example.com', '0');
    await signUp(t, sam, activity.id, { answers: { diet: '=vegan, "no nuts"' } });
    await signUp(t, tia, activity.id);
    const waitlisted = await t.call<{ items: { user: { email: string }; waitlistPosition: number }[] }>(
      'GET',
      '/activity/manage/attendees',
      { token: cohost.token, query: { activityId: activity.id, status: 'waitlisted' } },
    );
    expect(waitlisted.status).toBe(403);
    const list = await t.call<{ items: { user: { email: string }; waitlistPosition: number | null }[] }>(
      'GET',
      '/activity/manage/attendees',
      { token: olivia.token, query: { activityId: activity.id, status: 'waitlisted' } },
    );
    expect(list.attachment.items).toEqual([
      expect.objectContaining({ user: expect.objectContaining({ email: 'tia@example.com' }), waitlistPosition: 1 }),
    ]);
    const csv = await t.app.inject({
      url: `/rest/polarisex/activity/manage/attendees.csv?activityId=${activity.id}`,
      headers: { token: olivia.token },
    });
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    const lines = csv.body
      .replace(/^\ufeff/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toContain('registration_id,uid,name,email,status');
    expect(lines[0]?.endsWith(',Diet')).toBe(true);
    expect(lines[1]).toContain('sam@example.com,approved');
    expect(lines[1]?.endsWith(`"'=vegan, ""no nuts"""`)).toBe(true);
    expect(lines[2]).toContain('tia@example.com,waitlisted');
  });

  it('sets promotion settings that feature the activity on explore', async () => {
    const activity = await createActivity(t, olivia, { city: 'Tainan' });
    const set = await t.call('POST', '/activity/manage/marketing', {
      token: cohost.token,
      body: { activityId: activity.id, featured: true },
    });
    expect(set.status).toBe(403);
    const byOrganizer = await t.call('POST', '/activity/manage/marketing', {
      token: olivia.token,
      body: { activityId: activity.id, featured: true, shareTitle: 'Come along' },
    });
    expect(byOrganizer.attachment).toEqual({ featured: true, shareTitle: 'Come along', shareText: null });
    const explore = await t.call<{ featured: { id: string }[] }>('GET', '/activity/explore', {
      query: { city: 'Tainan' },
    });
    expect(explore.attachment.featured.map((item) => item.id)).toEqual([activity.id]);
  });
});

describe('editing', () => {
  it('refuses a capacity below the seats taken and keeps the activity as it was', async () => {
    const activity = await createActivity(t, olivia, { capacity: 3 });
    for (const name of ['uma', 'vic']) await signUp(t, await guest(t, `${name}@example.com`, '0'), activity.id);
    const refused = await t.call('POST', '/activity/update', {
      token: olivia.token,
      body: { id: activity.id, capacity: 1, title: 'Smaller' },
    });
    expect(refused).toMatchObject({
      status: 400,
      attachment: [{ field: 'capacity', message: 'The capacity cannot be lower than the 2 seats already taken' }],
    });
    expect((await detail(activity.id)).attachment).toMatchObject({ capacity: 3, title: 'Taipei Builders Night' });
  });

  it('promotes the waitlist when the capacity grows, and lets a co-host edit but not change co-hosts', async () => {
    const activity = await createActivity(t, olivia, { capacity: 1, coHosts: [cohost.uid] });
    await signUp(t, await guest(t, 'wes@example.com', '0'), activity.id);
    const xena = await guest(t, 'xena@example.com', '0');
    expect((await signUp(t, xena, activity.id)).attachment.status).toBe('waitlisted');
    const grown = await t.call<Activity>('POST', '/activity/update', {
      token: cohost.token,
      body: { id: activity.id, capacity: 2 },
    });
    expect(grown).toMatchObject({ status: 200, attachment: { capacity: 2, seatsTaken: 2, waitlisted: 0 } });
    expect((await detail(activity.id, xena.token)).attachment.myRegistration?.status).toBe('approved');
    const cohosts = await t.call('POST', '/activity/update', {
      token: cohost.token,
      body: { id: activity.id, coHosts: [] },
    });
    expect(cohosts.status).toBe(403);
  });

  it('locks the price of a ticket type once sold', async () => {
    const activity = await createActivity(t, olivia, paidTicket('5'));
    await signUp(t, await guest(t, 'yan@example.com', '10'), activity.id);
    const typeId = activity.ticketTypes[0]!.id;
    const repriced = await t.call('POST', '/activity/update', {
      token: olivia.token,
      body: { id: activity.id, ticketTypes: [{ id: typeId, name: 'Standard', price: '6', asset: 'USDT' }] },
    });
    expect(repriced).toMatchObject({ status: 400, msg: 'The price cannot change after tickets have been sold' });
  });
});

describe('scheduled work', () => {
  it('releases pending holds and closes the waitlist when the activity ends', async () => {
    const start = t.clock.now().getTime() + 2 * HOUR;
    const activity = await createActivity(t, olivia, {
      requireApproval: true,
      ...paidTicket('4'),
      startsAt: new Date(start).toISOString(),
      endsAt: new Date(start + HOUR).toISOString(),
    });
    const zed = await guest(t, 'zed@example.com', '4');
    await signUp(t, zed, activity.id);
    expect(await balanceOf(t, zed.token, 'USDT')).toMatchObject({ frozen: '4' });
    t.clock.advance(4 * HOUR);
    await t.services.registrations.processDue();
    expect(await balanceOf(t, zed.token, 'USDT')).toMatchObject({ available: '4', frozen: '0' });
    expect((await detail(activity.id, zed.token)).attachment.myRegistration).toMatchObject({
      status: 'rejected',
      note: 'expired',
    });
  });
});

describe('share and tickets', () => {
  it('lists my tickets with their activity and the hosted ones under mine', async () => {
    const activity = await createActivity(t, olivia, { title: 'Ticket list' });
    const abe = await guest(t, 'abe@example.com', '0');
    await signUp(t, abe, activity.id);
    const tickets = await t.call<{ items: { activity: { title: string }; qr: string }[] }>('GET', '/activity/tickets', {
      token: abe.token,
    });
    expect(tickets.attachment.items[0]).toMatchObject({
      activity: { title: 'Ticket list' },
      qr: expect.stringMatching(/^PLX1\./),
    });
    const hosted = await t.call<{ items: { id: string }[] }>('GET', '/activity/mine', {
      token: olivia.token,
      query: { role: 'hosted', limit: '50' },
    });
    expect(hosted.attachment.items.map((item) => item.id)).toContain(activity.id);
    const joined = await t.call<{ items: { id: string }[] }>('GET', '/activity/mine', { token: abe.token });
    expect(joined.attachment.items.map((item) => item.id)).toEqual([activity.id]);
  });
});
