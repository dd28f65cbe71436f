import { sql } from 'drizzle-orm';
import { query } from '../../db/client.ts';
import { type Db, date } from './store.ts';

/** The statements behind the bounty module's notices: who took part, and whose deadline is near and not yet told. */

/** Everyone who submitted to the bounty (in any state), once each. */
export async function submitterIds(db: Db, bountyId: number): Promise<number[]> {
  const found = await query<{ user_id: string }>(
    db,
    sql`select distinct user_id from bounty_submissions where bounty_id = ${bountyId}`,
  );
  return found.rows.map((row) => Number(row.user_id));
}

export interface DueDeadline {
  id: number;
  creatorId: number;
  title: string;
  deadline: Date;
  submitterIds: number[];
}

/**
 * Open bounties whose deadline falls in (now, until] and that were open before that window began (one created a
 * few hours before its deadline is not "closing soon" news to its creator), not yet announced: the creator has no
 * notice `bountyDeadline:<id>`. That notice's unique (user, key) row is the marker: this reads it (on its unique
 * index) and never writes it; the notifications module does, once, however many processes announce it.
 * A deleted creator's bounty is left out (nobody would ever be told, so it would be announced on every run).
 */
export async function dueDeadlines(
  db: Db,
  now: Date,
  until: Date,
  windowMs: number,
  limit: number,
): Promise<DueDeadline[]> {
  const found = await query<{
    id: string;
    creator_id: string;
    title: string;
    deadline: string | Date;
    submitter_ids: string[] | null;
  }>(
    db,
    sql`select b.id, b.creator_id, b.title, b.deadline,
          (select array_agg(distinct q.user_id) from bounty_submissions q where q.bounty_id = b.id) as submitter_ids
        from bounties b
        join public_users u on u.id = b.creator_id and u.deleted_at is null
        where b.settled_at is null and b.paid_count < b.winners
          and b.deadline > ${now.toISOString()}::timestamptz and b.deadline <= ${until.toISOString()}::timestamptz
          and b.created_at <= b.deadline - ${windowMs} * interval '1 millisecond'
          and not exists (select 1 from notice_markers n where n.user_id = b.creator_id and n.key = 'bountyDeadline:' || b.id)
        order by b.deadline, b.id
        limit ${limit}`,
  );
  return found.rows.map((row) => ({
    id: Number(row.id),
    creatorId: Number(row.creator_id),
    title: row.title,
    deadline: date(row.deadline),
    submitterIds: (row.submitter_ids ?? []).map(Number),
  }));
}
