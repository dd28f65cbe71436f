import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Activity, Registration } from '@polaris/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { query } from '../../db/client.ts';
import { activities, creatorEarnings, journalEntries } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { emlText } from '../../test/outbox.ts';
import { balanceOf, newKey, type WalletUser } from '../../test/wallet-fixtures.ts';
import { checkLedger } from '../wallet/ledger.store.ts';
import { createActivity, DAY, guest, HOUR, host, signUp } from './activity-fixtures.ts';

const MINUTE = 60_000;

let t: TestApp;
let olivia: WalletUser;

beforeAll(async () => {
  t = await createTestApp();
  olivia = await host(t, 'olivia@example.com');
});
afterEach(async () => {
  expect(await checkLedger(t.database.db)).toEqual([]);
});
afterAll(async () => {
  await t.close();
});

/** A free and a 10 USDT ticket type. */
const mixedTickets = {
  ticketTypes: [{ name: 'Community' }, { name: 'Supporter', price: '10', asset: 'USDT' }],
};

/** The user opens the app in `locale`: its badge read is where outside channels learn the language to write in. */
const opens = (user: WalletUser, locale: string) => t.call('GET', '/notice/unread', { token: user.token, locale });

const detail = (id: string, token: string) => t.call<Activity>('GET', '/activity/detail', { token, query: { id } });
const cancelMine = (user: WalletUser, activityId: string) =>
  t.call<Registration>('POST', '/activity/signup/cancel', { token: user.token, body: { activityId } });
const overview = (activityId: string) =>
  t.call<{ escrow: unknown[]; held: unknown[]; released: unknown[] }>('GET', '/activity/manage/overview', {
    token: olivia.token,
    query: { activityId },
  });

/** Every mail in the outbox to `email` whose subject starts with `prefix`. */
async function mailsTo(email: string, prefix: string) {
  const names = (await readdir(t.outbox)).filter((name) => name.endsWith(`-${email}.eml`)).sort();
  const mails = await Promise.all(
    names.map(async (name) => emlText(await readFile(path.join(t.outbox, name), 'utf8'))),
  );
  return mails.filter((mail) => mail.subject.startsWith(prefix));
}

async function internalId(code: string): Promise<number> {
  const [row] = await t.database.db.select({ id: activities.id }).from(activities).where(eq(activities.code, code));
  return row!.id;
}

/** The creator_earnings system account's balance in USDT. */
async function earningsAccount() {
  const found = await query<{ available: string; frozen: string }>(
    t.database.db,
    sql`select available::text, frozen::text from accounts a join assets s on s.code = a.asset_code
        where a.system_code = 'creator_earnings' and s.code = 'USDT'`,
  );
  return found.rows[0] ?? { available: '0', frozen: '0' };
}

describe('moving the start close', () => {
  it('lets paid attendees cancel in full until the new start, and releases the organizer’s earnings only after the end plus the hold, once', async () => {
    const activity = await createActivity(t, olivia, mixedTickets);
    const [free, supporter] = activity.ticketTypes;
    const amy = await guest(t, 'amy@example.com', '100');
    const ben = await guest(t, 'ben@example.com', '100');
    const fay = await guest(t, 'fay@example.com', '0');
    await opens(amy, 'zh_TW');
    for (const user of [ben, fay]) await opens(user, 'en_US');
    const amyPlace = await t.call<Registration>('POST', '/activity/signup', {
      token: amy.token,
      locale: 'zh_TW',
      body: {
        activityId: activity.id,
        ticketTypeId: supporter!.id,
        tradePassword: amy.trade,
        idempotencyKey: newKey(),
      },
    });
    expect(amyPlace.attachment).toMatchObject({ status: 'approved', paymentState: 'escrow', fullRefundUntil: null });
    await signUp(t, ben, activity.id, { ticketTypeId: supporter!.id });
    await signUp(t, fay, activity.id, { ticketTypeId: free!.id });
    const organizerBefore = await balanceOf(t, olivia.token, 'USDT');

    // A week away, moved to ten minutes from now: under the 24-hour rule alone nobody could get money back.
    const start = t.clock.now().getTime() + 10 * MINUTE;
    const moved = await t.call<Activity>('POST', '/activity/update', {
      token: olivia.token,
      body: {
        id: activity.id,
        startsAt: new Date(start).toISOString(),
        endsAt: new Date(start + HOUR).toISOString(),
      },
    });
    expect(moved.status).toBe(200);
    const newStart = new Date(start).toISOString();
    expect((await detail(activity.id, amy.token)).attachment.myRegistration).toMatchObject({
      fullRefundUntil: newStart,
      fullRefundReason: 'timeChanged',
    });
    // A free place has nothing to refund.
    expect((await detail(activity.id, fay.token)).attachment.myRegistration).toMatchObject({
      fullRefundUntil: null,
      fullRefundReason: null,
    });

    // Someone who signs up after the change knew the new time: the usual rule applies to them.
    const gus = await guest(t, 'gus@example.com', '100');
    await signUp(t, gus, activity.id, { ticketTypeId: supporter!.id });
    t.clock.advance(MINUTE);
    expect((await cancelMine(gus, activity.id)).attachment).toMatchObject({
      refunded: '0',
      note: 'lateCancellation',
    });
    const amyCancel = await cancelMine(amy, activity.id);
    expect(amyCancel.attachment).toMatchObject({ status: 'cancelled', refunded: '10', paymentState: 'refunded' });
    expect(await balanceOf(t, amy.token, 'USDT')).toMatchObject({ available: '100', frozen: '0' });

    // Each place that was live at the change hears about it once, in the language it signed up in.
    await Promise.all([t.services.mailQueue.deliverDue(), t.services.mailQueue.deliverDue()]);
    const [amyMail, ...amyMore] = await mailsTo('amy@example.com', '活動有變更');
    expect(amyMore).toEqual([]);
    expect(amyMail!.text).toContain('全額退款');
    const benMails = await mailsTo('ben@example.com', 'Changed: ');
    expect(benMails).toHaveLength(1);
    expect(benMails[0]!.text).toMatch(/^Now .+\(GMT\+8\) · /);
    expect(benMails[0]!.text).toContain('full refund of 10.00 USDT until');
    const fayMails = await mailsTo('fay@example.com', 'Changed: ');
    expect(fayMails).toHaveLength(1);
    expect(fayMails[0]!.text).not.toContain('refund');
    expect(await mailsTo('gus@example.com', 'Changed: ')).toEqual([]);

    // After the end: Ben's price and Gus's forfeit are earned, but frozen in creator earnings.
    t.clock.advance(HOUR + 10 * MINUTE);
    await Promise.all([t.services.activity.settlement.processDue(), t.services.activity.settlement.processDue()]);
    const releaseAt = new Date(start + HOUR + DAY).toISOString();
    expect((await overview(activity.id)).attachment).toMatchObject({
      escrow: [],
      held: [{ asset: 'USDT', amount: '20', releaseAt }],
      released: [],
    });
    expect(await balanceOf(t, olivia.token, 'USDT')).toEqual(organizerBefore);
    expect(await earningsAccount()).toEqual({ available: '0', frozen: '20000000' });
    expect(await checkLedger(t.database.db)).toEqual([]);

    // Not a minute early.
    t.clock.advance(DAY - 2 * MINUTE);
    expect(await t.services.earnings.releaseDue()).toEqual({ released: 0 });
    expect(await balanceOf(t, olivia.token, 'USDT')).toEqual(organizerBefore);

    // Then once, with two workers at the same moment and a third run after them.
    t.clock.advance(2 * MINUTE);
    const runs = await Promise.all([t.services.earnings.releaseDue(), t.services.earnings.releaseDue()]);
    expect(runs.reduce((sum, run) => sum + run.released, 0)).toBe(1);
    expect(await t.services.earnings.releaseDue()).toEqual({ released: 0 });
    // Released into the organizer's withdrawable earnings, not yet their wallet (see docs/creator-earnings.md).
    expect(await balanceOf(t, olivia.token, 'USDT')).toEqual(organizerBefore);
    expect((await overview(activity.id)).attachment).toMatchObject({
      held: [],
      released: [{ asset: 'USDT', amount: '20' }],
    });
    expect(await earningsAccount()).toEqual({ available: '20000000', frozen: '0' });
    const withdrawn = await t.call('POST', '/open/master/withdraw', {
      token: olivia.token,
      body: { asset: 'USDT', amount: '20', tradePassword: olivia.trade, idempotencyKey: newKey() },
    });
    expect(withdrawn.status).toBe(200);
    const organizerAfter = await balanceOf(t, olivia.token, 'USDT');
    expect(Number(organizerAfter.available) - Number(organizerBefore.available)).toBe(20);
    expect(await earningsAccount()).toEqual({ available: '0', frozen: '0' });
    const id = await internalId(activity.id);
    const entries = await t.database.db
      .select({ kind: journalEntries.kind })
      .from(journalEntries)
      .where(eq(journalEntries.reference, `activity:${id}`));
    expect(entries.map((entry) => entry.kind).sort()).toEqual(['ticket_earning_hold', 'ticket_release']);
    const [earning] = await t.database.db.select().from(creatorEarnings).where(eq(creatorEarnings.activityId, id));
    expect(earning).toMatchObject({ assetCode: 'USDT', amount: '20000000', releaseAt: new Date(releaseAt) });
    expect(earning!.releasedAt).not.toBeNull();
  });

  it('counts a creator earning the ledger check cannot explain as a violation', async () => {
    const activity = await createActivity(t, olivia, mixedTickets);
    const [row] = await t.database.db.select().from(activities).where(eq(activities.code, activity.id));
    const [earning] = await t.database.db
      .insert(creatorEarnings)
      .values({
        organizerId: row!.organizerId,
        activityId: row!.id,
        assetCode: 'USDT',
        amount: '5',
        earnedAt: t.clock.now(),
        releaseAt: t.clock.now(),
        holdEntryId: (await t.database.db.select({ id: journalEntries.id }).from(journalEntries).limit(1))[0]!.id,
      })
      .returning();
    const violations = await checkLedger(t.database.db);
    await t.database.db.delete(creatorEarnings).where(eq(creatorEarnings.id, earning!.id));
    expect(violations).toEqual([
      {
        rule: 'creator earnings differ from their account',
        detail: { asset_code: 'USDT', frozen: '0', available: '0', unreleased: '5', withdrawable: '0' },
      },
    ]);
  });
});

describe('venue change and cancellation', () => {
  it('mails every attendee once about a new venue, and once about the cancellation with what came back', async () => {
    const start = t.clock.now().getTime() + 3 * DAY;
    const activity = await createActivity(t, olivia, {
      ...mixedTickets,
      startsAt: new Date(start).toISOString(),
      endsAt: new Date(start + 2 * HOUR).toISOString(),
    });
    const [free, supporter] = activity.ticketTypes;
    const dan = await guest(t, 'dan@example.com', '50');
    const eve = await guest(t, 'eve@example.com', '50');
    const hal = await guest(t, 'hal@example.com', '0');
    for (const user of [dan, eve, hal]) await opens(user, 'en_US');
    for (const paying of [dan, eve]) await signUp(t, paying, activity.id, { ticketTypeId: supporter!.id });
    await signUp(t, hal, activity.id, { ticketTypeId: free!.id });

    const moved = await t.call('POST', '/activity/update', {
      token: olivia.token,
      body: { id: activity.id, address: 'No. 1, Songshou Rd', city: 'Taipei' },
    });
    expect(moved.status).toBe(200);
    // An edit that changes neither the start nor the venue says nothing.
    await t.call('POST', '/activity/update', {
      token: olivia.token,
      body: { id: activity.id, title: 'Builders Night' },
    });
    await t.services.mailQueue.deliverDue();
    for (const person of [dan, eve, hal]) expect(await mailsTo(person.email, 'Changed: ')).toHaveLength(1);
    const [danMail] = await mailsTo(dan.email, 'Changed: ');
    expect(danMail!.text).toContain(' · No. 1, Songshou Rd, Taipei.');
    expect(danMail!.text).toContain('full refund of 10.00 USDT');
    expect((await detail(activity.id, dan.token)).attachment.myRegistration).toMatchObject({
      fullRefundUntil: new Date(start).toISOString(),
      fullRefundReason: 'venueChanged',
    });

    // Twelve hours before the start the 24-hour rule would keep Dan's money; the new venue does not.
    t.clock.advance(3 * DAY - 12 * HOUR);
    expect((await cancelMine(dan, activity.id)).attachment).toMatchObject({ refunded: '10' });
    expect(await balanceOf(t, dan.token, 'USDT')).toMatchObject({ available: '50' });

    const cancelled = await t.call('POST', '/activity/manage/cancel', {
      token: olivia.token,
      body: { activityId: activity.id },
    });
    expect(cancelled.status).toBe(200);
    await Promise.all([t.services.mailQueue.deliverDue(), t.services.mailQueue.deliverDue()]);
    const [eveMail, ...eveMore] = await mailsTo(eve.email, 'Cancelled: ');
    expect(eveMore).toEqual([]);
    expect(eveMail!.text).toContain('10.00 USDT has been returned to your wallet.');
    const halMails = await mailsTo(hal.email, 'Cancelled: ');
    expect(halMails).toHaveLength(1);
    expect(halMails[0]!.text).not.toContain('returned');
    // Dan had already left with his money: nothing more to tell him.
    expect(await mailsTo(dan.email, 'Cancelled: ')).toEqual([]);
    expect(await balanceOf(t, eve.token, 'USDT')).toMatchObject({ available: '50', frozen: '0' });
  });
});

describe('payout hold setting', () => {
  it('defaults to 24 hours and follows PAYOUT_HOLD_HOURS', () => {
    expect(loadConfig({}).payoutHoldMs).toBe(DAY);
    expect(loadConfig({ PAYOUT_HOLD_HOURS: '1.5' }).payoutHoldMs).toBe(90 * MINUTE);
    expect(() => loadConfig({ PAYOUT_HOLD_HOURS: '-1' })).toThrow(/PAYOUT_HOLD_HOURS/);
  });
});
