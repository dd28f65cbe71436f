import { and, asc, desc, eq, lt, lte, sql } from 'drizzle-orm';
import { type Database, query, type Tx } from '../../db/client.ts';
import { publicAssets, vipMemberships, vipOrders, vipTiers } from '../../db/schema/index.ts';

export type MembershipRow = typeof vipMemberships.$inferSelect;
export type OrderRow = typeof vipOrders.$inferSelect;
export type TierRow = typeof vipTiers.$inferSelect & { decimals: number };

const tierColumns = {
  code: vipTiers.code,
  rank: vipTiers.rank,
  assetCode: vipTiers.assetCode,
  priceMonth: vipTiers.priceMonth,
  priceYear: vipTiers.priceYear,
  decimals: publicAssets.decimals,
};

export async function listTiers(db: Database | Tx): Promise<TierRow[]> {
  return db
    .select(tierColumns)
    .from(vipTiers)
    .innerJoin(publicAssets, eq(publicAssets.code, vipTiers.assetCode))
    .orderBy(asc(vipTiers.rank));
}

export async function findMembership(db: Database | Tx, userId: number): Promise<MembershipRow | undefined> {
  const [row] = await db.select().from(vipMemberships).where(eq(vipMemberships.userId, userId));
  return row;
}

/** The user's membership, locked until the transaction ends: every purchase decides on it one at a time. */
export async function lockMembership(tx: Tx, userId: number): Promise<MembershipRow | undefined> {
  const [row] = await tx.select().from(vipMemberships).where(eq(vipMemberships.userId, userId)).for('update');
  return row;
}

/** A first membership; nothing (undefined) when another request created the user's row first. */
export async function insertMembership(
  tx: Tx,
  values: typeof vipMemberships.$inferInsert,
): Promise<MembershipRow | undefined> {
  const [row] = await tx.insert(vipMemberships).values(values).onConflictDoNothing().returning();
  return row;
}

export async function updateMembership(
  tx: Tx,
  userId: number,
  values: Pick<MembershipRow, 'tierCode' | 'status' | 'startsAt' | 'endsAt' | 'updatedAt'>,
): Promise<MembershipRow> {
  const [row] = await tx.update(vipMemberships).set(values).where(eq(vipMemberships.userId, userId)).returning();
  return row!;
}

export async function insertOrder(tx: Tx, values: typeof vipOrders.$inferInsert): Promise<OrderRow> {
  const [row] = await tx.insert(vipOrders).values(values).returning();
  return row!;
}

export async function listOrders(
  db: Database,
  userId: number,
  page: { beforeId: number | null; limit: number },
): Promise<(OrderRow & { decimals: number })[]> {
  const rows = await db
    .select({ order: vipOrders, decimals: publicAssets.decimals })
    .from(vipOrders)
    .innerJoin(publicAssets, eq(publicAssets.code, vipOrders.assetCode))
    .where(and(eq(vipOrders.userId, userId), page.beforeId === null ? undefined : lt(vipOrders.id, page.beforeId)))
    .orderBy(desc(vipOrders.id))
    .limit(page.limit);
  return rows.map((row) => ({ ...row.order, decimals: row.decimals }));
}

/** Active memberships past their end, locked; those another worker holds are skipped. */
export async function lockDueMemberships(tx: Tx, now: Date, limit: number): Promise<MembershipRow[]> {
  return tx
    .select()
    .from(vipMemberships)
    .where(and(eq(vipMemberships.status, 'active'), lte(vipMemberships.endsAt, now)))
    .orderBy(asc(vipMemberships.endsAt))
    .limit(limit)
    .for('update', { skipLocked: true });
}

export async function markExpired(tx: Tx, userIds: number[], now: Date): Promise<void> {
  if (userIds.length === 0) return;
  await tx
    .update(vipMemberships)
    .set({ status: 'expired', updatedAt: now })
    .where(and(sql`${vipMemberships.userId} in ${userIds}`, eq(vipMemberships.status, 'active')));
}

/** Memberships past their end still marked active, counted up to `limit`: a bounded query on the due index, for the backlog metric (docs/jobs.md). */
export async function countDueMemberships(db: Database, now: Date, limit: number): Promise<number> {
  const { rows } = await query<{ n: number }>(
    db,
    sql`select count(*)::int as n from (select 1 from vip_memberships where status = 'active' and ends_at <= ${now.toISOString()}::timestamptz limit ${limit}) due`,
  );
  return Number(rows[0]?.n ?? 0);
}

/**
 * Running memberships ending in (now, until] whose member has not been told yet: no notice
 * `membershipExpiring:<user>:<end in ms>` (events.ts `expiringKey`). That notice's unique (user, key) row is the
 * marker: read here on its unique index, written only by the notifications module, once. Deleted accounts are
 * left out (they are never told, so they would be selected on every run).
 */
export async function dueExpiryNotices(
  db: Database,
  now: Date,
  until: Date,
  limit: number,
): Promise<{ userId: number; tierCode: string; endsAt: Date }[]> {
  const { rows } = await query<{ user_id: string; tier_code: string; ends_at: string | Date }>(
    db,
    sql`select m.user_id, m.tier_code, m.ends_at from vip_memberships m
        join public_users u on u.id = m.user_id and u.deleted_at is null
        where m.status = 'active' and m.ends_at > ${now.toISOString()}::timestamptz
          and m.ends_at <= ${until.toISOString()}::timestamptz
          and not exists (select 1 from notice_markers n where n.user_id = m.user_id
            and n.key = 'membershipExpiring:' || m.user_id || ':' || floor(extract(epoch from m.ends_at) * 1000)::bigint)
        order by m.ends_at, m.user_id
        limit ${limit}`,
  );
  return rows.map((row) => ({
    userId: Number(row.user_id),
    tierCode: row.tier_code,
    endsAt: row.ends_at instanceof Date ? row.ends_at : new Date(row.ends_at),
  }));
}
