import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type DatabaseHandle, openDatabase, query } from '../../db/client.ts';
import { type SeededPerson, seedPeople } from '../../test/seed-people.ts';
import { type ServerProcess, ServerProcesses } from '../../test/server-processes.ts';
import { checkLedger } from '../wallet/ledger.store.ts';
import { earmarked } from './store.ts';

/**
 * Two real server processes on one PostgreSQL and one Redis: sign-ups split between them claim one place each,
 * and both processes' distribution workers find the same airdrops due, yet every sign-up is paid exactly once.
 */
const template = inject('databaseTemplate');
if (template.kind !== 'postgres') throw new Error('this file runs in the PostgreSQL pass (DATABASE_URL)');
const redisUrl = process.env.REDIS_URL;
if (!redisUrl) throw new Error('this file needs REDIS_URL');
const processes = new ServerProcesses(template.url, redisUrl);

let a: ServerProcess;
let b: ServerProcess;
let database: DatabaseHandle;
let crowd: SeededPerson[];

beforeAll(async () => {
  await processes.createDatabase();
  [a, b] = await Promise.all([processes.start(), processes.start()]);
  database = await openDatabase({ kind: 'postgres', url: processes.databaseUrl });
  crowd = await seedPeople(database, 200, 'air-proc');
}, 120_000);

afterAll(async () => {
  expect(await checkLedger(database.db)).toEqual([]);
  await database.close();
  await processes.close();
});

async function call<T>(server: ServerProcess, route: string, body: unknown, headers: Record<string, string>) {
  const response = await fetch(`${server.baseUrl}/rest/polarisex${route}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', locale: 'en_US', ...headers },
    body: JSON.stringify(body),
  });
  return (await response.json()) as { status: number; msg: string; attachment: T };
}

async function createAirdrop(pool: string) {
  const token = (await readFile(path.join(a.dataDir, 'admin.token'), 'utf8')).trim();
  const now = Date.now();
  const result = await call<{ id: string }>(
    a,
    '/admin/airdrop/create',
    {
      project: 'Two processes',
      asset: 'USDT',
      mode: 'prorata',
      pool,
      signupStartsAt: new Date(now - 60_000).toISOString(),
      signupEndsAt: new Date(now + 3_600_000).toISOString(),
      distributeAt: new Date(now + 3_600_000).toISOString(),
    },
    { 'x-admin-token': token },
  );
  expect(result.status, result.msg).toBe(200);
  return Number(result.attachment.id);
}

describe('airdrops across two processes', () => {
  it('one user signing up 200 times on both processes at once has one sign-up', async () => {
    const id = await createAirdrop('1');
    const person = crowd[0]!;
    const results = await Promise.all(
      Array.from({ length: 200 }, (_, i) => call(i % 2 ? a : b, '/airdrop/signup', { id }, { token: person.token })),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.msg === 'You have already signed up for this airdrop')).toHaveLength(199);
    const { rows } = await query<{ n: number; count: number }>(
      database.db,
      sql`select (select count(*)::int from airdrop_signups where airdrop_id = ${id}) as n,
                 (select signup_count from airdrops where id = ${id}) as count`,
    );
    expect(rows[0]).toEqual({ n: 1, count: 1 });
  });

  it('both processes’ workers distribute three due airdrops: each of 200 people is paid once per airdrop', async () => {
    const ids = [await createAirdrop('200'), await createAirdrop('100'), await createAirdrop('7')];
    for (const id of ids) {
      const results = await Promise.all(
        crowd.map((person, i) => call(i % 2 ? a : b, '/airdrop/signup', { id }, { token: person.token })),
      );
      expect(results.filter((r) => r.status === 200)).toHaveLength(200);
    }
    // The window closes and the distribution falls due, as if the hour had passed: both workers (every 5 s) find them.
    await query(
      database.db,
      sql`update airdrops set signup_ends_at = now() - interval '1 second', distribute_at = now() - interval '1 second'
          where id in (${sql.join(
            ids.map((id) => sql`${id}`),
            sql`, `,
          )})`,
    );
    const deadline = Date.now() + 40_000;
    let done = 0;
    while (Date.now() < deadline) {
      const { rows } = await query<{ n: number }>(
        database.db,
        sql`select count(*)::int as n from airdrops where status = 'distributed' and id in (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})`,
      );
      done = rows[0]!.n;
      if (done === 3) break;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    expect(done).toBe(3);
    const { rows } = await query<{ airdrop_id: string; payouts: number; people: number; entries: number }>(
      database.db,
      sql`select p.airdrop_id, count(*)::int as payouts, count(distinct p.user_id)::int as people,
                 count(distinct p.entry_id)::int as entries
          from airdrop_payouts p where p.airdrop_id in (${sql.join(
            ids.map((id) => sql`${id}`),
            sql`, `,
          )}) group by p.airdrop_id order by p.airdrop_id`,
    );
    expect(rows.map((r) => [r.payouts, r.people, r.entries])).toEqual([
      [200, 200, 200],
      [200, 200, 200],
      [200, 200, 200],
    ]);
    const { rows: kinds } = await query<{ n: number; credited: string }>(
      database.db,
      sql`select count(*)::int as n, coalesce(sum(po.amount), 0)::text as credited
          from journal_entries e join postings po on po.entry_id = e.id join accounts ac on ac.id = po.account_id
          where e.kind = 'airdrop_payout' and ac.user_id is not null`,
    );
    // 200 × 1 + 200 × 0.5 + 200 × 0.035 USDT (6 decimals); the first airdrop is still open.
    expect(kinds[0]).toEqual({ n: 600, credited: String(200_000_000 + 100_000_000 + 7_000_000) });
    const held = [...(await earmarked(database.db))].filter(([, units]) => units !== 0n);
    expect(held).toEqual([['USDT', 1_000_000n]]);
  });
});
