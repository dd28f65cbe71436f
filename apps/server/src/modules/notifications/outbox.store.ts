import { sql } from 'drizzle-orm';
import { type Database, query, type Tx } from '../../db/client.ts';
import type { OutboxTiming } from './events.ts';

/** The SQL of the notice outbox (db/schema/notifications.ts `noticeOutbox`). */

export interface OutboxRow {
  id: number;
  topic: string;
  payload: unknown;
  attempts: number;
}

/**
 * One announcement, in the transaction of the change it is about. `created_at` is when the row is due (now, or the
 * later time it asked for), so the backlog's age counts from then.
 */
export async function insertOutbox(tx: Tx, topic: string, payload: unknown, now: Date, timing: OutboxTiming = {}) {
  const due = (timing.at && timing.at > now ? timing.at : now).toISOString();
  await query(
    tx,
    sql`insert into notice_outbox (topic, payload, created_at, next_attempt_at, once_key)
        values (${topic}, ${JSON.stringify(payload)}::jsonb, ${due}::timestamptz, ${due}::timestamptz, ${timing.once ?? null})
        on conflict (once_key) do nothing`,
  );
}

/**
 * Claims up to `limit` due rows for `leaseMs`: their `next_attempt_at` moves past the lease in the statement that
 * finds them (rows another process is claiming are skipped), so no other process runs them meanwhile, and a process
 * that dies holding them lets the lease run out for another to take them.
 */
export async function claimOutbox(db: Database, now: Date, leaseMs: number, limit: number): Promise<OutboxRow[]> {
  const { rows } = await query<{ id: string | number; topic: string; payload: unknown; attempts: number }>(
    db,
    sql`update notice_outbox o
        set next_attempt_at = ${new Date(now.getTime() + leaseMs).toISOString()}::timestamptz,
            attempts = o.attempts + 1
        where o.id in (
          select id from notice_outbox
          where next_attempt_at <= ${now.toISOString()}::timestamptz
          order by next_attempt_at, id
          limit ${limit}
          for update skip locked)
        returning o.id, o.topic, o.payload, o.attempts`,
  );
  return rows
    .map((row) => ({ id: Number(row.id), topic: row.topic, payload: row.payload, attempts: Number(row.attempts) }))
    .sort((x, y) => x.id - y.id);
}

export async function deleteOutbox(db: Database, id: number): Promise<void> {
  await query(db, sql`delete from notice_outbox where id = ${id}`);
}

/** A failed attempt: tried again at `retryAt`, with why it failed kept for operators. */
export async function retryOutbox(db: Database, id: number, retryAt: Date, error: string): Promise<void> {
  await query(
    db,
    sql`update notice_outbox set next_attempt_at = ${retryAt.toISOString()}::timestamptz, last_error = ${error.slice(0, 500)}
        where id = ${id}`,
  );
}

/** Rows waiting (due or leased; not those asked for later) and the age of the oldest, for metrics and tests. */
export async function outboxBacklog(db: Database, now: Date): Promise<{ waiting: number; oldestMs: number }> {
  const { rows } = await query<{ waiting: number; oldest: string | null }>(
    db,
    sql`select count(*)::int as waiting, min(created_at)::text as oldest from notice_outbox
        where created_at <= ${now.toISOString()}::timestamptz`,
  );
  const oldest = rows[0]?.oldest;
  return {
    waiting: rows[0]?.waiting ?? 0,
    oldestMs: oldest ? Math.max(0, now.getTime() - new Date(oldest).getTime()) : 0,
  };
}

/** Whether any row is due now (a cheap look before a claim that locks). */
export async function outboxDue(db: Database, now: Date): Promise<boolean> {
  const { rows } = await query<{ due: boolean }>(
    db,
    sql`select exists (select 1 from notice_outbox where next_attempt_at <= ${now.toISOString()}::timestamptz) as due`,
  );
  return rows[0]?.due === true;
}
