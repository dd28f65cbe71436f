import { and, asc, desc, eq, gt, inArray, lt, lte, ne, sql } from 'drizzle-orm';
import { pgArray } from '../../db/arrays.ts';
import { type Database, query, type Tx } from '../../db/client.ts';
import {
  activityAttendance,
  airdropPayouts,
  airdropSignups,
  airdrops,
  publicActivities,
  publicAssets,
} from '../../db/schema/index.ts';

export type AirdropRow = typeof airdrops.$inferSelect;
export type AirdropListRow = AirdropRow & {
  decimals: number;
  holdsDecimals: number | null;
  activityCode: string | null;
  activityTitle: string | null;
};
type Db = Database | Tx;

const holdsAssets = sql`(select decimals from public_assets h where h.code = ${airdrops.holdsAsset})`;
const listColumns = {
  airdrop: airdrops,
  decimals: publicAssets.decimals,
  holdsDecimals: sql<number | null>`${holdsAssets}`,
  activityCode: publicActivities.code,
  activityTitle: publicActivities.title,
};

function flatten(
  rows: {
    airdrop: AirdropRow;
    decimals: number;
    holdsDecimals: number | null;
    activityCode: string | null;
    activityTitle: string | null;
  }[],
): AirdropListRow[] {
  return rows.map(({ airdrop, ...rest }) => ({
    ...airdrop,
    ...rest,
    holdsDecimals: rest.holdsDecimals === null ? null : Number(rest.holdsDecimals),
  }));
}

/** A page of airdrops, newest first: `current` are those not yet distributed, `past` those distributed. */
export async function listAirdrops(
  db: Database,
  page: { past: boolean; beforeId: number | null; limit: number },
): Promise<AirdropListRow[]> {
  const rows = await db
    .select(listColumns)
    .from(airdrops)
    .innerJoin(publicAssets, eq(publicAssets.code, airdrops.assetCode))
    .leftJoin(publicActivities, eq(publicActivities.id, airdrops.attendedActivityId))
    .where(
      and(
        page.past ? eq(airdrops.status, 'distributed') : ne(airdrops.status, 'distributed'),
        page.beforeId === null ? undefined : lt(airdrops.id, page.beforeId),
      ),
    )
    .orderBy(desc(airdrops.id))
    .limit(page.limit);
  return flatten(rows);
}

export async function findAirdrop(db: Db, id: number): Promise<AirdropListRow | undefined> {
  const rows = await db
    .select(listColumns)
    .from(airdrops)
    .innerJoin(publicAssets, eq(publicAssets.code, airdrops.assetCode))
    .leftJoin(publicActivities, eq(publicActivities.id, airdrops.attendedActivityId))
    .where(eq(airdrops.id, id));
  return flatten(rows)[0];
}

/** The viewer's sign-ups and payouts among these airdrops, in one query. */
export async function mineAmong(
  db: Database,
  userId: number,
  airdropIds: number[],
): Promise<Map<number, { signedUpAt: Date; paid: string | null }>> {
  if (airdropIds.length === 0) return new Map();
  const rows = await db
    .select({ airdropId: airdropSignups.airdropId, signedUpAt: airdropSignups.createdAt, paid: airdropPayouts.amount })
    .from(airdropSignups)
    .leftJoin(
      airdropPayouts,
      and(eq(airdropPayouts.airdropId, airdropSignups.airdropId), eq(airdropPayouts.userId, airdropSignups.userId)),
    )
    .where(and(eq(airdropSignups.userId, userId), inArray(airdropSignups.airdropId, airdropIds)));
  return new Map(rows.map((row) => [row.airdropId, { signedUpAt: row.signedUpAt, paid: row.paid }]));
}

export async function insertAirdrop(tx: Tx, values: typeof airdrops.$inferInsert): Promise<AirdropRow> {
  const [row] = await tx.insert(airdrops).values(values).returning();
  return row!;
}

/** The claim of one sign-up: nothing when the user already has one. */
export async function insertSignup(tx: Tx, airdropId: number, userId: number, now: Date) {
  const [row] = await tx
    .insert(airdropSignups)
    .values({ airdropId, userId, createdAt: now })
    .onConflictDoNothing()
    .returning();
  return row;
}

/** Take one place while the window is open and places remain: the airdrop row decides, one sign-up at a time. */
export async function takePlace(tx: Tx, airdropId: number, now: Date): Promise<number | null> {
  const [row] = await tx
    .update(airdrops)
    .set({ signupCount: sql`${airdrops.signupCount} + 1` })
    .where(
      and(
        eq(airdrops.id, airdropId),
        eq(airdrops.status, 'open'),
        lte(airdrops.signupStartsAt, now),
        gt(airdrops.signupEndsAt, now),
        sql`(${airdrops.maxParticipants} is null or ${airdrops.signupCount} < ${airdrops.maxParticipants})`,
      ),
    )
    .returning({ signupCount: airdrops.signupCount });
  return row ? row.signupCount : null;
}

/**
 * Start the distribution of airdrops that are due: open → distributing, fixing each one's share from the
 * sign-ups as they stand (a sign-up holds the same row lock, so none can slip in after). Answers their ids.
 */
export async function startDue(db: Database, now: Date, limit: number): Promise<number[]> {
  const { rows } = await query<{ id: string }>(
    db,
    sql`update airdrops set status = 'distributing',
          share = case when mode = 'fixed' then per_person else div(pool, greatest(signup_count, 1)) end
        where id in (select id from airdrops where status = 'open' and distribute_at <= ${now.toISOString()}::timestamptz
                     order by distribute_at limit ${limit} for update skip locked)
        returning id`,
  );
  return rows.map((row) => Number(row.id));
}

/** One airdrop being distributed that no other worker holds now, locked for this transaction. */
export async function lockDistributing(tx: Tx): Promise<AirdropRow | undefined> {
  const [row] = await tx
    .select()
    .from(airdrops)
    .where(eq(airdrops.status, 'distributing'))
    .orderBy(asc(airdrops.id))
    .limit(1)
    .for('update', { skipLocked: true });
  return row;
}

/**
 * Claim the next unpaid sign-ups of an airdrop as payouts of `amount` each: the rows inserted are the ones this
 * transaction pays (the primary key refuses a second payout to anyone).
 */
export async function claimPayouts(
  tx: Tx,
  airdropId: number,
  amount: bigint,
  now: Date,
  limit: number,
): Promise<{ userId: number }[]> {
  const { rows } = await query<{ user_id: string }>(
    tx,
    sql`insert into airdrop_payouts (airdrop_id, user_id, amount, paid_at)
        select s.airdrop_id, s.user_id, ${amount.toString()}::numeric, ${now.toISOString()}::timestamptz
        from airdrop_signups s join public_users u on u.id = s.user_id and u.deleted_at is null
        where s.airdrop_id = ${airdropId}
          and not exists (select 1 from airdrop_payouts p where p.airdrop_id = s.airdrop_id and p.user_id = s.user_id)
        order by s.id limit ${limit}
        on conflict do nothing
        returning user_id`,
  );
  return rows.map((row) => ({ userId: Number(row.user_id) }));
}

export async function setPayoutEntries(tx: Tx, airdropId: number, userIds: number[], entryIds: number[]) {
  if (userIds.length === 0) return;
  await query(
    tx,
    sql`update airdrop_payouts p set entry_id = w.entry
        from unnest(${pgArray(userIds)}::bigint[], ${pgArray(entryIds)}::bigint[]) as w(u, entry)
        where p.airdrop_id = ${airdropId} and p.user_id = w.u`,
  );
}

export async function addPaid(tx: Tx, airdropId: number, amount: bigint) {
  await tx
    .update(airdrops)
    .set({ paid: sql`${airdrops.paid} + ${amount.toString()}::numeric` })
    .where(eq(airdrops.id, airdropId));
}

export async function finish(tx: Tx, airdropId: number, returned: bigint, now: Date) {
  await tx
    .update(airdrops)
    .set({ status: 'distributed', returned: returned.toString(), distributedAt: now })
    .where(and(eq(airdrops.id, airdropId), eq(airdrops.status, 'distributing')));
}

/** Whether the user was checked in at the activity with an approved ticket. */
export async function attended(db: Database, activityId: number, userId: number): Promise<boolean> {
  const rows = await db
    .select({ one: sql`1` })
    .from(activityAttendance)
    .where(
      and(
        eq(activityAttendance.activityId, activityId),
        eq(activityAttendance.userId, userId),
        eq(activityAttendance.status, 'approved'),
        eq(activityAttendance.checkedIn, true),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/** Per asset, what the airdrops still hold (funded less paid and returned): the pool account must equal it. */
export async function earmarked(db: Database): Promise<Map<string, bigint>> {
  const { rows } = await query<{ asset_code: string; held: string }>(
    db,
    sql`select asset_code, sum(pool - paid - returned)::text as held from airdrops group by asset_code`,
  );
  return new Map(rows.map((row) => [row.asset_code, BigInt(row.held)]));
}

/** Airdrops due to start their distribution or in the middle of it, counted up to `limit`: a bounded query on the due index, for the backlog metric (docs/jobs.md). */
export async function countDueAirdrops(db: Database, now: Date, limit: number): Promise<number> {
  const { rows } = await query<{ n: number }>(
    db,
    sql`select count(*)::int as n from (select 1 from airdrops where status <> 'distributed' and (status = 'distributing' or (status = 'open' and distribute_at <= ${now.toISOString()}::timestamptz)) limit ${limit}) due`,
  );
  return Number(rows[0]?.n ?? 0);
}

/** What airdrop money moved for (wallet/ports.ts `EntryPurpose`): the project, by airdrop id. */
export async function airdropPurposes(tx: Tx, ids: number[]) {
  const rows = await tx
    .select({ id: airdrops.id, project: airdrops.project })
    .from(airdrops)
    .where(inArray(airdrops.id, ids));
  return new Map(rows.map((row) => [row.id, { type: 'airdrop' as const, id: String(row.id), title: row.project }]));
}

/** Airdrops the person funds that are not distributed yet (what nobody takes goes back to them). */
export async function undistributedFundedBy(db: Database | Tx, userId: number): Promise<number> {
  const { rows } = await query<{ n: number }>(
    db,
    sql`select count(*)::int as n from airdrops where funder_user_id = ${userId} and status <> 'distributed'`,
  );
  return Number(rows[0]?.n ?? 0);
}
