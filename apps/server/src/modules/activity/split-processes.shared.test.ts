import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { fundedPeople } from '../../../scripts/bench-people.ts';
import { type DatabaseHandle, openDatabase, query } from '../../db/client.ts';
import { type ServerProcess, ServerProcesses } from '../../test/server-processes.ts';
import { checkLedger } from '../wallet/ledger.store.ts';

/**
 * Two real server processes, both running the settlement and release workers, on one PostgreSQL: an activity with
 * a co-host share and a referral share is split once and every part released once, although both processes find
 * the activity (and then its earnings) due. No payout hold here (PAYOUT_HOLD_HOURS=0), so release follows at once.
 */
const template = inject('databaseTemplate');
if (template.kind !== 'postgres') throw new Error('this file runs in the PostgreSQL pass (DATABASE_URL)');
const redisUrl = process.env.REDIS_URL;
if (!redisUrl) throw new Error('this file needs REDIS_URL');
const processes = new ServerProcesses(template.url, redisUrl);

type Person = { uid: number; token: string; trade: string };
let a: ServerProcess;
let b: ServerProcess;
let database: DatabaseHandle;
let organizer: Person;
let cohost: Person;
let buyers: Person[];

beforeAll(async () => {
  await processes.createDatabase();
  [a, b] = await Promise.all([
    processes.start({ PAYOUT_HOLD_HOURS: '0' }),
    processes.start({ PAYOUT_HOLD_HOURS: '0' }),
  ]);
  database = await openDatabase({ kind: 'postgres', url: processes.databaseUrl });
  const people = await fundedPeople(database, 6, 'split-proc');
  [organizer, cohost] = [people[0]!, people[1]!];
  buyers = people.slice(2);
}, 180_000);

afterAll(async () => {
  expect(await checkLedger(database.db)).toEqual([]);
  await database.close();
  await processes.close();
});

async function call<T>(server: ServerProcess, route: string, person: Person, body: unknown) {
  const response = await fetch(`${server.baseUrl}/rest/polarisex${route}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', token: person.token, locale: 'en_US' },
    body: JSON.stringify(body),
  });
  const result = (await response.json()) as { status: number; msg: string; attachment: T };
  expect(result.status, `${route}: ${result.msg}`).toBe(200);
  return result.attachment;
}

async function waitFor(statement: ReturnType<typeof sql>, expected: number) {
  const deadline = Date.now() + 60_000;
  let n = -1;
  while (Date.now() < deadline) {
    n = (await query<{ n: number }>(database.db, statement)).rows[0]!.n;
    if (n === expected) break;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return n;
}

describe('the split across two processes', () => {
  it('splits an ended activity once and releases each part once, both workers running', async () => {
    await call(a, '/user/personalInfo', organizer, { uname: 'Split Organizer' });
    const start = Date.now() + 86_400_000;
    const activity = await call<{ id: string }>(a, '/activity/create', organizer, {
      title: 'Split night',
      description: 'Talks',
      category: 'web3',
      startsAt: new Date(start).toISOString(),
      endsAt: new Date(start + 3_600_000).toISOString(),
      timezone: 'Asia/Taipei',
      city: 'Taipei',
      address: 'No. 7, Xinyi Rd',
      capacity: 10,
      publish: true,
      coHosts: [String(cohost.uid)],
      ticketTypes: [{ name: 'Standard', price: '10', asset: 'USDT' }],
    });
    await call(b, '/open/master/split', organizer, {
      activityId: activity.id,
      referralPercent: 10,
      cohosts: [{ uid: String(cohost.uid), percent: 25 }],
    });
    const { code } = await call<{ code: string }>(b, '/activity/manage/invite', cohost, {
      activityId: activity.id,
      emails: [],
    });
    await Promise.all(
      buyers.map((buyer, i) =>
        call(i % 2 ? a : b, '/activity/signup', buyer, {
          activityId: activity.id,
          tradePassword: buyer.trade,
          idempotencyKey: randomUUID(),
          ...(i < 2 ? { inviteCode: code } : {}),
        }),
      ),
    );
    // Ended a moment ago, as if its time had passed: both processes' workers find it due.
    await query(
      database.db,
      sql`update activities set starts_at = now() - interval '2 hours', ends_at = now() - interval '1 second'
          where code = ${activity.id}`,
    );
    const ofActivity = sql`(select id from activities where code = ${activity.id})`;
    const released = await waitFor(
      sql`select count(*)::int as n from creator_earnings
          where activity_id = ${ofActivity} and released_at is not null`,
      3,
    );
    expect(released).toBe(3);

    // Referral 10 % of two tickets → the co-host 2; the rest 38 × 25 % = 9.5 → the co-host; 28.5 to the organizer.
    const parts = await query<{ role: string; uid: string; amount: string }>(
      database.db,
      sql`select e.role, u.uid::text, e.amount::text from creator_earnings e join users u on u.id = e.organizer_id
          where e.activity_id = ${ofActivity} order by e.role`,
    );
    expect(parts.rows).toEqual([
      { role: 'cohost', uid: String(cohost.uid), amount: '9500000' },
      { role: 'organizer', uid: String(organizer.uid), amount: '28500000' },
      { role: 'referrer', uid: String(cohost.uid), amount: '2000000' },
    ]);
    const [row] = (
      await query<{ id: string }>(database.db, sql`select id::text from activities where code = ${activity.id}`)
    ).rows;
    const entries = await query<{ kind: string; n: number; total: string }>(
      database.db,
      sql`select j.kind, count(distinct j.id)::int as n, sum(p.amount)::text as total
          from journal_entries j join postings p on p.entry_id = j.id and p.amount > 0
          where j.reference = ${`activity:${row!.id}`} and j.kind in ('ticket_earning_hold', 'ticket_release')
          group by j.kind order by j.kind`,
    );
    expect(entries.rows).toEqual([
      { kind: 'ticket_earning_hold', n: 1, total: '40000000' },
      { kind: 'ticket_release', n: 3, total: '40000000' },
    ]);
  }, 150_000);
});
