import { eq, sql } from 'drizzle-orm';
import { type Database, query, type Tx } from '../../db/client.ts';
import { creatorEarnings } from '../../db/schema/index.ts';

/** The master module's SQL: creator earnings, the sub-ledger of the `creator_earnings` system account. */

export type CreatorEarningRow = typeof creatorEarnings.$inferSelect;

export async function insertEarning(
  tx: Tx,
  values: {
    organizerId: number;
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

/** The next earning whose hold has passed, locked; one another process holds is skipped, not waited for. */
export async function claimDueEarning(tx: Tx, now: Date): Promise<DueEarning | undefined> {
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
