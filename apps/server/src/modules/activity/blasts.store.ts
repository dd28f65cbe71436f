import type { BlastAudience, BlastAudienceCounts } from '@polaris/contract';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { pgArray } from '../../db/arrays.ts';
import { type Database, query, type Tx } from '../../db/client.ts';
import { activityBlasts } from '../../db/schema/index.ts';

/**
 * The SQL of organizer blasts (`activity_blasts`). A blast is sent by the fan-out worker in batches of recipients
 * in user id order; `fanned_to` is the last user id reached, `claimed_until` the lease of the worker doing it.
 */

export type BlastRow = typeof activityBlasts.$inferSelect;

/**
 * Inserts the blast only while fewer than `max` blasts of the activity, not cancelled, were created after `since`:
 * the limit is claimed by the insert itself. The caller holds the activity's lock, so two sends of one activity
 * count one after the other. Undefined when the limit is reached.
 */
export async function insertBlastWithinLimit(
  tx: Tx,
  values: {
    activityId: number;
    authorId: number;
    audience: BlastAudience[];
    message: string;
    createdAt: Date;
    sendAt: Date;
  },
  limit: { since: Date; max: number },
): Promise<BlastRow | undefined> {
  const inserted = await query<{ id: string }>(
    tx,
    sql`insert into activity_blasts (activity_id, author_id, audience, message, created_at, send_at)
        select ${values.activityId}, ${values.authorId}, ${pgArray(values.audience)}::text[], ${values.message},
               ${values.createdAt.toISOString()}::timestamptz, ${values.sendAt.toISOString()}::timestamptz
        where (select count(*) from activity_blasts
               where activity_id = ${values.activityId} and cancelled_at is null
                 and created_at > ${limit.since.toISOString()}::timestamptz) < ${limit.max}
        returning id::text`,
  );
  const id = inserted.rows[0]?.id;
  return id === undefined ? undefined : blastById(tx, Number(id));
}

export async function blastById(db: Database | Tx, id: number): Promise<BlastRow | undefined> {
  const [row] = await db.select().from(activityBlasts).where(eq(activityBlasts.id, id));
  return row;
}

/** The creation times of the blasts that count against the limit now (not cancelled, after `since`), oldest first. */
export async function countedBlastTimes(db: Database | Tx, activityId: number, since: Date): Promise<Date[]> {
  const rows = await db
    .select({ createdAt: activityBlasts.createdAt })
    .from(activityBlasts)
    .where(
      and(
        eq(activityBlasts.activityId, activityId),
        isNull(activityBlasts.cancelledAt),
        sql`${activityBlasts.createdAt} > ${since.toISOString()}::timestamptz`,
      ),
    )
    .orderBy(activityBlasts.createdAt);
  return rows.map((row) => row.createdAt);
}

/** Every blast of an activity, newest first (at most `limit`). */
export async function blastsOf(db: Database, activityId: number, limit = 100): Promise<BlastRow[]> {
  return db
    .select()
    .from(activityBlasts)
    .where(eq(activityBlasts.activityId, activityId))
    .orderBy(desc(activityBlasts.id))
    .limit(limit);
}

/** The sent blasts of an activity addressed to any of `audience`, newest first. */
export async function sentBlastsTo(
  db: Database,
  activityId: number,
  audience: BlastAudience[],
  limit = 100,
): Promise<BlastRow[]> {
  if (audience.length === 0) return [];
  return db
    .select()
    .from(activityBlasts)
    .where(
      and(
        eq(activityBlasts.activityId, activityId),
        sql`${activityBlasts.sentAt} is not null`,
        sql`${activityBlasts.audience} && ${pgArray(audience)}::text[]`,
      ),
    )
    .orderBy(desc(activityBlasts.id))
    .limit(limit);
}

/** Cancels a blast whose fan-out has not started; undefined when there is none such (sent, started, cancelled, missing). */
export async function cancelUnstarted(
  db: Database,
  activityId: number,
  id: number,
  now: Date,
): Promise<BlastRow | undefined> {
  const [row] = await db
    .update(activityBlasts)
    .set({ cancelledAt: now })
    .where(
      and(
        eq(activityBlasts.id, id),
        eq(activityBlasts.activityId, activityId),
        isNull(activityBlasts.sentAt),
        isNull(activityBlasts.cancelledAt),
        isNull(activityBlasts.claimedUntil),
      ),
    )
    .returning();
  return row;
}

/**
 * Claims the next due blast for a fan-out: due (`send_at` passed, not sent, not cancelled) and not leased by a live
 * worker. The row is picked with FOR UPDATE SKIP LOCKED and leased in the same statement, so two processes never
 * claim one blast while its lease runs.
 */
export async function claimDueBlast(db: Database, now: Date, leaseUntil: Date): Promise<BlastRow | undefined> {
  const claimed = await query<{ id: string }>(
    db,
    sql`update activity_blasts set claimed_until = ${leaseUntil.toISOString()}::timestamptz
        where id = (
          select id from activity_blasts
          where sent_at is null and cancelled_at is null and send_at <= ${now.toISOString()}::timestamptz
            and (claimed_until is null or claimed_until <= ${now.toISOString()}::timestamptz)
          order by send_at, id limit 1 for update skip locked)
        returning id::text`,
  );
  const id = claimed.rows[0]?.id;
  return id === undefined ? undefined : blastById(db, Number(id));
}

/**
 * The next recipients of a blast: the people whose place at the activity matches the audience, with a user id
 * above `after`, in user id order. One live place per person and activity (`registrations_live_idx`), so no
 * person comes twice.
 */
export async function audienceAfter(
  db: Database | Tx,
  activityId: number,
  audience: readonly string[],
  after: number,
  limit: number,
): Promise<number[]> {
  const going = audience.includes('going');
  const waitlisted = audience.includes('waitlisted');
  const checkedIn = audience.includes('checkedIn');
  const found = await query<{ id: string }>(
    db,
    sql`select r.user_id::text as id from registrations r
        where r.activity_id = ${activityId} and r.status in ('approved', 'waitlisted') and r.user_id > ${after}
          and ((r.status = 'approved' and (${going}::boolean or (${checkedIn}::boolean and r.checked_in_at is not null)))
            or (r.status = 'waitlisted' and ${waitlisted}::boolean))
        order by r.user_id limit ${limit}`,
  );
  return found.rows.map((row) => Number(row.id));
}

/** How many people each audience holds now (one live place per person and activity). */
export async function audienceCounts(db: Database | Tx, activityId: number): Promise<BlastAudienceCounts> {
  const counted = await query<{ going: string; waitlisted: string; checked_in: string }>(
    db,
    sql`select count(*) filter (where status = 'approved')::text as going,
               count(*) filter (where status = 'waitlisted')::text as waitlisted,
               count(*) filter (where status = 'approved' and checked_in_at is not null)::text as checked_in
        from registrations where activity_id = ${activityId} and status in ('approved', 'waitlisted')`,
  );
  const row = counted.rows[0];
  return {
    going: Number(row?.going ?? 0),
    waitlisted: Number(row?.waitlisted ?? 0),
    checkedIn: Number(row?.checked_in ?? 0),
  };
}

/**
 * Records a batch done: `fanned_to` moves from `from` to `to` and the lease is renewed. Only when `fanned_to` is
 * still `from` (a worker that lost its lease and was overtaken changes nothing and stops). Whether it moved.
 */
export async function advanceBlast(
  db: Database | Tx,
  id: number,
  move: { from: number; to: number; count: number; leaseUntil: Date },
): Promise<boolean> {
  const moved = await db
    .update(activityBlasts)
    .set({
      fannedTo: move.to,
      recipients: sql`${activityBlasts.recipients} + ${move.count}`,
      claimedUntil: move.leaseUntil,
    })
    .where(and(eq(activityBlasts.id, id), eq(activityBlasts.fannedTo, move.from), isNull(activityBlasts.sentAt)))
    .returning({ id: activityBlasts.id });
  return moved.length > 0;
}

/** Marks the blast sent once every batch is done (only if nobody moved it meanwhile). */
export async function markBlastSent(db: Database, id: number, fannedTo: number, now: Date): Promise<boolean> {
  const done = await db
    .update(activityBlasts)
    .set({ sentAt: now })
    .where(and(eq(activityBlasts.id, id), eq(activityBlasts.fannedTo, fannedTo), isNull(activityBlasts.sentAt)))
    .returning({ id: activityBlasts.id });
  return done.length > 0;
}

/** Due blasts not sent yet, counted up to `limit`: the backlog metric. */
export async function countDueBlasts(db: Database, now: Date, limit = 10_000): Promise<number> {
  const counted = await query<{ n: string }>(
    db,
    sql`select count(*)::text as n from (select 1 from activity_blasts
        where sent_at is null and cancelled_at is null and send_at <= ${now.toISOString()}::timestamptz
        limit ${limit}) due`,
  );
  return Number(counted.rows[0]?.n ?? 0);
}
