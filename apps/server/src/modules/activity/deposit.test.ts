import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Activity, DepositView, Registration } from '@polaris/contract';
import { formatAmount } from '@polaris/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { query } from '../../db/client.ts';
import { activities, creatorEarnings, journalEntries } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { emlText } from '../../test/outbox.ts';
import { balanceOf, type WalletUser } from '../../test/wallet-fixtures.ts';
import { checkLedger } from '../wallet/ledger.store.ts';
import { createActivity, DAY, guest, HOUR, host, signUp } from './activity-fixtures.ts';

let t: TestApp;
/** A second app (another worker process) on the same database, with its own settlement worker. */
let second: TestApp;
let olivia: WalletUser;
let decimals: number;
let people = 0;

beforeAll(async () => {
  t = await createTestApp();
  olivia = await host(t, 'olivia@example.com');
  second = await createTestApp({ database: t.database });
  const found = await query<{ decimals: number }>(t.database.db, sql`select decimals from assets where code = 'USDT'`);
  decimals = Number(found.rows[0]!.decimals);
});
// Money never appears or disappears: every ledger rule holds after each rule's story.
afterEach(async () => {
  expect(await checkLedger(t.database.db)).toEqual([]);
});
afterAll(async () => {
  await second.app.close();
  await t.close();
});

/** The test clock only moves forward: to `when`. */
const clockAt = (when: Date) => t.clock.advance(Math.max(0, when.getTime() - t.clock.now().getTime()));
const usdt = (units: bigint) => formatAmount(units, decimals);
const unit = () => 10n ** BigInt(decimals);
const newGuest = () => guest(t, `deposit-${++people}@example.com`, '100');

/** A free activity 2.5 days away (capacity 10 unless given) asking `amount` USDT, cancellable until 2 days before. */
async function depositActivity(
  amount: string,
  forfeit: 'split' | 'organizer',
  overrides: Record<string, unknown> = {},
) {
  // Close at hand: the test clock crosses several activities' ends within the sessions' 30 days.
  const start = t.clock.now().getTime() + 60 * HOUR;
  const times = { startsAt: new Date(start).toISOString(), endsAt: new Date(start + 3 * HOUR).toISOString() };
  const activity = await createActivity(t, olivia, { ...times, ...overrides });
  const set = await setDeposit(activity, { amount, forfeit });
  expect(set.status).toBe(200);
  return activity;
}

function setDeposit(activity: Activity, terms: { amount: string; forfeit: 'split' | 'organizer' } | null) {
  const cancelBy = new Date(new Date(activity.startsAt).getTime() - 2 * DAY).toISOString();
  return t.call<DepositView>('POST', '/activity/deposit', {
    token: olivia.token,
    body: { activityId: activity.id, deposit: terms ? { asset: 'USDT', cancelBy, ...terms } : null },
  });
}

const view = (activity: Activity, user: WalletUser) =>
  t.call<DepositView>('GET', '/activity/deposit', { token: user.token, query: { activityId: activity.id } });
const cancelMine = (user: WalletUser, activity: Activity) =>
  t.call<Registration>('POST', '/activity/signup/cancel', { token: user.token, body: { activityId: activity.id } });
const checkIn = (activity: Activity, ticket: Registration) =>
  t.call('POST', '/activity/checkin', {
    token: olivia.token,
    body: { activityId: activity.id, ticketCode: ticket.qr },
  });

async function afterTheEnd(activity: Activity) {
  clockAt(new Date(new Date(activity.endsAt).getTime() + HOUR));
  await t.services.activity.settlement.processDue();
}

async function entries(kind: string, reference: string) {
  return t.database.db
    .select({ id: journalEntries.id })
    .from(journalEntries)
    .where(and(eq(journalEntries.kind, kind), eq(journalEntries.reference, reference)));
}

async function internalId(activity: Activity) {
  const [row] = await t.database.db
    .select({ id: activities.id })
    .from(activities)
    .where(eq(activities.code, activity.id));
  return row!.id;
}

describe('the terms', () => {
  it('are the organizer’s, on a free activity, fixed once someone signed up', async () => {
    const paid = await createActivity(t, olivia, { ticketTypes: [{ name: 'Paid', price: '3', asset: 'USDT' }] });
    expect(await setDeposit(paid, { amount: '5', forfeit: 'split' })).toMatchObject({ status: 409 });
    const activity = await createActivity(t, olivia);
    const amy = await newGuest();
    const notMine = await t.call('POST', '/activity/deposit', {
      token: amy.token,
      body: { activityId: activity.id, deposit: null },
    });
    expect(notMine.status).toBe(403);
    const set = await setDeposit(activity, { amount: '5', forfeit: 'organizer' });
    expect(set.attachment).toMatchObject({
      deposit: { asset: 'USDT', amount: '5', forfeit: 'organizer' },
      editable: true,
      mine: null,
    });
    expect((await signUp(t, amy, activity.id)).status).toBe(200);
    expect(await setDeposit(activity, { amount: '1', forfeit: 'split' })).toMatchObject({
      status: 409,
      msg: 'The deposit cannot change once someone has signed up',
    });
    expect((await view(activity, olivia)).attachment).toMatchObject({ editable: false, deposit: { amount: '5' } });
  });
});

describe('signing up', () => {
  it('freezes the deposit, asked with the trade password; check-in gives it back', async () => {
    const activity = await depositActivity('5', 'split');
    const amy = await newGuest();
    const unconfirmed = await t.call('POST', '/activity/signup', {
      token: amy.token,
      body: { activityId: activity.id },
    });
    expect(unconfirmed.status).toBe(400);
    expect(await balanceOf(t, amy.token, 'USDT')).toMatchObject({ available: '100', frozen: '0' });
    const ticket = (await signUp(t, amy, activity.id)).attachment;
    expect(ticket.status).toBe('approved');
    expect(await balanceOf(t, amy.token, 'USDT')).toMatchObject({ available: '95', frozen: '5' });
    expect((await view(activity, amy)).attachment.mine).toMatchObject({ state: 'frozen', amount: '5' });
    // The deposit is the holder's own word: the ticket is not given away.
    const ben = await newGuest();
    const transfer = await t.call('POST', '/activity/ticket/transfer', {
      token: amy.token,
      body: { activityId: activity.id, toUid: ben.uid },
    });
    expect(transfer).toMatchObject({ status: 409, msg: 'A ticket with a deposit cannot be given away' });

    expect((await checkIn(activity, ticket)).status).toBe(200);
    expect(await balanceOf(t, amy.token, 'USDT')).toMatchObject({ available: '100', frozen: '0' });
    expect((await view(activity, amy)).attachment.mine).toMatchObject({ state: 'returned', outcome: 'checkedIn' });
    await afterTheEnd(activity);
    expect(await balanceOf(t, amy.token, 'USDT')).toMatchObject({ available: '100', frozen: '0' });
  });

  it('is refused without the money for the deposit', async () => {
    const activity = await depositActivity('500', 'split');
    const poor = await newGuest();
    expect((await signUp(t, poor, activity.id)).status).toBe(400);
    expect(await balanceOf(t, poor.token, 'USDT')).toMatchObject({ available: '100', frozen: '0' });
  });
});

describe('cancelling', () => {
  it('before the deadline gives the deposit back; after it the deposit is kept as a no-show’s', async () => {
    const activity = await depositActivity('5', 'organizer');
    const early = await newGuest();
    const late = await newGuest();
    await signUp(t, early, activity.id);
    await signUp(t, late, activity.id);
    expect((await cancelMine(early, activity)).status).toBe(200);
    expect(await balanceOf(t, early.token, 'USDT')).toMatchObject({ available: '100', frozen: '0' });

    clockAt(new Date(new Date(activity.startsAt).getTime() - DAY));
    expect((await cancelMine(late, activity)).status).toBe(200);
    expect(await balanceOf(t, late.token, 'USDT')).toMatchObject({ available: '95', frozen: '5' });
    expect((await view(activity, late)).attachment.mine).toMatchObject({ state: 'kept', outcome: 'lateCancellation' });

    await afterTheEnd(activity);
    expect(await balanceOf(t, late.token, 'USDT')).toMatchObject({ available: '95', frozen: '0' });
    expect((await view(activity, late)).attachment.mine).toMatchObject({ state: 'forfeited' });
    const earned = await t.database.db
      .select()
      .from(creatorEarnings)
      .where(eq(creatorEarnings.activityId, await internalId(activity)));
    expect(earned).toEqual([expect.objectContaining({ role: 'organizer', amount: (5n * unit()).toString() })]);
  });
});

describe('settlement', () => {
  it('splits the no-shows’ deposits among those who came, the indivisible rest to the organizer, exactly once', async () => {
    const activity = await depositActivity('1', 'split');
    const came = [await newGuest(), await newGuest(), await newGuest()];
    const stayedAway = [await newGuest(), await newGuest()];
    const tickets = [];
    for (const user of came) tickets.push((await signUp(t, user, activity.id)).attachment);
    for (const user of stayedAway) await signUp(t, user, activity.id);
    clockAt(new Date(activity.startsAt));
    for (const ticket of tickets) expect((await checkIn(activity, ticket)).status).toBe(200);

    clockAt(new Date(new Date(activity.endsAt).getTime() + HOUR));
    // Two worker processes at once, twice each: the activity is claimed once, the deposits move by a conditional update.
    second.clock.advance(t.clock.now().getTime() - second.clock.now().getTime());
    await Promise.all([
      t.services.activity.settlement.processDue(),
      second.services.activity.settlement.processDue(),
      t.services.activity.settlement.processDue(),
      second.services.activity.settlement.processDue(),
    ]);
    await t.services.activity.settlement.processDue();

    const pool = 2n * unit();
    const share = pool / 3n;
    for (const user of came) {
      expect(await balanceOf(t, user.token, 'USDT')).toMatchObject({
        available: usdt(100n * unit() + share),
        frozen: '0',
      });
    }
    for (const user of stayedAway) {
      expect(await balanceOf(t, user.token, 'USDT')).toMatchObject({ available: '99', frozen: '0' });
      expect((await view(activity, user)).attachment.mine).toMatchObject({ state: 'forfeited', outcome: 'noShow' });
    }
    const id = await internalId(activity);
    expect(await entries('activity_deposit_forfeit', `activity:${id}`)).toHaveLength(1);
    const earned = await t.database.db.select().from(creatorEarnings).where(eq(creatorEarnings.activityId, id));
    expect(earned).toEqual([expect.objectContaining({ role: 'organizer', amount: (pool - 3n * share).toString() })]);
  });

  it('keeps everything for the organizer when nobody came to share it', async () => {
    const activity = await depositActivity('2.5', 'split');
    const amy = await newGuest();
    await signUp(t, amy, activity.id);
    await afterTheEnd(activity);
    expect(await balanceOf(t, amy.token, 'USDT')).toMatchObject({ available: '97.5', frozen: '0' });
    const earned = await t.database.db
      .select()
      .from(creatorEarnings)
      .where(eq(creatorEarnings.activityId, await internalId(activity)));
    expect(earned).toEqual([expect.objectContaining({ amount: ((5n * unit()) / 2n).toString() })]);
  });
});

describe('the organizer cancelling the activity', () => {
  it('returns every deposit, late cancellations’ too', async () => {
    const activity = await depositActivity('5', 'split');
    const amy = await newGuest();
    const ben = await newGuest();
    await signUp(t, amy, activity.id);
    await signUp(t, ben, activity.id);
    clockAt(new Date(new Date(activity.startsAt).getTime() - DAY));
    await cancelMine(ben, activity);
    const cancelled = await t.call('POST', '/activity/manage/cancel', {
      token: olivia.token,
      body: { activityId: activity.id },
    });
    expect(cancelled.status).toBe(200);
    for (const user of [amy, ben]) {
      expect(await balanceOf(t, user.token, 'USDT')).toMatchObject({ available: '100', frozen: '0' });
      expect((await view(activity, user)).attachment.mine).toMatchObject({ state: 'returned' });
    }
  });
});

describe('the waitlist', () => {
  it('freezes the deposit on joining it, keeps it through the promotion, and returns it when the list closes', async () => {
    const activity = await depositActivity('5', 'organizer', { capacity: 1 });
    const [amy, ben, cat] = [await newGuest(), await newGuest(), await newGuest()];
    await signUp(t, amy, activity.id);
    expect((await signUp(t, ben, activity.id)).attachment.status).toBe('waitlisted');
    expect((await signUp(t, cat, activity.id)).attachment.status).toBe('waitlisted');
    for (const user of [ben, cat]) {
      expect(await balanceOf(t, user.token, 'USDT')).toMatchObject({ available: '95', frozen: '5' });
    }
    await cancelMine(amy, activity);
    const benNow = await t.call<Activity>('GET', '/activity/detail', { token: ben.token, query: { id: activity.id } });
    expect(benNow.attachment.myRegistration).toMatchObject({ status: 'approved' });
    expect(await balanceOf(t, ben.token, 'USDT')).toMatchObject({ available: '95', frozen: '5' });
    const ticket = benNow.attachment.myRegistration!;
    clockAt(new Date(activity.startsAt));
    expect((await checkIn(activity, ticket as Registration)).status).toBe(200);
    await afterTheEnd(activity);
    for (const user of [amy, ben, cat]) {
      expect(await balanceOf(t, user.token, 'USDT')).toMatchObject({ available: '100', frozen: '0' });
    }
    expect((await view(activity, cat)).attachment.mine).toMatchObject({ state: 'returned', outcome: 'waitlistClosed' });
  });
});

describe('the reminder', () => {
  it('says the deposit is frozen and comes back at check-in', async () => {
    const activity = await depositActivity('5', 'split');
    const amy = await newGuest();
    await signUp(t, amy, activity.id);
    clockAt(new Date(new Date(activity.startsAt).getTime() - 24 * HOUR + 60_000));
    await t.services.activity.notices.remindDue();
    await t.services.outbox.settle();
    await t.services.mailQueue.deliverDue();
    const names = (await readdir(t.outbox)).filter((name) => name.endsWith(`-${amy.email}.eml`)).sort();
    const mails = await Promise.all(
      names.map(async (name) => emlText(await readFile(path.join(t.outbox, name), 'utf8'))),
    );
    // Nobody told the app a language: the mail is in the default, 繁體中文.
    const reminder = mails.find((mail) => mail.subject.startsWith('24 小時後開始'));
    expect(reminder?.text).toMatch(/你的缺席押金 5(\.00)? USDT 已凍結：簽到即退回/);
  });
});
