import type { Activity, Series, SeriesOf } from '@polaris/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { query } from '../../../db/client.ts';
import { zonedClock } from '../../../platform/zoned-time.ts';
import type { TestApp } from '../../../test/app.ts';
import { createTestApp } from '../../../test/app.ts';
import type { WalletUser } from '../../../test/wallet-fixtures.ts';
import { closeCheckingLedger, createActivity, DAY, guest, HOUR, host, signUp } from '../activity-fixtures.ts';

let t: TestApp;
let olivia: WalletUser;
let cohost: WalletUser;
let gina: WalletUser;

beforeAll(async () => {
  // The clock moves most of a year ahead (to the end of summer time in 2027): sessions must outlive it.
  t = await createTestApp({ env: { SESSION_TTL_DAYS: '365' } });
  olivia = await host(t, 'olivia@example.com');
  cohost = await host(t, 'cohost@example.com');
  gina = await guest(t, 'gina@example.com', '0');
});
afterAll(async () => {
  await closeCheckingLedger(t);
});

/** Moves the test clock to an instant (forward only: activities made earlier keep their times). */
function clockTo(iso: string) {
  const ms = new Date(iso).getTime() - t.clock.now().getTime();
  if (ms < 0) throw new Error(`the clock is past ${iso} already`);
  t.clock.advance(ms);
}

async function ok<T>(method: 'GET' | 'POST', path: string, user: WalletUser | null, input: Record<string, unknown>) {
  const result = await t.call<T>(method, path, {
    token: user?.token,
    ...(method === 'GET' ? { query: input as Record<string, string> } : { body: input }),
  });
  expect(result.status, `${path}: ${result.msg}`).toBe(200);
  return result.attachment;
}

const series = (id: string, user: WalletUser | null = olivia) => ok<Series>('GET', '/activity/series', user, { id });
const detail = (id: string, user: WalletUser = olivia) => ok<Activity>('GET', '/activity/detail', user, { id });

/** A published activity of Olivia's, made the first of a series; answers the series. */
async function repeat(activity: Record<string, unknown>, rule: Record<string, unknown>) {
  const first = await createActivity(t, olivia, activity);
  return ok<Series>('POST', '/activity/series/create', olivia, { activityId: first.id, ...rule });
}

/** Days ahead of the test clock, on a whole minute (occurrences start on whole minutes). */
const ahead = (days: number) => Math.floor((t.clock.now().getTime() + days * DAY) / 60_000) * 60_000;

/** The local wall clock of an occurrence's start, e.g. "Tue 19:00". */
function localTime(iso: string, zone: string) {
  const clock = zonedClock(new Date(iso), zone);
  return `${['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'][clock.weekday]} ${String(clock.hour).padStart(2, '0')}:${String(clock.minute).padStart(2, '0')}`;
}

async function rowsOf(seriesId: string) {
  const result = await query<{ idx: number; activity_id: string | null }>(
    t.database.db,
    sql`select idx, activity_id from activity_series_occurrences where series_id = ${Number(seriesId)} order by idx`,
  );
  return result.rows;
}

describe('recurring series', () => {
  it('fills the rolling window at once, each occurrence its own activity with tickets and a chat room', async () => {
    const start = ahead(3);
    const made = await repeat(
      {
        title: 'Weekly Builders',
        startsAt: new Date(start).toISOString(),
        endsAt: new Date(start + 2 * HOUR).toISOString(),
        coHosts: [],
      },
      { frequency: 'weekly', count: 20 },
    );
    // Starts on days 3, 10, … 52 fall in the 56-day window; day 59 does not.
    expect(made.upcoming.map((o) => o.index)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(new Set(made.upcoming.map((o) => o.activityId)).size).toBe(8);
    const second = await detail(made.upcoming[1]!.activityId);
    expect(second).toMatchObject({ title: 'Weekly Builders', status: 'published', capacity: 10 });
    expect(new Date(second.startsAt).getTime() - start).toBe(7 * DAY);
    expect(second.ticketTypes).toHaveLength(1);
    const rooms = await query<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from chat_rooms r join activities a on a.id = r.activity_id
          where r.kind = 'activity' and a.title = 'Weekly Builders'`,
    );
    expect(rooms.rows[0]!.n).toBe(8);
    const of = await ok<SeriesOf>('GET', '/activity/series/of', gina, { activityId: second.id });
    expect(of.series).toMatchObject({ id: made.id, index: 1, frequency: 'weekly' });

    // A week on, the window has moved by one occurrence, and the first is over.
    t.clock.advance(7 * DAY);
    expect(await t.services.activity.series.generateDue()).toMatchObject({ created: 1 });
    expect((await series(made.id)).upcoming.map((o) => o.index)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(await t.services.activity.series.generateDue()).toEqual({ created: 0 });
  });

  it('creates each occurrence once when workers race for it', async () => {
    const start = ahead(2);
    const made = await repeat(
      { title: 'Race Night', startsAt: new Date(start).toISOString(), endsAt: new Date(start + HOUR).toISOString() },
      { frequency: 'weekly', count: 30 },
    );
    const before = (await rowsOf(made.id)).length;
    t.clock.advance(21 * DAY);
    const runs = await Promise.all([1, 2, 3, 4].map(() => t.services.activity.series.generate(Number(made.id))));
    expect(runs.reduce((sum, n) => sum + n, 0)).toBe(3);
    const rows = await rowsOf(made.id);
    expect(rows.map((row) => row.idx)).toEqual([...Array(before + 3).keys()]);
    expect(rows.every((row) => row.activity_id !== null)).toBe(true);
    const activities = await query<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from activities where title = 'Race Night'`,
    );
    expect(activities.rows[0]!.n).toBe(before + 3);
  });

  it('repeats on the second Tuesday and on the last Friday of each month', async () => {
    clockTo('2027-01-20T08:00:00Z');
    const second = await repeat(
      {
        title: 'Second Tuesday',
        startsAt: '2027-02-09T11:00:00.000Z',
        endsAt: '2027-02-09T13:00:00.000Z',
        timezone: 'Asia/Taipei',
      },
      { frequency: 'monthlyByWeekday', count: 6 },
    );
    expect(second.weekOfMonth).toBe(2);
    expect(second.upcoming.map((o) => o.startsAt.slice(0, 10))).toEqual(['2027-02-09', '2027-03-09']);
    const last = await repeat(
      {
        title: 'Last Friday',
        startsAt: '2027-01-29T11:00:00.000Z',
        endsAt: '2027-01-29T13:00:00.000Z',
        timezone: 'Asia/Taipei',
      },
      { frequency: 'monthlyByWeekday', weekOfMonth: -1, count: 6 },
    );
    expect(last.upcoming.map((o) => o.startsAt.slice(0, 10))).toEqual(['2027-01-29', '2027-02-26']);
    // A month on, the window reaches the last Friday of March (the 26th, four weeks after February's).
    t.clock.advance(31 * DAY);
    await t.services.activity.series.generateDue();
    expect((await series(last.id)).upcoming.map((o) => o.startsAt.slice(0, 10))).toEqual(['2027-02-26', '2027-03-26']);
  });

  it('refuses what a series cannot be', async () => {
    const draft = await createActivity(t, olivia, { publish: false });
    const refused = await t.call('POST', '/activity/series/create', {
      token: olivia.token,
      body: { activityId: draft.id, frequency: 'weekly', count: 3 },
    });
    expect(refused).toMatchObject({ status: 409, msg: 'Publish the activity before making it repeat' });
    const open = await createActivity(t, olivia);
    const noEnd = await t.call('POST', '/activity/series/create', {
      token: olivia.token,
      body: { activityId: open.id, frequency: 'weekly' },
    });
    expect(noEnd.status).toBe(400);
    const notHers = await t.call('POST', '/activity/series/create', {
      token: cohost.token,
      body: { activityId: open.id, frequency: 'weekly', count: 3 },
    });
    expect(notHers.status).toBe(403);
  });
});

describe('editing occurrences', () => {
  let made: Series;
  let codes: string[];

  beforeAll(async () => {
    const start = ahead(2);
    const local = zonedClock(new Date(start), 'Asia/Taipei');
    // 19:00 Taipei on the day two days ahead.
    const at = Date.UTC(local.year, local.month - 1, local.day, 11, 0);
    made = await repeat(
      { title: 'Edit Club', startsAt: new Date(at).toISOString(), endsAt: new Date(at + 2 * HOUR).toISOString() },
      { frequency: 'weekly', count: 12 },
    );
    codes = made.upcoming.map((o) => o.activityId);
  });

  it('"this one" changes that occurrence only', async () => {
    await ok('POST', '/activity/update', olivia, { id: codes[1], title: 'Edit Club: special' });
    expect((await detail(codes[1]!)).title).toBe('Edit Club: special');
    expect((await detail(codes[2]!)).title).toBe('Edit Club');
  });

  it('"all following" changes the later ones and the template, keeping places, each on its own day', async () => {
    const held = await signUp(t, gina, codes[4]!);
    expect(held.attachment.status).toBe('approved');
    const third = await detail(codes[3]!);
    const startsAt = new Date(new Date(third.startsAt).getTime() + HOUR).toISOString();
    const endsAt = new Date(new Date(third.endsAt).getTime() + HOUR).toISOString();
    const answer = await ok<{ updated: number; skipped: string[] }>(
      'POST',
      '/activity/series/updateFollowing',
      olivia,
      { id: codes[3], title: 'Edit Club Late', startsAt, endsAt },
    );
    expect(answer).toEqual({ updated: codes.length - 3, skipped: [] });
    for (const [index, code] of codes.entries()) {
      const one = await detail(code);
      expect(one.title).toBe(index < 3 ? (index === 1 ? 'Edit Club: special' : 'Edit Club') : 'Edit Club Late');
      expect(localTime(one.startsAt, 'Asia/Taipei').slice(4)).toBe(index < 3 ? '19:00' : '20:00');
    }
    // Gina's place is still hers, at the new time.
    const hers = await detail(codes[4]!, gina);
    expect(hers.myRegistration?.status).toBe('approved');
    // The next occurrence the worker makes follows the new template.
    t.clock.advance(7 * DAY);
    await t.services.activity.series.generateDue();
    const next = (await series(made.id)).upcoming.at(-1)!;
    expect(next.index).toBe(made.upcoming.at(-1)!.index + 1);
    const made8 = await detail(next.activityId);
    expect(made8.title).toBe('Edit Club Late');
    expect(localTime(made8.startsAt, 'Asia/Taipei').slice(4)).toBe('20:00');
  });

  it('refuses moving all following to another day, and anyone but the organizer', async () => {
    const one = await detail(codes[6]!);
    const moved = await t.call('POST', '/activity/series/updateFollowing', {
      token: olivia.token,
      body: {
        id: one.id,
        startsAt: new Date(new Date(one.startsAt).getTime() + DAY).toISOString(),
        endsAt: new Date(new Date(one.endsAt).getTime() + DAY).toISOString(),
      },
    });
    expect(moved).toMatchObject({ status: 400 });
    expect(moved.msg).toContain('keeps each on its day');
    const other = await t.call('POST', '/activity/series/updateFollowing', {
      token: cohost.token,
      body: { id: one.id, title: 'Mine now' },
    });
    expect(other.status).toBe(403);
  });
});

describe('an edit some later dates cannot take', () => {
  it('leaves those dates as they were and names them', async () => {
    const start = ahead(2);
    const made = await repeat(
      { title: 'Full House', startsAt: new Date(start).toISOString(), endsAt: new Date(start + HOUR).toISOString() },
      { frequency: 'weekly', count: 4 },
    );
    const codes = made.upcoming.map((o) => o.activityId);
    for (const person of [gina, cohost])
      expect((await signUp(t, person, codes[2]!)).attachment.status).toBe('approved');
    const answer = await ok<{ updated: number; skipped: string[] }>(
      'POST',
      '/activity/series/updateFollowing',
      olivia,
      { id: codes[1], capacity: 1 },
    );
    expect(answer).toEqual({ updated: 2, skipped: [codes[2]] });
    expect((await detail(codes[1]!)).capacity).toBe(1);
    expect((await detail(codes[2]!)).capacity).toBe(10);
    expect((await detail(codes[3]!)).capacity).toBe(1);
    expect((await detail(codes[0]!)).capacity).toBe(10);
  });
});

describe('following and ending', () => {
  it('tells each follower once per new occurrence, and an ended series makes no more', async () => {
    const start = ahead(2);
    const made = await repeat(
      { title: 'Follow Me', startsAt: new Date(start).toISOString(), endsAt: new Date(start + HOUR).toISOString() },
      { frequency: 'biweekly', count: 10 },
    );
    await ok('POST', '/activity/series/follow', gina, { id: made.id, follow: true });
    expect(await series(made.id, gina)).toMatchObject({ following: true, followers: 1, canManage: false });

    t.clock.advance(14 * DAY);
    await Promise.all([t.services.activity.series.generateDue(), t.services.activity.series.generateDue()]);
    while ((await t.services.outbox.deliverDue()).done > 0) {}
    const newest = (await series(made.id)).upcoming.at(-1)!;
    const notices = await query<{ key: string; link: string }>(
      t.database.db,
      sql`select key, link from notices where kind = 'seriesOccurrenceOpened' order by id`,
    );
    expect(notices.rows).toHaveLength(1);
    expect(notices.rows[0]!.link).toContain(newest.activityId);
    const list = await ok<{ items: { title: string; body: string }[] }>('GET', '/notice/list', gina, {});
    expect(list.items[0]!.title).toBe('New date: Follow Me');

    // Someone else cannot end it; the organizer can, and nothing more is made.
    expect((await t.call('POST', '/activity/series/end', { token: gina.token, body: { id: made.id } })).status).toBe(
      403,
    );
    const ended = await ok<Series>('POST', '/activity/series/end', olivia, { id: made.id });
    expect(ended.endedAt).not.toBeNull();
    const count = (await rowsOf(made.id)).length;
    t.clock.advance(28 * DAY);
    await t.services.activity.series.generate(Number(made.id));
    await t.services.activity.series.generateDue();
    expect(await rowsOf(made.id)).toHaveLength(count);
    const late = await t.call('POST', '/activity/series/follow', {
      token: cohost.token,
      body: { id: made.id, follow: true },
    });
    expect(late.status).toBe(409);
  });
});

describe('daylight saving', () => {
  it('keeps a weekly 19:00 in Berlin at 19:00 local across the end of summer time', async () => {
    clockTo('2027-10-05T08:00:00Z');
    const made = await repeat(
      {
        title: 'Berlin Meetup',
        startsAt: '2027-10-19T17:00:00.000Z',
        endsAt: '2027-10-19T19:00:00.000Z',
        timezone: 'Europe/Berlin',
        city: 'Berlin',
      },
      { frequency: 'weekly', until: '2027-11-09' },
    );
    expect(made.upcoming.map((o) => o.startsAt)).toEqual([
      // Summer time (UTC+2) until the last Sunday of October, the 31st; then UTC+1.
      '2027-10-19T17:00:00.000Z',
      '2027-10-26T17:00:00.000Z',
      '2027-11-02T18:00:00.000Z',
      '2027-11-09T18:00:00.000Z',
    ]);
    expect(made.upcoming.map((o) => localTime(o.startsAt, 'Europe/Berlin'))).toEqual(Array(4).fill('Tue 19:00'));
  });
});
