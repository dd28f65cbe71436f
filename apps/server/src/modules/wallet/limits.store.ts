import { and, eq, sql } from 'drizzle-orm';
import { type Database, query, type Tx } from '../../db/client.ts';
import { withdrawalDailyUsage } from '../../db/schema/index.ts';

/** The SQL of the daily withdrawal limit (limits.ts): one row per user and UTC day. */

/**
 * Claims `cents` of the day's limit in one statement, in the withdrawal's transaction: the row is created or grown
 * only while the total stays within `limitCents`. Answers the new total, or null when the claim would pass the limit
 * (then nothing changed). Concurrent claims queue on the row and each sees the others' totals.
 */
export async function claimDailyUsage(
  tx: Tx,
  claim: { userId: number; day: string; cents: bigint; limitCents: bigint },
): Promise<bigint | null> {
  const { userId, day, cents, limitCents } = claim;
  const { rows } = await query<{ used_cents: string }>(
    tx,
    sql`
    insert into withdrawal_daily_usage (user_id, day, used_cents)
    select ${userId}, ${day}, ${cents}::bigint where ${cents}::bigint <= ${limitCents}::bigint
    on conflict (user_id, day) do update set used_cents = withdrawal_daily_usage.used_cents + excluded.used_cents
      where withdrawal_daily_usage.used_cents + excluded.used_cents <= ${limitCents}::bigint
    returning used_cents::text`,
  );
  return rows[0] ? BigInt(rows[0].used_cents) : null;
}

export async function usedOn(db: Database | Tx, userId: number, day: string): Promise<bigint> {
  const [row] = await db
    .select({ used: withdrawalDailyUsage.usedCents })
    .from(withdrawalDailyUsage)
    .where(and(eq(withdrawalDailyUsage.userId, userId), eq(withdrawalDailyUsage.day, day)));
  return row?.used ?? 0n;
}
