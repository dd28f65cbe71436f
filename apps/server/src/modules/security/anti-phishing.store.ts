import { eq } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client.ts';
import { antiPhishingCodes } from '../../db/schema/index.ts';

/** The SQL of the anti-phishing code: one row per account that set one. */

export type AntiPhishingRow = typeof antiPhishingCodes.$inferSelect;

export async function findAntiPhishingCode(db: Database | Tx, userId: number): Promise<AntiPhishingRow | undefined> {
  const [row] = await db.select().from(antiPhishingCodes).where(eq(antiPhishingCodes.userId, userId));
  return row;
}

export async function saveAntiPhishingCode(tx: Tx, userId: number, code: string, now: Date): Promise<void> {
  await tx
    .insert(antiPhishingCodes)
    .values({ userId, code, updatedAt: now })
    .onConflictDoUpdate({ target: antiPhishingCodes.userId, set: { code, updatedAt: now } });
}

export async function deleteAntiPhishingCode(tx: Tx, userId: number): Promise<void> {
  await tx.delete(antiPhishingCodes).where(eq(antiPhishingCodes.userId, userId));
}
