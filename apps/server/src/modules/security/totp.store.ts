import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client.ts';
import { totpFactors, totpRecoveryCodes } from '../../db/schema/index.ts';

/** The SQL of Google Authenticator: the factor row, its last accepted time step and the recovery codes. */

export type TotpFactorRow = typeof totpFactors.$inferSelect;

export async function findTotpFactor(db: Database | Tx, userId: number): Promise<TotpFactorRow | undefined> {
  const [row] = await db.select().from(totpFactors).where(eq(totpFactors.userId, userId));
  return row;
}

/** A new pending secret replaces an earlier pending one; an enabled factor is never overwritten here. */
export async function savePendingTotp(db: Database, userId: number, secretSealed: string, now: Date) {
  const rows = await db
    .insert(totpFactors)
    .values({ userId, secretSealed, createdAt: now })
    .onConflictDoUpdate({
      target: totpFactors.userId,
      set: { secretSealed, createdAt: now, lastTimeStep: null },
      setWhere: isNull(totpFactors.enabledAt),
    })
    .returning({ userId: totpFactors.userId });
  return rows.length > 0;
}

/**
 * Records `timeStep` as used, only if it is later than the last one accepted: one conditional update, so two
 * requests carrying the same code cannot both pass. Answers whether this request won.
 */
export async function claimTimeStep(db: Database | Tx, userId: number, timeStep: number): Promise<boolean> {
  const rows = await db
    .update(totpFactors)
    .set({ lastTimeStep: timeStep })
    .where(
      and(eq(totpFactors.userId, userId), or(isNull(totpFactors.lastTimeStep), lt(totpFactors.lastTimeStep, timeStep))),
    )
    .returning({ userId: totpFactors.userId });
  return rows.length > 0;
}

export async function enableTotp(tx: Tx, userId: number, now: Date, recoveryHashes: string[]): Promise<boolean> {
  const rows = await tx
    .update(totpFactors)
    .set({ enabledAt: now })
    .where(and(eq(totpFactors.userId, userId), isNull(totpFactors.enabledAt)))
    .returning({ userId: totpFactors.userId });
  if (rows.length === 0) return false;
  await tx.delete(totpRecoveryCodes).where(eq(totpRecoveryCodes.userId, userId));
  await tx.insert(totpRecoveryCodes).values(recoveryHashes.map((codeHash) => ({ userId, codeHash })));
  return true;
}

export async function deleteTotp(db: Database | Tx, userId: number): Promise<void> {
  await db.delete(totpRecoveryCodes).where(eq(totpRecoveryCodes.userId, userId));
  await db.delete(totpFactors).where(eq(totpFactors.userId, userId));
}

/** Uses up a recovery code in one conditional update; answers whether it was there and unused. */
/**
 * Gives back a time step this request claimed, when the operation it guarded was refused: only if it is still the
 * last one (a later code may have been accepted since), and by moving back one step, so no earlier code opens.
 */
export async function releaseTimeStep(db: Database, userId: number, timeStep: number): Promise<void> {
  await db
    .update(totpFactors)
    .set({ lastTimeStep: timeStep - 1 })
    .where(and(eq(totpFactors.userId, userId), eq(totpFactors.lastTimeStep, timeStep)));
}

/** Gives back a recovery code used by a refused operation: only the use this request made (same id and time). */
export async function releaseRecoveryCode(db: Database, id: number, usedAt: Date): Promise<void> {
  await db
    .update(totpRecoveryCodes)
    .set({ usedAt: null })
    .where(and(eq(totpRecoveryCodes.id, id), eq(totpRecoveryCodes.usedAt, usedAt)));
}

export async function useRecoveryCode(db: Database | Tx, userId: number, codeHash: string, now: Date) {
  const rows = await db
    .update(totpRecoveryCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(totpRecoveryCodes.userId, userId),
        eq(totpRecoveryCodes.codeHash, codeHash),
        isNull(totpRecoveryCodes.usedAt),
      ),
    )
    .returning({ id: totpRecoveryCodes.id });
  return rows[0]?.id ?? null;
}

export async function recoveryCodesLeft(db: Database, userId: number): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(totpRecoveryCodes)
    .where(and(eq(totpRecoveryCodes.userId, userId), isNull(totpRecoveryCodes.usedAt)));
  return Number(row?.count ?? 0);
}
