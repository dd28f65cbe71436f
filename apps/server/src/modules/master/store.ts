import type { SplitRole } from '@polaris/contract';
import { eq, sql } from 'drizzle-orm';
import { pgArray } from '../../db/arrays.ts';
import { type Database, query, type Tx } from '../../db/client.ts';
import { creatorEarnings } from '../../db/schema/index.ts';

/** The master module's SQL: creator earnings, the sub-ledger of the `creator_earnings` system account. */

export type CreatorEarningRow = typeof creatorEarnings.$inferSelect;

export async function insertEarning(
  tx: Tx,
  values: {
    organizerId: number;
    role: SplitRole;
    activityId: number;
    assetCode: string;
    amount: bigint;
    earnedAt: Date;
    releaseAt: Date;
    holdEntryId: number;
  },
): Promise<CreatorEarningRow> {
  const [row] = await tx
    .insert(creatorEarnings)
    .values({ ...values, amount: values.amount.toString() })
    .returning();
  return row!;
}

export interface DueEarning {
  id: number;
  organizerId: number;
  activityId: number;
  assetCode: string;
  amount: bigint;
}

/** The next earning whose hold has passed, locked; one another process holds is skipped, not waited for, and `skip`. */
export async function claimDueEarning(tx: Tx, now: Date, skip: number[] = []): Promise<DueEarning | undefined> {
  const claimed = await query<{
    id: string;
    organizer_id: string;
    activity_id: string;
    asset_code: string;
    amount: string;
  }>(
    tx,
    sql`select id, organizer_id, activity_id, asset_code, amount::text from creator_earnings
        where released_at is null and release_at <= ${now.toISOString()}::timestamptz
          and id <> all(${pgArray(skip)}::bigint[])
        order by release_at, id limit 1 for update skip locked`,
  );
  const row = claimed.rows[0];
  if (!row) return undefined;
  return {
    id: Number(row.id),
    organizerId: Number(row.organizer_id),
    activityId: Number(row.activity_id),
    assetCode: row.asset_code,
    amount: BigInt(row.amount),
  };
}

export async function markReleased(tx: Tx, id: number, releasedAt: Date, releaseEntryId: number): Promise<void> {
  await tx.update(creatorEarnings).set({ releasedAt, releaseEntryId }).where(eq(creatorEarnings.id, id));
}

export function earningsOfActivity(db: Database, activityId: number): Promise<CreatorEarningRow[]> {
  return db
    .select()
    .from(creatorEarnings)
    .where(eq(creatorEarnings.activityId, activityId))
    .orderBy(creatorEarnings.assetCode);
}

/** The journal entry kind of a withdrawal: `creator_earnings` available → the organizer's available balance. */
export const WITHDRAWAL_KIND = 'creator_withdrawal';
/** Every withdrawal entry of one organizer carries this reference, so their sum is one indexed query. */
export const withdrawalReference = (organizerId: number) => `creator:${organizerId}`;

export interface EarningTotals {
  asset: string;
  frozen: bigint;
  released: bigint;
  withdrawn: bigint;
}

/**
 * Per asset: what is still in the hold and what has been released. What has been withdrawn is the ledger's (the
 * organizer's side of their withdrawal entries, `ledger.creditsOf`), added by the service.
 */
export async function earnedTotals(
  db: Database | Tx,
  organizerId: number,
): Promise<Omit<EarningTotals, 'withdrawn'>[]> {
  const result = await query<{ asset_code: string; frozen: string; released: string }>(
    db,
    sql`
    select asset_code,
           coalesce(sum(amount) filter (where released_at is null), 0)::text as frozen,
           coalesce(sum(amount) filter (where released_at is not null), 0)::text as released
    from creator_earnings where organizer_id = ${organizerId} group by asset_code
    order by asset_code`,
  );
  return result.rows.map((row) => ({
    asset: row.asset_code,
    frozen: BigInt(row.frozen),
    released: BigInt(row.released),
  }));
}

/**
 * Serializes one organizer's withdrawals: the balance is read after this lock and changed before it ends.
 * `NO KEY UPDATE`, not `UPDATE`: rows that merely reference the user (a journal entry's actor, a registration)
 * take a key-share lock, which this one lets through, so a withdrawal cannot deadlock with a payment that holds
 * the organizer's account and inserts such a row.
 */
export async function lockOrganizer(tx: Tx, organizerId: number): Promise<void> {
  await query(tx, sql`select id from public_users where id = ${organizerId} for no key update`);
}

export async function creatorCounts(
  db: Database,
  organizerId: number,
): Promise<{ activities: number; signups: number; takesPart: boolean }> {
  const result = await query<{ activities: string; signups: string; takes_part: boolean }>(
    db,
    sql`
    select (select count(*) from public_activities where organizer_id = ${organizerId} and status <> 'draft')::text as activities,
           (select count(*) from activity_attendance r join public_activities a on a.id = r.activity_id
             where a.organizer_id = ${organizerId} and a.status <> 'draft')::text as signups,
           (exists (select 1 from creator_earnings where organizer_id = ${organizerId})
             or exists (select 1 from cohost_shareholders where user_id = ${organizerId})) as takes_part`,
  );
  const row = result.rows[0]!;
  return { activities: Number(row.activities), signups: Number(row.signups), takesPart: row.takes_part };
}

/** Activities created per UTC day since `from`; days without any are absent. */
export async function activitiesByDay(db: Database, organizerId: number, from: Date): Promise<Map<string, number>> {
  const result = await query<{ day: string; n: string }>(
    db,
    sql`
    select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD') as day, count(*)::text as n
    from public_activities where organizer_id = ${organizerId} and status <> 'draft'
      and created_at >= ${from.toISOString()}::timestamptz
    group by 1`,
  );
  return new Map(result.rows.map((row) => [row.day, Number(row.n)]));
}

/** Sign-ups (registrations of any status) to the organizer's activities per UTC day since `from`. */
export async function signupsByDay(db: Database, organizerId: number, from: Date): Promise<Map<string, number>> {
  const result = await query<{ day: string; n: string }>(
    db,
    sql`
    select to_char(r.created_at at time zone 'UTC', 'YYYY-MM-DD') as day, count(*)::text as n
    from activity_attendance r join public_activities a on a.id = r.activity_id
    where a.organizer_id = ${organizerId} and a.status <> 'draft' and r.created_at >= ${from.toISOString()}::timestamptz
    group by 1`,
  );
  return new Map(result.rows.map((row) => [row.day, Number(row.n)]));
}

/** Earnings in one asset per UTC day of `earned_at` since `from`. */
export async function earningsByDay(
  db: Database,
  organizerId: number,
  asset: string,
  from: Date,
): Promise<Map<string, bigint>> {
  const result = await query<{ day: string; total: string }>(
    db,
    sql`
    select to_char(earned_at at time zone 'UTC', 'YYYY-MM-DD') as day, sum(amount)::text as total
    from creator_earnings
    where organizer_id = ${organizerId} and asset_code = ${asset} and earned_at >= ${from.toISOString()}::timestamptz
    group by 1`,
  );
  return new Map(result.rows.map((row) => [row.day, BigInt(row.total)]));
}

export interface EarningListRow {
  id: number;
  activityId: number;
  activityCode: string;
  activityTitle: string;
  role: SplitRole;
  assetCode: string;
  amount: bigint;
  earnedAt: Date;
  releaseAt: Date;
  releasedAt: Date | null;
}

/** One page of the organizer's earnings, newest first, with their activity's code and title (one statement). */
export async function earningsPage(
  db: Database,
  organizerId: number,
  page: { beforeId?: number; limit: number },
): Promise<EarningListRow[]> {
  const result = await query<{
    id: string;
    activity_id: string;
    code: string;
    title: string;
    role: SplitRole;
    asset_code: string;
    amount: string;
    earned_at: string;
    release_at: string;
    released_at: string | null;
  }>(
    db,
    sql`
    select e.id, e.activity_id, a.code, a.title, e.role, e.asset_code, e.amount::text, e.earned_at, e.release_at, e.released_at
    from creator_earnings e join public_activities a on a.id = e.activity_id
    where e.organizer_id = ${organizerId} ${page.beforeId === undefined ? sql`` : sql`and e.id < ${page.beforeId}`}
    order by e.id desc limit ${page.limit}`,
  );
  return result.rows.map((row) => ({
    id: Number(row.id),
    activityId: Number(row.activity_id),
    activityCode: row.code,
    activityTitle: row.title,
    role: row.role,
    assetCode: row.asset_code,
    amount: BigInt(row.amount),
    earnedAt: new Date(row.earned_at),
    releaseAt: new Date(row.release_at),
    releasedAt: row.released_at === null ? null : new Date(row.released_at),
  }));
}

export interface PromoDiscountRow {
  activityId: number;
  code: string;
  assetCode: string;
  tickets: number;
  discount: bigint;
}

/**
 * What promo codes took off the organizer's rows of an earnings page, by activity (one statement, through the
 * activity module's view).
 */
export async function promoDiscountsOf(db: Database, activityIds: number[]): Promise<PromoDiscountRow[]> {
  if (activityIds.length === 0) return [];
  const result = await query<{
    activity_id: string;
    code: string;
    asset_code: string;
    tickets: number;
    discount: string;
  }>(
    db,
    sql`select activity_id, code, asset_code, tickets, discount::text from public_promo_discounts
        where activity_id = any(${pgArray(activityIds)}::bigint[]) order by code`,
  );
  return result.rows.map((row) => ({
    activityId: Number(row.activity_id),
    code: row.code,
    assetCode: row.asset_code,
    tickets: row.tickets,
    discount: BigInt(row.discount),
  }));
}

export interface WithdrawalRow {
  entryId: number;
  assetCode: string;
  amount: bigint;
  at: Date;
}

/** Creator earnings past their hold and not released yet, counted up to `limit`: a bounded query on the due index, for the backlog metric (docs/jobs.md). */
export async function countDueEarnings(db: Database, now: Date, limit: number): Promise<number> {
  const { rows } = await query<{ n: number }>(
    db,
    sql`select count(*)::int as n from (select 1 from creator_earnings where released_at is null and release_at <= ${now.toISOString()}::timestamptz limit ${limit}) due`,
  );
  return Number(rows[0]?.n ?? 0);
}

/** One payee's earnings in one activity, asset and role. */
export interface PartRow {
  activityId: number;
  asset: string;
  role: SplitRole;
  frozen: bigint;
  released: bigint;
}

/** A payee's creator earnings in these activities, per asset and role (one statement). */
export async function partsIn(db: Database, userId: number, activityIds: number[]): Promise<PartRow[]> {
  if (activityIds.length === 0) return [];
  const result = await query<{
    activity_id: string;
    asset_code: string;
    role: SplitRole;
    frozen: string;
    released: string;
  }>(
    db,
    sql`
    select activity_id, asset_code, role,
           coalesce(sum(amount) filter (where released_at is null), 0)::text as frozen,
           coalesce(sum(amount) filter (where released_at is not null), 0)::text as released
    from creator_earnings
    where organizer_id = ${userId} and activity_id in (${sql.join(
      activityIds.map((id) => sql`${id}`),
      sql`, `,
    )})
    group by activity_id, asset_code, role order by asset_code, role`,
  );
  return result.rows.map((row) => ({
    activityId: Number(row.activity_id),
    asset: row.asset_code,
    role: row.role,
    frozen: BigInt(row.frozen),
    released: BigInt(row.released),
  }));
}

/** The activities a payee has creator earnings from (any role), for the activity's distribution screen. */
export async function activitiesEarnedFrom(db: Database, userId: number): Promise<number[]> {
  const { rows } = await query<{ activity_id: string }>(
    db,
    sql`select distinct activity_id from creator_earnings where organizer_id = ${userId}`,
  );
  return rows.map((row) => Number(row.activity_id));
}
