import type { Activity } from '@polaris/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { fundedPeople } from '../../../../scripts/bench-people.ts';
import { type DatabaseHandle, openDatabase, query } from '../../../db/client.ts';
import { type ServerProcess, ServerProcesses } from '../../../test/server-processes.ts';
import { formatLocalDate, localStart } from './recurrence.ts';
import { insertSeries } from './series.store.ts';
import { templateOf } from './template.ts';

/**
 * Two real server processes, both running the series worker every 200 ms, on one PostgreSQL: series that appear
 * with their windows empty (as when time has moved on) get each occurrence made once, by whichever process claims
 * it, although both find every one of them due at about the same moment.
 */
const template = inject('databaseTemplate');
if (template.kind !== 'postgres') throw new Error('this file runs in the PostgreSQL pass (DATABASE_URL)');
const redisUrl = process.env.REDIS_URL;
if (!redisUrl) throw new Error('this file needs REDIS_URL');
const processes = new ServerProcesses(template.url, redisUrl);

const DAY = 86_400_000;
const SERIES = 4;
/** Weekly from two days ahead: days 2, 9 … 51 fall in the 56-day window, day 58 does not. */
const PER_SERIES = 8;

let a: ServerProcess;
let b: ServerProcess;
let database: DatabaseHandle;
let organizer: { id: number; uid: number; token: string };

beforeAll(async () => {
  await processes.createDatabase();
  [a, b] = await Promise.all([processes.start({ SERIES_POLL_MS: '200' }), processes.start({ SERIES_POLL_MS: '200' })]);
  database = await openDatabase({ kind: 'postgres', url: processes.databaseUrl });
  organizer = (await fundedPeople(database, 1, 'series-proc'))[0]!;
}, 180_000);

afterAll(async () => {
  await database.close();
  await processes.close();
});

async function call<T>(server: ServerProcess, method: 'GET' | 'POST', route: string, input: Record<string, unknown>) {
  const url = new URL(`${server.baseUrl}/rest/polarisex${route}`);
  if (method === 'GET') for (const [key, value] of Object.entries(input)) url.searchParams.set(key, String(value));
  const response = await fetch(url, {
    method,
    headers: { 'content-type': 'application/json', token: organizer.token, locale: 'en_US' },
    ...(method === 'POST' ? { body: JSON.stringify(input) } : {}),
  });
  const result = (await response.json()) as { status: number; msg: string; attachment: T };
  expect(result.status, `${route}: ${result.msg}`).toBe(200);
  return result.attachment;
}

async function linkedOccurrences(): Promise<number> {
  const result = await query<{ n: number }>(
    database.db,
    sql`select count(*)::int as n from activity_series_occurrences where activity_id is not null`,
  );
  return result.rows[0]!.n;
}

describe('series across two processes', () => {
  it('makes each occurrence once although both workers find it due', async () => {
    await call(a, 'POST', '/user/personalInfo', { uname: 'Series Organizer' });
    const firsts: Activity[] = [];
    for (let i = 0; i < SERIES; i++) {
      const start = Math.floor((Date.now() + 2 * DAY + i * 3_600_000) / 60_000) * 60_000;
      const made = await call<Activity>(i % 2 ? b : a, 'POST', '/activity/create', {
        title: `Two-process weekly ${i}`,
        description: 'Talks',
        category: 'web3',
        startsAt: new Date(start).toISOString(),
        endsAt: new Date(start + 2 * 3_600_000).toISOString(),
        timezone: 'Asia/Taipei',
        city: 'Taipei',
        address: 'No. 7, Xinyi Rd',
        capacity: 20,
        publish: true,
        ticketTypes: [{ name: 'Standard', price: '5', asset: 'USDT' }],
      });
      firsts.push(await call<Activity>(a, 'GET', '/activity/detail', { id: made.id }));
    }
    // The series appear at once with only their first occurrence, as the API would leave them had the worker
    // been away for weeks: both processes' next runs find all of the rest due.
    await database.db.transaction(async (tx) => {
      for (const first of firsts) {
        const startsAt = new Date(first.startsAt);
        const start = localStart(startsAt, first.timezone);
        const now = new Date();
        const { rows } = await query<{ id: number }>(tx, sql`select id from activities where code = ${first.id}`);
        await insertSeries(
          tx,
          {
            organizerId: organizer.id,
            frequency: 'weekly',
            weekOfMonth: null,
            anchorDate: formatLocalDate(start.date),
            startMinutes: start.minutes,
            durationMinutes: 120,
            timezone: first.timezone,
            untilDate: null,
            count: 20,
            template: templateOf(first),
            createdAt: now,
            updatedAt: now,
          },
          rows[0]!.id,
          startsAt,
        );
      }
    });

    const deadline = Date.now() + 90_000;
    while ((await linkedOccurrences()) < SERIES * PER_SERIES && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    // A few more runs of both workers: nothing more may appear.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await linkedOccurrences()).toBe(SERIES * PER_SERIES);

    const perSeries = await query<{ title: string; claims: number; indexes: number; activities: number }>(
      database.db,
      sql`select s.template->>'title' as title, count(*)::int as claims, count(distinct o.idx)::int as indexes,
            count(distinct o.activity_id)::int as activities
          from activity_series s join activity_series_occurrences o on o.series_id = s.id
          group by s.id order by s.id`,
    );
    expect(perSeries.rows).toEqual(
      firsts.map((first) => ({ title: first.title, claims: PER_SERIES, indexes: PER_SERIES, activities: PER_SERIES })),
    );
    // No activity was made and left without its claim (a loser's work is rolled back with its transaction), and
    // each occurrence has its one chat room.
    const made = await query<{ title: string; n: number; rooms: number }>(
      database.db,
      sql`select a.title, count(*)::int as n, count(r.id)::int as rooms
          from activities a left join chat_rooms r on r.activity_id = a.id
          where a.title like 'Two-process weekly %' group by a.title order by a.title`,
    );
    expect(made.rows).toEqual(firsts.map((first) => ({ title: first.title, n: PER_SERIES, rooms: PER_SERIES })));
  }, 150_000);
});
