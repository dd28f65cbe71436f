import { sql } from 'drizzle-orm';
import { pgArray } from '../../db/arrays.ts';
import { type Database, query, type Tx } from '../../db/client.ts';
import type { SplitTerms } from './split.ts';

/** The split's SQL: the terms per activity, and the rows the distribution screen reads. */

/** One activity's terms (no row: no shares). */
export async function termsOf(db: Database | Tx, activityId: number): Promise<SplitTerms> {
  const result = await query<{ referral_bp: number | null; user_id: string | null; bp: number | null }>(
    db,
    sql`
    select s.referral_bp, c.user_id, c.bp
    from (select ${activityId}::bigint as activity_id) x
    left join activity_splits s on s.activity_id = x.activity_id
    left join activity_cohost_shares c on c.activity_id = x.activity_id
    order by c.user_id`,
  );
  const referralBp = result.rows[0]?.referral_bp ?? 0;
  const cohosts = result.rows
    .filter((row) => row.user_id !== null)
    .map((row) => ({ userId: Number(row.user_id), bp: Number(row.bp) }));
  return { referralBp, cohosts };
}

/** Replaces one activity's terms (the caller holds the activity's lock). */
export async function saveTerms(tx: Tx, activityId: number, terms: SplitTerms, now: Date): Promise<void> {
  await query(
    tx,
    sql`insert into activity_splits (activity_id, referral_bp, updated_at)
        values (${activityId}, ${terms.referralBp}, ${now.toISOString()}::timestamptz)
        on conflict (activity_id) do update set referral_bp = excluded.referral_bp, updated_at = excluded.updated_at`,
  );
  await query(tx, sql`delete from activity_cohost_shares where activity_id = ${activityId}`);
  for (const cohost of terms.cohosts) {
    await query(
      tx,
      sql`insert into activity_cohost_shares (activity_id, user_id, bp) values (${activityId}, ${cohost.userId}, ${cohost.bp})`,
    );
  }
}

/** Whether any sign-up to the activity has ever been charged (refunded or not). */
export async function hasPaidSignup(tx: Tx, activityId: number): Promise<boolean> {
  const result = await query<{ sold: boolean }>(
    tx,
    sql`select exists (select 1 from registrations where activity_id = ${activityId} and paid > 0) as sold`,
  );
  return result.rows[0]!.sold;
}

/** Invitation code → who sent it, for one activity: the referrer of each sign-up made with it. */
export async function referrersOf(tx: Tx, activityId: number): Promise<Map<string, number>> {
  const result = await query<{ code: string; invited_by: string }>(
    tx,
    sql`select code, invited_by from activity_invitations where activity_id = ${activityId}`,
  );
  return new Map(result.rows.map((row) => [row.code, Number(row.invited_by)]));
}

/** Users by public uid. */
export async function idsByUid(db: Database | Tx, uids: string[]): Promise<Map<string, number>> {
  if (uids.length === 0) return new Map();
  const result = await query<{ id: string; uid: string }>(
    db,
    sql`select id, uid::text from public_users where uid in (${sql.join(
      uids.map((uid) => sql`${Number(uid)}`),
      sql`, `,
    )})`,
  );
  return new Map(result.rows.map((row) => [row.uid, Number(row.id)]));
}

export interface DistributionActivity {
  id: number;
  code: string;
  title: string;
  endsAt: Date;
  status: string;
  organizerId: number;
  settled: boolean;
  sold: boolean;
  referralBp: number;
}

/**
 * One page of the activities the caller takes part in the money of, newest first: those they organize (not
 * drafts), co-host now, hold a share of, or were paid by as a referrer (`earnedFrom`, master's answer). With `only`: that one activity, whatever
 * it is (the organizer has just saved its terms).
 */
export async function distributionPage(
  db: Database,
  userId: number,
  page: { beforeId?: number; limit: number; only?: number; earnedFrom?: number[] },
): Promise<DistributionActivity[]> {
  const result = await query<{
    id: string;
    code: string;
    title: string;
    ends_at: string;
    status: string;
    organizer_id: string;
    settled: boolean;
    sold: boolean;
    referral_bp: number | null;
  }>(
    db,
    sql`
    with mine as (
      select id as activity_id from activities where organizer_id = ${userId} and status <> 'draft'
      union select activity_id from activity_cohosts where user_id = ${userId}
      union select activity_id from activity_cohost_shares where user_id = ${userId}
      union select unnest(${pgArray(page.earnedFrom ?? [])}::bigint[])
    )
    select a.id, a.code, a.title, a.ends_at, a.status, a.organizer_id, a.settled_at is not null as settled,
           exists (select 1 from registrations r where r.activity_id = a.id and r.paid > 0) as sold, s.referral_bp
    from ${page.only === undefined ? sql`mine m join activities a on a.id = m.activity_id` : sql`activities a`}
    left join activity_splits s on s.activity_id = a.id
    where ${page.only === undefined ? sql`a.status <> 'draft'` : sql`a.id = ${page.only}`}
      ${page.beforeId === undefined ? sql`` : sql`and a.id < ${page.beforeId}`}
    order by a.id desc limit ${page.limit}`,
  );
  return result.rows.map((row) => ({
    id: Number(row.id),
    code: row.code,
    title: row.title,
    endsAt: new Date(row.ends_at),
    status: row.status,
    organizerId: Number(row.organizer_id),
    settled: row.settled,
    sold: row.sold,
    referralBp: row.referral_bp ?? 0,
  }));
}

export interface CohostRow {
  activityId: number;
  userId: number;
  bp: number;
  current: boolean;
}

/** The current co-hosts and the share holders of these activities (one statement). */
export async function cohostsOf(db: Database, activityIds: number[]): Promise<CohostRow[]> {
  if (activityIds.length === 0) return [];
  const ids = sql.join(
    activityIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const result = await query<{ activity_id: string; user_id: string; bp: number | null; current: boolean }>(
    db,
    sql`
    select coalesce(c.activity_id, s.activity_id) as activity_id, coalesce(c.user_id, s.user_id) as user_id,
           s.bp, c.user_id is not null as current
    from (select * from activity_cohosts where activity_id in (${ids})) c
    full join (select * from activity_cohost_shares where activity_id in (${ids})) s
      on s.activity_id = c.activity_id and s.user_id = c.user_id
    order by 1, 2`,
  );
  return result.rows.map((row) => ({
    activityId: Number(row.activity_id),
    userId: Number(row.user_id),
    bp: row.bp ?? 0,
    current: row.current,
  }));
}
