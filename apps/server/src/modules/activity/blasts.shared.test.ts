import type { Activity, Blast } from '@polaris/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type DatabaseHandle, openDatabase, query } from '../../db/client.ts';
import type { ApiClient } from '../../test/app.ts';
import { httpClient } from '../../test/http-client.ts';
import { seedPeople } from '../../test/seed-people.ts';
import { ServerProcesses } from '../../test/server-processes.ts';
import { type WalletUser, walletUser } from '../../test/wallet-fixtures.ts';

/**
 * Two real server processes on one PostgreSQL and one Redis, both running the blast worker (main.ts): blasts sent
 * through one of them are fanned out by whichever claims each, and every attendee gets exactly one notice of each,
 * with each blast's count right (docs/notifications.md, "Organizer blasts").
 */
const template = inject('databaseTemplate');
if (template.kind !== 'postgres') throw new Error('this file runs in the PostgreSQL pass (DATABASE_URL)');
const redisUrl = process.env.REDIS_URL;
if (!redisUrl) throw new Error('this file needs REDIS_URL');
const processes = new ServerProcesses(template.url, redisUrl);

const ATTENDEES = 650;
let clients: ApiClient[];
let database: DatabaseHandle;
let organizer: WalletUser;

beforeAll(async () => {
  await processes.createDatabase();
  const nodes = await Promise.all([processes.start(), processes.start()]);
  clients = nodes.map((node) => httpClient(node.baseUrl, node.dataDir));
  database = await openDatabase({ kind: 'postgres', url: processes.databaseUrl });
  organizer = await walletUser(clients[0]!, 'organizer-blasts@example.com');
  const named = await clients[0]!.call('POST', '/user/personalInfo', {
    token: organizer.token,
    body: { uname: 'Organizer' },
  });
  expect(named.status).toBe(200);
}, 120_000);

afterAll(async () => {
  await database?.close();
  await processes.close();
});

async function count(statement: ReturnType<typeof sql>): Promise<number> {
  const { rows } = await query<{ n: number }>(database.db, statement);
  return Number(rows[0]!.n);
}

describe('blasts on two server processes', () => {
  it('three blasts to 650 people: each sent once, each person one notice of each', async () => {
    const start = Date.now() + 7 * 86_400_000;
    const created = await clients[1]!.call<Activity>('POST', '/activity/create', {
      token: organizer.token,
      body: {
        title: 'Fleet night',
        category: 'web3',
        startsAt: new Date(start).toISOString(),
        endsAt: new Date(start + 3 * 3_600_000).toISOString(),
        timezone: 'Asia/Taipei',
        city: 'Taipei',
        address: 'No. 7',
        capacity: ATTENDEES,
        publish: true,
      },
    });
    expect(created.status).toBe(200);
    const people = await seedPeople(database, ATTENDEES, 'fleet');
    await query(
      database.db,
      sql`insert into registrations (activity_id, ticket_type_id, user_id, status, code, created_at, updated_at, approved_at)
          select a.id, t.id, u.id, 'approved', 'fleet-' || u.id, now(), now(), now()
          from activities a join ticket_types t on t.activity_id = a.id,
               unnest(${`{${people.map((person) => person.id).join(',')}}`}::bigint[]) as u(id)
          where a.code = ${created.attachment.id}`,
    );
    const sent = await Promise.all(
      [0, 1, 2].map((i) =>
        clients[i % 2]!.call<Blast>('POST', '/activity/blast/send', {
          token: organizer.token,
          body: { activityId: created.attachment.id, audience: ['going'], message: `Note ${i}` },
        }),
      ),
    );
    expect(sent.map((result) => result.status)).toEqual([200, 200, 200]);
    const ids = sent.map((result) => Number(result.attachment.id));

    const deadline = Date.now() + 90_000;
    while ((await count(sql`select count(*)::int as n from activity_blasts where sent_at is not null`)) < 3) {
      if (Date.now() > deadline) throw new Error('the blasts were not all sent');
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const { rows } = await query<{ id: number; recipients: number; fanned_to: number }>(
      database.db,
      sql`select id::int, recipients, fanned_to::int from activity_blasts order by id`,
    );
    const lastId = Math.max(...people.map((person) => person.id));
    expect(rows).toEqual(
      [...ids].sort((a, b) => a - b).map((id) => ({ id, recipients: ATTENDEES, fanned_to: lastId })),
    );
    for (const id of ids) {
      const notices = await query<{ n: number; people: number }>(
        database.db,
        sql`select count(*)::int as n, count(distinct user_id)::int as people from notices where key = ${`blast:${id}`}`,
      );
      expect(notices.rows[0]).toEqual({ n: ATTENDEES, people: ATTENDEES });
    }
    // One notice mail per person and blast (activity mail is on by default), none twice: an email delivery each,
    // written into the mail queue by either process's mail worker as it goes, each once.
    expect(await count(sql`select count(*)::int as n from notice_deliveries where channel = 'email'`)).toBe(
      3 * ATTENDEES,
    );
    expect(
      await count(sql`select (count(*) - count(distinct topic))::int as n from mail_queue where topic like 'notice:%'`),
    ).toBe(0);

    // Both processes answer the attendee's list the same: the three messages, newest first.
    for (const client of clients) {
      const listed = await client.call<{ items: Blast[] }>('GET', '/activity/blast/list', {
        token: people[0]!.token,
        query: { activityId: created.attachment.id },
      });
      const newestFirst = [...sent].sort((a, b) => Number(b.attachment.id) - Number(a.attachment.id));
      expect(listed.attachment.items.map((item) => item.message)).toEqual(
        newestFirst.map((result) => result.attachment.message),
      );
    }
  });
});
