import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Activity, Language, Notice, Registration } from '@polaris/contract';
import { sql } from 'drizzle-orm';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { query } from '../../db/client.ts';
import { type NoticeParam, type NoticeParams, noticeValue } from '../../platform/notice-format.ts';
import type { TestApp } from '../../test/app.ts';
import { emlText } from '../../test/outbox.ts';
import { newKey, type WalletUser } from '../../test/wallet-fixtures.ts';
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

/** A stored param as a reader of `language` reads it. */
const written = (value: NoticeParam | undefined, language: Language) => noticeValue(value, language);

let t: TestApp;
let olivia: WalletUser;
let cohost: WalletUser;

beforeAll(async () => {
  ({ t, olivia, cohost } = await activityApp());
});
afterAll(async () => {
  await closeCheckingLedger(t);
});

const idOf = async (user: WalletUser) => (await t.services.auth.sessionUser(user.token))!.id;

/**
 * Every activity notice a user has (as attendee or organizer), oldest first, as stored (kind, key, params, link).
 * The wallet's own notices (a fixture's deposit) are another module's and left out.
 */
async function noticesOf(user: WalletUser) {
  const result = await query<{ kind: string; key: string; params: NoticeParams; link: string | null }>(
    t.database.db,
    sql`select kind, key, params, link from notices
        where user_id = ${await idOf(user)} and category in ('activity', 'organizer') order by id`,
  );
  return result.rows;
}

/** iCalendar times are whole seconds. */
const toSecond = (iso: string) => `${iso.slice(0, 19)}.000Z`;

const kinds = async (user: WalletUser) => (await noticesOf(user)).map((notice) => notice.kind);

/** Sends what the mail queue holds, then every mail to `email` whose subject starts with `prefix`. */
async function mailsTo(email: string, prefix: string) {
  while ((await t.services.mailQueue.deliverDue()).sent > 0) {}
  let names: string[] = [];
  try {
    names = (await readdir(t.outbox)).filter((name) => name.endsWith(`-${email}.eml`)).sort();
  } catch {}
  const mails = await Promise.all(
    names.map(async (name) => emlText(await readFile(path.join(t.outbox, name), 'utf8'))),
  );
  return mails.filter((mail) => mail.subject.startsWith(prefix));
}

/** The calendar invitation a mail carries, read by a real iCalendar parser. */
function invitationOf(mail: ReturnType<typeof emlText>) {
  const part = mail.parts.find((candidate) => /^text\/calendar/i.test(candidate.contentType));
  if (!part) throw new Error(`no text/calendar part in "${mail.subject}"`);
  const calendar = new ICAL.Component(ICAL.parse(part.text));
  const event = calendar.getFirstSubcomponent('vevent')!;
  return {
    contentType: part.contentType,
    method: calendar.getFirstPropertyValue('method'),
    uid: event.getFirstPropertyValue('uid'),
    sequence: event.getFirstPropertyValue('sequence'),
    start: (event.getFirstPropertyValue('dtstart') as ICAL.Time).toJSDate().toISOString(),
    status: event.getFirstPropertyValue('status'),
    organizer: event.getFirstPropertyValue('organizer'),
    organizerName: event.getFirstProperty('organizer')?.getParameter('cn'),
    attendees: event.getAllProperties('attendee').map((property) => property.getFirstValue()),
  };
}

/**
 * A guest who has opened the app in `locale`: the app reads its badge counts on every screen, which is where the
 * notifications module learns the language outside channels write in.
 */
async function person(email: string, locale: string, usdt = '100') {
  const user = await guest(t, email, usdt);
  await t.call('GET', '/notice/unread', { token: user.token, locale });
  return user;
}

function signUpIn(user: WalletUser, activityId: string, locale: string) {
  return t.call<Registration>('POST', '/activity/signup', {
    token: user.token,
    locale,
    body: { activityId, tradePassword: user.trade, idempotencyKey: newKey() },
  });
}

describe('attendee notices', () => {
  let activity: Activity;
  let amy: WalletUser;
  let ben: WalletUser;

  it('a confirmed seat: the holder gets one notice with the invite, the organizer and co-host one each', async () => {
    activity = await createActivity(t, olivia, { coHosts: [cohost.uid], ...paidTicket('10') });
    amy = await person('amy@example.com', 'en_US');
    ben = await person('ben@example.com', 'zh_TW');
    const first = await signUp(t, amy, activity.id);
    expect(first.attachment.status).toBe('approved');
    // The same sign-up again (a repeat) is the same place, and tells nobody twice.
    await signUp(t, amy, activity.id);
    const zh = await signUpIn(ben, activity.id, 'zh_TW');
    expect(zh.attachment.status).toBe('approved');

    const [confirmed, ...more] = await noticesOf(amy);
    expect(more).toEqual([]);
    expect(confirmed).toMatchObject({
      kind: 'registrationConfirmed',
      key: `registrationConfirmed:${first.attachment.id}`,
      link: `/pages/activity/details/index?id=${activity.id}`,
      params: { title: 'Taipei Builders Night' },
    });
    expect(written(confirmed!.params.place, 'en')).toBe('No. 7, Xinyi Rd, Taipei');
    expect(written(confirmed!.params.place, 'zh-Hant')).toBe('No. 7, Xinyi Rd, 臺北');
    // The date in the activity's own time zone, in the language of whoever reads it.
    const start = new Date(activity.startsAt);
    const taipei = start.toLocaleString('en-GB', { timeZone: 'Asia/Taipei', dateStyle: 'medium', timeStyle: 'short' });
    expect(written(confirmed!.params.date, 'en')).toBe(`${taipei} (GMT+8)`);
    const [bens] = await noticesOf(ben);
    expect(written(bens!.params.date, 'zh-Hant')).toBe(
      `${start.toLocaleString('zh-TW', { timeZone: 'Asia/Taipei', dateStyle: 'medium', timeStyle: 'short' })} (GMT+8)`,
    );

    for (const hostUser of [olivia, cohost]) {
      const hostNotices = await noticesOf(hostUser);
      expect(hostNotices.map((notice) => notice.kind)).toEqual(['newRegistration', 'newRegistration']);
      expect(hostNotices[0]).toMatchObject({
        params: { title: 'Taipei Builders Night', name: 'amy', going: 1 },
        link: `/pages/activity/manage/index?id=${activity.id}`,
      });
      expect(hostNotices[1]!.params).toMatchObject({ name: 'ben', going: 2 });
    }

    // The inbox reads it in the reader's language.
    const inbox = await t.call<{ items: Notice[] }>('GET', '/notice/list', { token: amy.token });
    expect(inbox.attachment.items[0]).toMatchObject({ title: 'You are going: Taipei Builders Night' });

    // One confirmation mail, carrying a calendar invitation a real parser reads.
    const [mail, ...moreMail] = await mailsTo(amy.email, 'You are going: Taipei Builders Night');
    expect(moreMail).toEqual([]);
    expect(mail!.headers.get('list-unsubscribe')).toMatch(/^<https?:\/\/.+\/notice\/unsubscribe\?token=/);
    const invite = invitationOf(mail!);
    expect(invite).toMatchObject({
      method: 'REQUEST',
      uid: `activity-${activity.id}@polaris`,
      sequence: 0,
      start: toSecond(activity.startsAt),
      status: 'CONFIRMED',
      organizer: 'mailto:no-reply@polaris.local',
      organizerName: 'olivia',
      attendees: ['mailto:amy@example.com'],
    });
    expect(invite.contentType).toMatch(/method=REQUEST/i);
    // Organizers get no mail for a new registration by default (in-app and push only).
    const hostMail = await query(
      t.database.db,
      sql`select 1 from mail_queue where recipient = ${olivia.email} and topic like 'notice:%'`,
    );
    expect(hostMail.rows).toEqual([]);
  });

  it('a change of time keeps the UID and raises SEQUENCE; each place hears once, a paid one with its refund right', async () => {
    const newStart = new Date(new Date(activity.startsAt).getTime() + DAY);
    const moved = await t.call('POST', '/activity/update', {
      token: olivia.token,
      body: {
        id: activity.id,
        startsAt: newStart.toISOString(),
        endsAt: new Date(newStart.getTime() + 3 * HOUR).toISOString(),
      },
    });
    expect(moved.status).toBe(200);
    // A title edit is no change of time or venue: no notice, no new revision.
    await t.call('POST', '/activity/update', {
      token: olivia.token,
      body: { id: activity.id, title: 'Builders Night' },
    });

    const changes = (await noticesOf(amy)).filter((notice) => notice.kind === 'activityChanged');
    expect(changes).toHaveLength(1);
    expect(written(changes[0]!.params.refund, 'en')).toMatch(/full refund of 10.00 USDT until/);
    const [update, ...twice] = await mailsTo(amy.email, 'Changed: ');
    expect(twice).toEqual([]);
    expect(update!.text).toContain('full refund of 10.00 USDT');
    const invite = invitationOf(update!);
    expect(invite).toMatchObject({
      method: 'REQUEST',
      uid: `activity-${activity.id}@polaris`,
      sequence: 1,
      start: toSecond(newStart.toISOString()),
    });
    // Ben hears it in Traditional Chinese, once.
    const bens = (await noticesOf(ben)).filter((notice) => notice.kind === 'activityChanged');
    expect(bens).toHaveLength(1);
    expect(written(bens[0]!.params.refund, 'zh-Hant')).toContain('全額退款');

    // A second move is a new revision: a new notice and SEQUENCE 2.
    const later = new Date(newStart.getTime() + HOUR);
    await t.call('POST', '/activity/update', {
      token: olivia.token,
      body: {
        id: activity.id,
        startsAt: later.toISOString(),
        endsAt: new Date(later.getTime() + 3 * HOUR).toISOString(),
      },
    });
    const updates = await mailsTo(amy.email, 'Changed: ');
    expect(updates).toHaveLength(2);
    expect(invitationOf(updates[1]!)).toMatchObject({ sequence: 2, start: toSecond(later.toISOString()) });
  });

  it('a cancelled activity: one notice each with the refund, and a METHOD:CANCEL invite with the same UID', async () => {
    const changed = vi.spyOn(t.services.notifications, 'changed');
    const cancelled = await t.call('POST', '/activity/manage/cancel', {
      token: olivia.token,
      body: { activityId: activity.id },
    });
    expect(cancelled.status).toBe(200);
    const notices = (await noticesOf(amy)).filter((notice) => notice.kind === 'activityCancelled');
    expect(notices).toHaveLength(1);
    expect(written(notices[0]!.params.refund, 'en')).toBe('10.00 USDT has been returned to your wallet.');
    const [mail, ...more] = await mailsTo(amy.email, 'Cancelled: ');
    expect(more).toEqual([]);
    expect(mail!.text).toContain('10.00 USDT has been returned to your wallet.');
    const invite = invitationOf(mail!);
    expect(invite).toMatchObject({
      method: 'CANCEL',
      status: 'CANCELLED',
      uid: `activity-${activity.id}@polaris`,
      sequence: 3,
    });
    expect(invite.contentType).toMatch(/method=CANCEL/i);
    // Their open tickets and wallets refresh by themselves.
    const [amyId, benId] = [await idOf(amy), await idOf(ben)];
    expect(changed).toHaveBeenCalledWith(expect.arrayContaining([amyId, benId]), 'ticket', activity.id);
    expect(changed).toHaveBeenCalledWith(expect.arrayContaining([amyId, benId]), 'wallet', undefined);
    changed.mockRestore();
  });
});

describe('approval and the waitlist', () => {
  it('pending -> approval needed for the hosts; approved (with the invite); declined with the hold returned', async () => {
    const activity = await createActivity(t, olivia, { requireApproval: true, ...paidTicket('5') });
    const cal = await person('cal@example.com', 'en_US');
    const dot = await person('dot@example.com', 'zh_CN');
    const calPlace = await signUp(t, cal, activity.id);
    const dotPlace = await signUpIn(dot, activity.id, 'zh_CN');
    expect([calPlace.attachment.status, dotPlace.attachment.status]).toEqual(['pending', 'pending']);
    expect(await kinds(cal)).toEqual(['registrationPending']);
    const asked = (await noticesOf(olivia)).filter((notice) => notice.kind === 'approvalNeeded');
    expect(asked.map((notice) => notice.params.name)).toEqual(['cal', 'dot']);

    const approve = await t.call('POST', '/activity/manage/approve', {
      token: olivia.token,
      body: { activityId: activity.id, registrationId: calPlace.attachment.id },
    });
    expect(approve.status).toBe(200);
    const reject = await t.call('POST', '/activity/manage/reject', {
      token: olivia.token,
      body: { activityId: activity.id, registrationId: dotPlace.attachment.id },
    });
    expect(reject.status).toBe(200);
    expect(await kinds(cal)).toEqual(['registrationPending', 'registrationApproved']);
    expect(await kinds(dot)).toEqual(['registrationPending', 'registrationDeclined']);
    const [approved] = await mailsTo(cal.email, 'Approved: ');
    expect(invitationOf(approved!)).toMatchObject({ method: 'REQUEST', attendees: ['mailto:cal@example.com'] });
    // Dot reads hers in Simplified Chinese, and the decline carries no invite.
    const [declined] = await mailsTo(dot.email, '报名未通过');
    expect(declined!.parts.filter((part) => /calendar|ics/i.test(part.contentType))).toEqual([]);
  });

  it('a seat freed: the first on the waitlist is promoted and told once, with the invite', async () => {
    const activity = await createActivity(t, olivia, { capacity: 1 });
    const eve = await person('eve@example.com', 'en_US', '0');
    const fay = await person('fay@example.com', 'en_US', '0');
    await signUp(t, eve, activity.id);
    expect((await signUp(t, fay, activity.id)).attachment.status).toBe('waitlisted');
    // A waitlist place is not a seat: nothing yet.
    expect(await kinds(fay)).toEqual([]);
    const left = await t.call('POST', '/activity/signup/cancel', {
      token: eve.token,
      body: { activityId: activity.id },
    });
    expect(left.status).toBe(200);
    expect(await kinds(fay)).toEqual(['waitlistPromoted']);
    const [mail] = await mailsTo(fay.email, 'A seat opened');
    expect(invitationOf(mail!)).toMatchObject({ method: 'REQUEST', attendees: ['mailto:fay@example.com'] });
  });
});

describe('a ticket given away', () => {
  it('confirms the recipient with their own invite; the hosts are not told of the same place twice', async () => {
    const activity = await createActivity(t, olivia, { title: 'Gift Night' });
    const ida = await person('ida@example.com', 'en_US', '0');
    const jon = await person('jon@example.com', 'en_US', '0');
    const place = (await signUp(t, ida, activity.id)).attachment;
    const given = await t.call<Registration>('POST', '/activity/ticket/transfer', {
      token: ida.token,
      body: { activityId: activity.id, toUid: jon.uid },
    });
    expect(given.status).toBe(200);
    expect(await noticesOf(jon)).toEqual([
      expect.objectContaining({ kind: 'registrationConfirmed', key: `registrationConfirmed:${place.id}` }),
    ]);
    const [mail] = await mailsTo(jon.email, 'You are going: Gift Night');
    expect(invitationOf(mail!).attendees).toEqual(['mailto:jon@example.com']);
    const hostNotices = (await noticesOf(olivia)).filter((notice) => notice.key === `newRegistration:${place.id}`);
    expect(hostNotices).toHaveLength(1);
  });
});

describe('the day and after', () => {
  it('a check-in tells the holder once and turns their open ticket; the payout tells the organizer', async () => {
    const activity = await createActivity(t, olivia, { title: 'Closing Party', ...paidTicket('10') });
    const gus = await person('gus@example.com', 'en_US');
    const ticket = (await signUp(t, gus, activity.id)).attachment;
    t.clock.advance(7 * DAY);
    const changed = vi.spyOn(t.services.notifications, 'changed');
    const scan = await t.call('POST', '/activity/checkin', {
      token: olivia.token,
      body: { activityId: activity.id, ticketCode: ticket.qr },
    });
    expect(scan.status).toBe(200);
    expect(changed).toHaveBeenCalledWith([await idOf(gus)], 'ticket', activity.id);
    changed.mockRestore();
    const checkedIn = (await noticesOf(gus)).filter((notice) => notice.kind === 'checkedIn');
    expect(checkedIn).toEqual([
      expect.objectContaining({ params: { title: 'Closing Party' }, link: '/pages/activity/my/nft/index' }),
    ]);

    // After the end and the payout hold, the organizer's share is released: one notice.
    t.clock.advance(4 * HOUR);
    await t.services.activity.settlement.processDue();
    t.clock.advance(DAY);
    expect((await t.services.earnings.releaseDue()).released).toBeGreaterThan(0);
    await t.services.earnings.releaseDue();
    await t.services.outbox.settle();
    const payouts = (await noticesOf(olivia)).filter((notice) => notice.kind === 'payoutReleased');
    expect(payouts.filter((notice) => notice.params.title === 'Closing Party')).toEqual([
      expect.objectContaining({
        key: expect.stringMatching(/^payoutReleased:\d+$/),
        params: { title: 'Closing Party', amount: { amount: { value: '10', asset: 'USDT' } } },
        link: '/pages/activity/my/creatorStatistics/index',
      }),
    ]);
  });
});
