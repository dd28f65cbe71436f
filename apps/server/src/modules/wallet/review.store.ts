import { and, asc, eq } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client.ts';
import { publicUsers, withdrawals } from '../../db/schema/index.ts';

/** The SQL of the review of large withdrawals (review.service.ts). */

export function withdrawalsUnderReview(db: Database) {
  return db
    .select({
      id: withdrawals.id,
      uid: publicUsers.uid,
      asset: withdrawals.assetCode,
      amount: withdrawals.amount,
      fee: withdrawals.fee,
      valueCents: withdrawals.valueCents,
      chainId: withdrawals.chainId,
      address: withdrawals.address,
      createdAt: withdrawals.createdAt,
    })
    .from(withdrawals)
    .innerJoin(publicUsers, eq(publicUsers.id, withdrawals.userId))
    .where(eq(withdrawals.status, 'review'))
    .orderBy(asc(withdrawals.id));
}

/** An approved withdrawal goes to the chain's queue; only while it is still under review. */
export async function approveWithdrawal(tx: Tx, id: number, at: Date, note: string | null): Promise<boolean> {
  const rows = await tx
    .update(withdrawals)
    .set({ status: 'processing', reviewedAt: at, reviewNote: note })
    .where(and(eq(withdrawals.id, id), eq(withdrawals.status, 'review')))
    .returning({ id: withdrawals.id });
  return rows.length > 0;
}

export async function noteReview(tx: Tx, id: number, at: Date, note: string | null): Promise<void> {
  await tx.update(withdrawals).set({ reviewedAt: at, reviewNote: note }).where(eq(withdrawals.id, id));
}
