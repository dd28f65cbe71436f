import { and, eq, isNull, lte, or, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client.ts';
import { tradePasswords } from '../../db/schema/index.ts';

/** The security module's SQL: the transaction password row and the slots its tries claim. */

export type TradePasswordRow = typeof tradePasswords.$inferSelect;

export async function findTradePassword(db: Database, userId: number): Promise<TradePasswordRow | undefined> {
  const [row] = await db.select().from(tradePasswords).where(eq(tradePasswords.userId, userId));
  return row;
}

/** Sets a new hash; a change also clears failures, a lock and tries in flight. */
export async function saveTradePassword(tx: Tx, userId: number, hash: string, now: Date): Promise<void> {
  await tx
    .insert(tradePasswords)
    .values({ userId, hash, updatedAt: now })
    .onConflictDoUpdate({
      target: tradePasswords.userId,
      set: { hash, failedTries: 0, lockedUntil: null, checking: 0, checkingSince: null, updatedAt: now },
    });
}

export async function clearFailures(db: Database, userId: number): Promise<void> {
  await db.update(tradePasswords).set({ failedTries: 0 }).where(eq(tradePasswords.userId, userId));
}

/**
 * One conditional update claims a slot: failures recorded plus tries being checked must stay under `maxTries`.
 * A lock that has run out is cleared with its failures, and a claim older than `staleBefore` (its request died)
 * no longer holds its slot. Answers the stored hash when a slot was claimed.
 */
export async function claimCheckSlot(
  db: Database,
  userId: number,
  options: { now: Date; staleBefore: Date; maxTries: number },
): Promise<{ hash: string } | undefined> {
  const { now } = options;
  const nowSql = sql`${now.toISOString()}::timestamptz`;
  const lockOver = sql`(${tradePasswords.lockedUntil} is not null and ${tradePasswords.lockedUntil} <= ${nowSql})`;
  const checkingStale = sql`(${tradePasswords.checkingSince} is null
    or ${tradePasswords.checkingSince} <= ${options.staleBefore.toISOString()}::timestamptz)`;
  const [claimed] = await db
    .update(tradePasswords)
    .set({
      checking: sql`case when ${checkingStale} then 1 else ${tradePasswords.checking} + 1 end`,
      checkingSince: now,
      failedTries: sql`case when ${lockOver} then 0 else ${tradePasswords.failedTries} end`,
      lockedUntil: sql`case when ${lockOver} then null else ${tradePasswords.lockedUntil} end`,
    })
    .where(
      and(
        eq(tradePasswords.userId, userId),
        or(isNull(tradePasswords.lockedUntil), lte(tradePasswords.lockedUntil, now)),
        sql`(case when ${checkingStale} then 0 else ${tradePasswords.checking} end)
          + (case when ${lockOver} then 0 else ${tradePasswords.failedTries} end) < ${options.maxTries}`,
      ),
    )
    .returning({ hash: tradePasswords.hash });
  return claimed;
}

const releasedSlot = sql`greatest(${tradePasswords.checking} - 1, 0)`;

/** A right password gives its slot back and clears the failures. */
export async function releaseSlotRight(db: Database, userId: number): Promise<void> {
  await db
    .update(tradePasswords)
    .set({ checking: releasedSlot, failedTries: 0 })
    .where(eq(tradePasswords.userId, userId));
}

/**
 * A wrong one gives its slot back as a failure; the failure that reaches `maxTries` locks until `lockUntil`.
 * Answers the failures now recorded.
 */
export async function releaseSlotWrong(
  db: Database,
  userId: number,
  options: { lockUntil: Date; maxTries: number },
): Promise<number | undefined> {
  const [counted] = await db
    .update(tradePasswords)
    .set({
      checking: releasedSlot,
      failedTries: sql`${tradePasswords.failedTries} + 1`,
      lockedUntil: sql`case when ${tradePasswords.failedTries} + 1 >= ${options.maxTries}
        then ${options.lockUntil.toISOString()}::timestamptz else ${tradePasswords.lockedUntil} end`,
    })
    .where(eq(tradePasswords.userId, userId))
    .returning({ tries: tradePasswords.failedTries });
  return counted?.tries;
}
