import type { Activity, Registration, WalletRecord } from '@polaris/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/app.ts';
import { latestMail } from '../../test/outbox.ts';
import { balanceOf, newKey, type WalletUser } from '../../test/wallet-fixtures.ts';
import { checkLedger } from '../wallet/ledger.store.ts';
import {
  activityApp,
  closeCheckingLedger,
  createActivity,
  DAY,
  guest,
  HOUR,
  paidTicket,
  signUp,
} from './activity-fixtures.ts';

/** Places and their money: free and paid sign-up, approval, the waitlist and cancelling, giving a ticket away, the end. */

let t: TestApp;
let olivia: WalletUser;
let cohost: WalletUser;

beforeAll(async () => {
  ({ t, olivia, cohost } = await activityApp());
});
afterAll(() => closeCheckingLedger(t));

const detail = (id: string, token?: string) => t.call<Activity>('GET', '/activity/detail', { token, query: { id } });

/** The status of the user's ticket hold in their wallet history. */
async function holdStatus(user: WalletUser) {
  const records = await t.call<{ items: WalletRecord[] }>('GET', '/wallet/records', {
    token: user.token,
    query: { asset: 'USDT' },
  });
  return records.attachment.items.find((record) => record.kind === 'ticket_hold')?.status;
}

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
    // The wallet history calls the held price what it is: on hold, not spent, until it is taken or released.
    expect(await holdStatus(eve)).toBe('held');
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
    expect(await holdStatus(eve)).toBe('completed');
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
    expect(await holdStatus(fay)).toBe('completed');
    expect(await balanceOf(t, fay.token, 'USDT')).toMatchObject({ available: '50', frozen: '0' });

    const invite = await t.call<{ code: string; link: string; mailed: number }>('POST', '/activity/manage/invite', {
      token: olivia.token,
      body: { activityId: activity.id, emails: ['gus@example.com'] },
    });
    expect(invite.attachment.mailed).toBe(1);
    expect(invite.attachment.link).toBe(`http://localhost:8080/s/a${activity.id}.${invite.attachment.code}`);
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
    const due = await t.services.activity.settlement.processDue();
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
    const withdrawn = await t.call('POST', '/open/master/withdraw', {
      token: olivia.token,
      body: { asset: 'USDT', amount: '10', tradePassword: olivia.trade, idempotencyKey: newKey() },
    });
    expect(withdrawn.status).toBe(200);
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
    await Promise.all([t.services.activity.settlement.processDue(), t.services.activity.settlement.processDue()]);
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
    await t.services.activity.settlement.processDue();
    expect(await balanceOf(t, zed.token, 'USDT')).toMatchObject({ available: '4', frozen: '0' });
    expect((await detail(activity.id, zed.token)).attachment.myRegistration).toMatchObject({
      status: 'rejected',
      note: 'expired',
    });
  });
});
