import { randomUUID } from 'node:crypto';
import { API_BASE } from '@polaris/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { type DatabaseHandle, openDatabase, query } from '../../db/client.ts';
import { type SeededPerson, seedPeople } from '../../test/seed-people.ts';
import { type ServerProcess, ServerProcesses } from '../../test/server-processes.ts';

/**
 * Nothing acknowledged is lost (docs/notifications.md, "The outbox"): a real server process is killed (SIGKILL, by
 * the `die-after-claim` failpoint) after sign-ups committed and their outbox rows were claimed, before any notice was
 * delivered. Another process started afterwards delivers every acknowledged sign-up's notices, each once, once the
 * dead process's lease has run out.
 */
const template = inject('databaseTemplate');
if (template.kind !== 'postgres') throw new Error('this file runs in the PostgreSQL pass (DATABASE_URL)');
const redisUrl = process.env.REDIS_URL;
if (!redisUrl) throw new Error('this file needs REDIS_URL');
const processes = new ServerProcesses(template.url, redisUrl);

const ATTENDEES = 6;
const LEASE = { NOTICE_OUTBOX_LEASE_MS: '1500' };

let database: DatabaseHandle;
let organizer: SeededPerson;
let attendees: SeededPerson[];

beforeAll(async () => {
  await processes.createDatabase();
  database = await openDatabase({ kind: 'postgres', url: processes.databaseUrl });
  [organizer] = (await seedPeople(database, 1, 'outbox-host')) as [SeededPerson];
  attendees = await seedPeople(database, ATTENDEES, 'outbox-guest');
}, 120_000);

afterAll(async () => {
  await database?.close();
  await processes.close();
});

async function call<T>(server: ServerProcess, route: string, token: string, body: unknown) {
  const response = await fetch(`${server.baseUrl}${API_BASE}${route}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', locale: 'en_US', token },
    body: JSON.stringify(body),
  });
  return (await response.json()) as { status: number; msg: string; attachment: T };
}

const count = async (statement: ReturnType<typeof sql>) =>
  (await query<{ n: number }>(database.db, statement)).rows[0]!.n;

it('a process killed between the commit and the delivery loses no notice: the next one delivers each once', async () => {
  const doomed = await processes.start({ ...LEASE, NOTICE_OUTBOX_FAILPOINT: 'die-after-claim' });
  const exited = new Promise<NodeJS.Signals | null>((resolve) =>
    doomed.process.once('exit', (_code, signal) => resolve(signal)),
  );
  const start = Date.now() + 7 * 86_400_000;
  const activity = await call<{ id: string }>(doomed, '/activity/create', organizer.token, {
    title: 'Outbox night',
    category: 'web3',
    startsAt: new Date(start).toISOString(),
    endsAt: new Date(start + 3_600_000).toISOString(),
    timezone: 'Asia/Taipei',
    city: 'Taipei',
    address: 'No. 7',
    capacity: 50,
    publish: true,
  });
  expect(activity.status).toBe(200);

  // Sign-ups until the process dies: each answered 200 has committed, and must be announced.
  const acknowledged: number[] = [];
  for (const person of attendees) {
    const answer = await call(doomed, '/activity/signup', person.token, {
      activityId: activity.attachment.id,
      idempotencyKey: randomUUID(),
    }).catch(() => null);
    if (answer?.status !== 200) break;
    acknowledged.push(person.id);
  }
  expect(await exited).toBe('SIGKILL');
  expect(acknowledged.length).toBeGreaterThan(0);
  // Killed after the commit and before the delivery: the rows are there, claimed, and nobody has been told.
  expect(await count(sql`select count(*)::int as n from notice_outbox where attempts > 0`)).toBeGreaterThan(0);
  expect(await count(sql`select count(*)::int as n from notices where kind = 'registrationConfirmed'`)).toBe(0);

  // Every sign-up that committed: the acknowledged ones, and one the process may have committed and not answered.
  const { rows } = await query<{ user_id: string }>(
    database.db,
    sql`select r.user_id::text from registrations r join activities a on a.id = r.activity_id
        where a.code = ${activity.attachment.id}`,
  );
  const committed = rows.map((row) => Number(row.user_id));
  expect(committed).toEqual(expect.arrayContaining(acknowledged));

  await processes.start(LEASE);
  const deadline = Date.now() + 30_000;
  const told = () =>
    count(sql`select count(distinct user_id)::int as n from notices where kind = 'registrationConfirmed'`);
  while ((await told()) < committed.length && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));

  expect(await told()).toBe(committed.length);
  // Each once (a second run of a row tells nobody twice), the organizer of each place too, and nothing left over.
  expect(await count(sql`select count(*)::int as n from notices where kind = 'registrationConfirmed'`)).toBe(
    committed.length,
  );
  expect(
    await count(
      sql`select count(*)::int as n from notices where kind = 'newRegistration' and user_id = ${organizer.id}`,
    ),
  ).toBe(committed.length);
  expect(await count(sql`select count(*)::int as n from notice_outbox`)).toBe(0);
}, 120_000);
