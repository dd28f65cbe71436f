import { and, desc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client.ts';
import { activityDeposits, depositHolds, registrations } from '../../db/schema/index.ts';

/**
 * The SQL of the no-show deposit: an activity's terms and each place's deposit. A deposit's state changes only by
 * a conditional update from the states it may leave (`moveHolds`), so whoever gets the row back moves the money.
 */

export type DepositTermsRow = typeof activityDeposits.$inferSelect;
export type DepositHoldRow = typeof depositHolds.$inferSelect;
type HoldState = 'frozen' | 'kept' | 'returned' | 'forfeited';

export async function depositTerms(db: Database | Tx, activityId: number): Promise<DepositTermsRow | undefined> {
  const [row] = await db.select().from(activityDeposits).where(eq(activityDeposits.activityId, activityId));
  return row;
}

export async function saveDepositTerms(tx: Tx, values: DepositTermsRow): Promise<void> {
  const { activityId: _, ...changes } = values;
  await tx
    .insert(activityDeposits)
    .values(values)
    .onConflictDoUpdate({ target: activityDeposits.activityId, set: changes });
}

export async function dropDepositTerms(tx: Tx, activityId: number): Promise<void> {
  await tx.delete(activityDeposits).where(eq(activityDeposits.activityId, activityId));
}

/** Whether anyone ever signed up (whatever became of the place): the terms are fixed from then on. */
export async function anySignUp(tx: Tx, activityId: number): Promise<boolean> {
  const [row] = await tx
    .select({ id: registrations.id })
    .from(registrations)
    .where(eq(registrations.activityId, activityId))
    .limit(1);
  return row !== undefined;
}

export async function insertHold(tx: Tx, values: typeof depositHolds.$inferInsert): Promise<DepositHoldRow> {
  const [row] = await tx.insert(depositHolds).values(values).returning();
  return row!;
}

/** Moves the deposits of these places (or all of the activity's) that are in one of `from` to `to`; answers those moved. */
export function moveHolds(
  tx: Tx,
  where: { registrationIds: number[] } | { activityId: number },
  from: HoldState[],
  to: HoldState,
  outcome: string,
  now: Date,
): Promise<DepositHoldRow[]> {
  const which =
    'activityId' in where
      ? eq(depositHolds.activityId, where.activityId)
      : inArray(depositHolds.registrationId, where.registrationIds);
  if ('registrationIds' in where && where.registrationIds.length === 0) return Promise.resolve([]);
  return tx
    .update(depositHolds)
    .set({ state: to, outcome, updatedAt: now })
    .where(and(which, inArray(depositHolds.state, from)))
    .returning();
}

/** The activity's deposits still held (frozen or kept), each with its place's status and check-in, by place. */
export function heldDeposits(tx: Tx, activityId: number) {
  return tx
    .select({
      registrationId: depositHolds.registrationId,
      state: depositHolds.state,
      status: registrations.status,
      checkedInAt: registrations.checkedInAt,
    })
    .from(depositHolds)
    .innerJoin(registrations, eq(registrations.id, depositHolds.registrationId))
    .where(and(eq(depositHolds.activityId, activityId), inArray(depositHolds.state, ['frozen', 'kept'])))
    .orderBy(depositHolds.registrationId);
}

/** Who came: the holders of the activity's checked-in places, in place order. */
export async function attendeesOf(tx: Tx, activityId: number): Promise<number[]> {
  const rows = await tx
    .select({ userId: registrations.userId })
    .from(registrations)
    .where(
      and(
        eq(registrations.activityId, activityId),
        eq(registrations.status, 'approved'),
        isNotNull(registrations.checkedInAt),
      ),
    )
    .orderBy(registrations.id);
  return [...new Set(rows.map((row) => row.userId))];
}

/** The user's newest deposit at the activity. */
export async function depositOf(db: Database, activityId: number, userId: number): Promise<DepositHoldRow | undefined> {
  const [row] = await db
    .select()
    .from(depositHolds)
    .where(and(eq(depositHolds.activityId, activityId), eq(depositHolds.userId, userId)))
    .orderBy(desc(depositHolds.registrationId))
    .limit(1);
  return row;
}
