import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Activity, Language, Registration } from '@polaris/contract';
import { sql } from 'drizzle-orm';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../config.ts';
import { query } from '../../db/client.ts';
import { type NoticeParam, type NoticeParams, noticeValue } from '../../platform/notice-format.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { emlText } from '../../test/outbox.ts';
import type { WalletUser } from '../../test/wallet-fixtures.ts';
import type { NoticeEvent } from '../notifications/events.ts';
import { activityApp, closeCheckingLedger, createActivity, guest, HOUR, signUp } from './activity-fixtures.ts';

/** A stored param as a reader of `language` reads it. */
const written = (value: NoticeParam | undefined, language: Language) => noticeValue(value, language);

const MINUTE = 60_000;

let t: TestApp;
/** A second app (another "server process") on the same database, with its own reminders worker. */
let second: TestApp;
let olivia: WalletUser;

beforeAll(async () => {
  ({ t, olivia } = await activityApp());
  second = await createTestApp({ database: t.database });
});
afterAll(async () => {
  await second.app.close();
  await closeCheckingLedger(t);
});

const advance = (ms: number) => {
  t.clock.advance(ms);
  second.clock.advance(ms);
};

async function reminderNotices(user: WalletUser) {
  const id = (await t.services.auth.sessionUser(user.token))!.id;
  const result = await query<{ key: string; params: NoticeParams }>(
    t.database.db,
    sql`select key, params from notices where user_id = ${id} and kind = 'activityReminder' order by id`,
  );
  return result.rows;
}

async function claims() {
  const result = await query<{ activity_id: string; lead_minutes: number }>(
    t.database.db,
    sql`select activity_id::text, lead_minutes from activity_reminders order by activity_id, lead_minutes`,
  );
  return result.rows.map((row) => `${row.activity_id}:${row.lead_minutes}`);
}

const internalId = async (code: string) =>
  (await query<{ id: string }>(t.database.db, sql`select id::text from activities where code = ${code}`)).rows[0]!.id;

/** Both processes' reminder runs at once, twice each; answers how many reminders they sent and what they announced. */
async function race() {
  const announced: NoticeEvent[] = [];
  const spies = [t, second].map((app) => {
    const service = app.services.notifications;
    const deliver = service.deliver.bind(service);
    return vi.spyOn(service, 'deliver').mockImplementation(async (events) => {
      announced.push(...events);
      await deliver(events);
    });
  });
  const runs = await Promise.all([
    t.services.activity.notices.remindDue(),
    second.services.activity.notices.remindDue(),
    t.services.activity.notices.remindDue(),
    second.services.activity.notices.remindDue(),
  ]);
  // Each process's outbox worker, at the same moment: a claimed reminder is told by one of them.
  await Promise.all([t.services.outbox.settle(), second.services.outbox.settle(), t.services.outbox.settle()]);
  for (const spy of spies) spy.mockRestore();
  return { reminded: runs.reduce((sum, run) => sum + run.reminded, 0), announced };
}

describe('reminders before the start', () => {
  let early: Activity;
  let cancelled: Activity;
  let late: Activity;
  let amy: WalletUser;
  let ben: WalletUser;
  let dan: WalletUser;
  let eve: WalletUser;

  it('sends the 24-hour reminder once across two processes, to approved holders only, never for a cancelled activity', async () => {
    const in30h = new Date(t.clock.now().getTime() + 30 * HOUR);
    const at = (start: Date) => ({
      startsAt: start.toISOString(),
      endsAt: new Date(start.getTime() + 2 * HOUR).toISOString(),
    });
    early = await createActivity(t, olivia, { title: 'Early Bird', requireApproval: true, ...at(in30h) });
    cancelled = await createActivity(t, olivia, { title: 'Called Off', ...at(in30h) });
    // Created ten hours before its start: past its 24-hour point already.
    late = await createActivity(t, olivia, {
      title: 'Last Minute',
      ...at(new Date(t.clock.now().getTime() + 10 * HOUR)),
    });
    amy = await guest(t, 'amy@example.com', '0');
    ben = await guest(t, 'ben@example.com', '0');
    dan = await guest(t, 'dan@example.com', '0');
    eve = await guest(t, 'eve@example.com', '0');
    await t.call('GET', '/notice/unread', { token: amy.token, locale: 'en_US' });
    const amyPlace = (await signUp(t, amy, early.id)).attachment as Registration;
    const benPlace = (await signUp(t, ben, early.id)).attachment as Registration;
    for (const [place, action] of [
      [amyPlace, 'approve'],
      [benPlace, 'reject'],
    ] as const) {
      const decided = await t.call('POST', `/activity/manage/${action}`, {
        token: olivia.token,
        body: { activityId: early.id, registrationId: place.id },
      });
      expect(decided.status).toBe(200);
    }
    await signUp(t, dan, cancelled.id);
    expect(
      (await t.call('POST', '/activity/manage/cancel', { token: olivia.token, body: { activityId: cancelled.id } }))
        .status,
    ).toBe(200);
    await signUp(t, eve, late.id);

    // Not yet: 30 hours ahead.
    expect((await race()).reminded).toBe(0);
    advance(6 * HOUR + MINUTE);
    const { reminded, announced } = await race();
    // One claim, one announcement, however many runs raced for it.
    expect(reminded).toBe(1);
    expect(announced.filter((event) => event.kind === 'activityReminder')).toHaveLength(1);
    expect(await claims()).toEqual([`${await internalId(early.id)}:1440`]);
    expect(await reminderNotices(amy)).toEqual([
      {
        key: `activityReminder:${await internalId(early.id)}:1440`,
        params: expect.objectContaining({ title: 'Early Bird' }),
      },
    ]);
    const [told] = await reminderNotices(amy);
    expect(written(told!.params.lead, 'en')).toBe('in 24 h');
    expect(written(told!.params.place, 'en')).toBe('No. 7, Xinyi Rd, Taipei');
    // Declined, cancelled, or created after the 24-hour point: nothing.
    for (const user of [ben, dan, eve]) expect(await reminderNotices(user)).toEqual([]);

    // The reminder mail carries the invite.
    while ((await t.services.mailQueue.deliverDue()).sent > 0) {}
    const names = (await readdir(t.outbox)).filter((name) => name.endsWith('-amy@example.com.eml'));
    const mails = await Promise.all(
      names.map(async (name) => emlText(await readFile(path.join(t.outbox, name), 'utf8'))),
    );
    const reminder = mails.find((mail) => mail.subject === 'Starting in 24 h: Early Bird');
    const calendar = reminder!.parts.find((part) => /^text\/calendar/i.test(part.contentType))!;
    const parsed = new ICAL.Component(ICAL.parse(calendar.text));
    expect(parsed.getFirstPropertyValue('method')).toBe('REQUEST');
    expect(parsed.getFirstSubcomponent('vevent')!.getFirstPropertyValue('uid')).toBe(`activity-${early.id}@polaris`);
  });

  it('an activity created after its 24-hour point gets only the 1-hour reminder, once', async () => {
    // "Last Minute" now starts in a little under 4 hours: move to 59 minutes before it.
    advance(3 * HOUR);
    const { reminded } = await race();
    expect(reminded).toBe(1);
    expect((await reminderNotices(eve)).map((notice) => written(notice.params.lead, 'en'))).toEqual(['in 1 h']);
    expect(await claims()).toEqual([`${await internalId(early.id)}:1440`, `${await internalId(late.id)}:60`].sort());
    expect((await race()).reminded).toBe(0);

    // Early Bird's hour comes too; Amy hears twice in all (24 h and 1 h), Ben never.
    advance(20 * HOUR);
    expect((await race()).reminded).toBe(1);
    expect((await reminderNotices(amy)).map((notice) => written(notice.params.lead, 'en'))).toEqual([
      'in 24 h',
      'in 1 h',
    ]);
    expect(await reminderNotices(ben)).toEqual([]);
    expect(await reminderNotices(dan)).toEqual([]);
  });

  it('reads its leads from NOTICE_REMINDER_LEADS', () => {
    expect(loadConfig({}).noticeReminderLeads).toEqual([1440, 60]);
    expect(loadConfig({ NOTICE_REMINDER_LEADS: '30, 120' }).noticeReminderLeads).toEqual([120, 30]);
    expect(() => loadConfig({ NOTICE_REMINDER_LEADS: 'soon' })).toThrow();
  });
});
