import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client.ts';
import { addressBookConfirmations, withdrawalAddresses, withdrawalAllowlists } from '../../db/schema/index.ts';

/** The SQL of the withdrawal address book, its allowlist and their mailed confirmations (address-book.service.ts). */

export type SavedAddressRow = typeof withdrawalAddresses.$inferSelect;
export type ConfirmationRow = typeof addressBookConfirmations.$inferSelect;

export function liveAddresses(db: Database | Tx, userId: number): Promise<SavedAddressRow[]> {
  return db
    .select()
    .from(withdrawalAddresses)
    .where(and(eq(withdrawalAddresses.userId, userId), isNull(withdrawalAddresses.cancelledAt)))
    .orderBy(asc(withdrawalAddresses.id));
}

/** Locks the user's allowlist row (creating it off) so adds and switches of one user run one at a time. */
export async function lockAllowlist(tx: Tx, userId: number, now: Date): Promise<boolean> {
  await tx.insert(withdrawalAllowlists).values({ userId, enabled: false, updatedAt: now }).onConflictDoNothing();
  const [row] = await tx
    .select({ enabled: withdrawalAllowlists.enabled })
    .from(withdrawalAllowlists)
    .where(eq(withdrawalAllowlists.userId, userId))
    .for('update');
  return row?.enabled ?? false;
}

export async function allowlistOn(db: Database | Tx, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ enabled: withdrawalAllowlists.enabled })
    .from(withdrawalAllowlists)
    .where(eq(withdrawalAllowlists.userId, userId));
  return row?.enabled ?? false;
}

export async function setAllowlist(tx: Tx, userId: number, enabled: boolean, now: Date): Promise<void> {
  await tx.update(withdrawalAllowlists).set({ enabled, updatedAt: now }).where(eq(withdrawalAllowlists.userId, userId));
}

/** Saves an address waiting for its confirmation; undefined when the same one is already saved. */
export async function insertAddress(
  tx: Tx,
  values: { userId: number; chainId: number; address: string; label: string; createdAt: Date },
): Promise<SavedAddressRow | undefined> {
  const [row] = await tx.insert(withdrawalAddresses).values(values).onConflictDoNothing().returning();
  return row;
}

export async function cancelAddress(tx: Tx, userId: number, id: number, now: Date): Promise<boolean> {
  const rows = await tx
    .update(withdrawalAddresses)
    .set({ cancelledAt: now })
    .where(
      and(
        eq(withdrawalAddresses.id, id),
        eq(withdrawalAddresses.userId, userId),
        isNull(withdrawalAddresses.cancelledAt),
      ),
    )
    .returning({ id: withdrawalAddresses.id });
  return rows.length > 0;
}

export async function confirmAddress(tx: Tx, id: number, confirmedAt: Date, usableAt: Date): Promise<boolean> {
  const rows = await tx
    .update(withdrawalAddresses)
    .set({ confirmedAt, usableAt })
    .where(and(eq(withdrawalAddresses.id, id), isNull(withdrawalAddresses.cancelledAt)))
    .returning({ id: withdrawalAddresses.id });
  return rows.length > 0;
}

export async function insertConfirmation(
  tx: Tx,
  values: {
    userId: number;
    action: 'add' | 'allowlistOff';
    addressId: number | null;
    tokenHash: string;
    createdAt: Date;
    expiresAt: Date;
  },
): Promise<void> {
  await tx.insert(addressBookConfirmations).values(values);
}

/** Uses up a live confirmation by its hash, once; undefined when unknown, used or expired. */
export async function useConfirmation(tx: Tx, tokenHash: string, now: Date): Promise<ConfirmationRow | undefined> {
  const [row] = await tx
    .update(addressBookConfirmations)
    .set({ usedAt: now })
    .where(
      and(
        eq(addressBookConfirmations.tokenHash, tokenHash),
        isNull(addressBookConfirmations.usedAt),
        gt(addressBookConfirmations.expiresAt, now),
      ),
    )
    .returning();
  return row;
}

/** Whether turning the allowlist off waits for its link now. */
export async function allowlistOffPending(db: Database | Tx, userId: number, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(addressBookConfirmations)
    .where(
      and(
        eq(addressBookConfirmations.userId, userId),
        eq(addressBookConfirmations.action, 'allowlistOff'),
        isNull(addressBookConfirmations.usedAt),
        gt(addressBookConfirmations.expiresAt, now),
      ),
    );
  return (row?.n ?? 0) > 0;
}
