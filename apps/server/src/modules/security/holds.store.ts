import type { SecurityHoldReason } from '@polaris/contract';
import { and, asc, desc, eq, gt, isNull, or } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client.ts';
import { publicUsers, securityHolds } from '../../db/schema/index.ts';

/** The SQL of holds on money leaving an account, and of the owner's freeze (holds.service.ts). */

export type SecurityHoldRow = typeof securityHolds.$inferSelect;

export async function insertHold(
  tx: Tx,
  values: { userId: number; reason: SecurityHoldReason; since: Date; until: Date | null },
): Promise<void> {
  // A second freeze while one is on adds nothing (the partial unique index keeps one).
  await tx.insert(securityHolds).values(values).onConflictDoNothing();
}

/** Holds in force at `now`: a freeze not lifted, or a hold not yet over; the longest first. */
export async function activeHolds(db: Database | Tx, userId: number, now: Date): Promise<SecurityHoldRow[]> {
  return db
    .select()
    .from(securityHolds)
    .where(
      and(
        eq(securityHolds.userId, userId),
        isNull(securityHolds.liftedAt),
        or(isNull(securityHolds.until), gt(securityHolds.until, now)),
      ),
    )
    .orderBy(desc(securityHolds.until), desc(securityHolds.id));
}

/** Lifts the account's freeze; answers whether there was one. */
export async function liftFreeze(tx: Tx, userId: number, at: Date, note: string): Promise<boolean> {
  const rows = await tx
    .update(securityHolds)
    .set({ liftedAt: at, liftedNote: note })
    .where(and(eq(securityHolds.userId, userId), eq(securityHolds.reason, 'frozen'), isNull(securityHolds.liftedAt)))
    .returning({ id: securityHolds.id });
  return rows.length > 0;
}

/** Accounts frozen now, oldest first, with their public number. */
export async function frozenAccounts(db: Database): Promise<{ uid: number; since: Date }[]> {
  return db
    .select({ uid: publicUsers.uid, since: securityHolds.since })
    .from(securityHolds)
    .innerJoin(publicUsers, eq(publicUsers.id, securityHolds.userId))
    .where(and(eq(securityHolds.reason, 'frozen'), isNull(securityHolds.liftedAt)))
    .orderBy(asc(securityHolds.since));
}

export async function userIdByUid(db: Database | Tx, uid: number): Promise<number | undefined> {
  const [row] = await db.select({ id: publicUsers.id }).from(publicUsers).where(eq(publicUsers.uid, uid));
  return row?.id;
}
