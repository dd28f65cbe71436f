import type { RedPacket } from '@polaris/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { fundedPeople } from '../../../scripts/bench-people.ts';
import { type DatabaseHandle, openDatabase, query } from '../../db/client.ts';
import { type SeededPerson, seedPeople } from '../../test/seed-people.ts';
import { type ServerProcess, ServerProcesses } from '../../test/server-processes.ts';
import { checkLedger } from '../wallet/ledger.store.ts';

/**
 * Two real server processes, each with its own claim batches and its own refund worker, on one PostgreSQL and
 * one Redis: a crowd split between them opens one packet exactly as one process would let it, and expired
 * packets are refunded once although both workers find them due.
 */
const template = inject('databaseTemplate');
if (template.kind !== 'postgres') throw new Error('this file runs in the PostgreSQL pass (DATABASE_URL)');
const redisUrl = process.env.REDIS_URL;
if (!redisUrl) throw new Error('this file needs REDIS_URL');
const processes = new ServerProcesses(template.url, redisUrl);

let a: ServerProcess;
let b: ServerProcess;
let database: DatabaseHandle;
let sender: { token: string; trade: string };
let crowd: SeededPerson[];

beforeAll(async () => {
  await processes.createDatabase();
  [a, b] = await Promise.all([processes.start(), processes.start()]);
  database = await openDatabase({ kind: 'postgres', url: processes.databaseUrl });
  sender = (await fundedPeople(database, 1, 'rp-proc'))[0]!;
  crowd = await seedPeople(database, 200, 'rp-proc');
}, 120_000);

afterAll(async () => {
  expect(await checkLedger(database.db)).toEqual([]);
  await database.close();
  await processes.close();
});

async function call<T>(server: ServerProcess, route: string, token: string, body: unknown) {
  const response = await fetch(`${server.baseUrl}/rest/polarisex${route}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', token, locale: 'en_US' },
    body: JSON.stringify(body),
  });
  return (await response.json()) as { status: number; msg: string; attachment: T };
}

const send = async (amount: string, count: number) => {
  const result = await call<RedPacket>(a, '/redpacket/send', sender.token, {
    kind: 'share',
    asset: 'USDT',
    amount,
    count,
    validity: 1,
    validityUnit: 'hour',
    tradePassword: sender.trade,
    idempotencyKey: `proc-${Math.random().toString(36).slice(2)}`,
  });
  expect(result.status).toBe(200);
  return result.attachment;
};

describe('red packets across two processes', () => {
  it('200 people on two processes at once on 40 shares: 40 winners, each once, summing exactly', async () => {
    const packet = await send('40', 40);
    const results = await Promise.all(
      crowd.map((person, index) =>
        call<{ amount: string }>(index % 2 ? b : a, '/redpacket/claim', person.token, { redpacketCode: packet.code }),
      ),
    );
    const won = results.filter((r) => r.status === 200);
    expect(won).toHaveLength(40);
    expect(results.filter((r) => r.msg === 'All claimed')).toHaveLength(160);
    const units = won.reduce((sum, r) => sum + BigInt(Math.round(Number(r.attachment.amount) * 1e6)), 0n);
    expect(units).toBe(40_000_000n);
    const { rows } = await query<{ people: number }>(
      database.db,
      sql`select count(distinct user_id)::int as people from red_packet_claims c
          join red_packets p on p.id = c.packet_id where p.code = ${packet.code}`,
    );
    expect(rows[0]?.people).toBe(40);
  });

  it('both processes’ workers find expired packets due; each is refunded exactly once', async () => {
    const packets = await Promise.all(Array.from({ length: 6 }, () => send('3', 3)));
    await Promise.all(
      packets.map((packet, index) =>
        call(index % 2 ? a : b, '/redpacket/claim', crowd[index]!.token, { redpacketCode: packet.code }),
      ),
    );
    // Expired a moment ago, as if their hour had passed: the workers (every 5 s in each process) take them.
    await query(
      database.db,
      sql`update red_packets set expires_at = now() - interval '1 second'
          where code in (${sql.join(
            packets.map((p) => sql`${p.code}`),
            sql`, `,
          )})`,
    );
    const deadline = Date.now() + 30_000;
    let settled = 0;
    while (Date.now() < deadline) {
      const { rows } = await query<{ n: number }>(
        database.db,
        sql`select count(*)::int as n from red_packets where settled_at is not null and code in (${sql.join(
          packets.map((p) => sql`${p.code}`),
          sql`, `,
        )})`,
      );
      settled = rows[0]!.n;
      if (settled === 6) break;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    expect(settled).toBe(6);
    const { rows } = await query<{ n: number; entries: number }>(
      database.db,
      sql`select count(*)::int as n, count(distinct e.reference)::int as entries from journal_entries e
          where e.kind = 'redpacket_refund'`,
    );
    expect(rows[0]).toEqual({ n: 6, entries: 6 });
  });
});
