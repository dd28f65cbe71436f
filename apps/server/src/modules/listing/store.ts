import { and, desc, eq, lt } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client.ts';
import { tokenListings } from '../../db/schema/index.ts';

export type ListingRow = typeof tokenListings.$inferSelect;

/** The application, unless this contract already has one pending or approved (the partial unique index). */
export async function insertListing(db: Database, values: typeof tokenListings.$inferInsert) {
  const [row] = await db.insert(tokenListings).values(values).onConflictDoNothing().returning();
  return row;
}

export async function listMine(db: Database, userId: number, page: { beforeId: number | null; limit: number }) {
  return db
    .select()
    .from(tokenListings)
    .where(
      and(eq(tokenListings.userId, userId), page.beforeId === null ? undefined : lt(tokenListings.id, page.beforeId)),
    )
    .orderBy(desc(tokenListings.id))
    .limit(page.limit);
}

export async function listPending(db: Database, limit: number) {
  return db
    .select()
    .from(tokenListings)
    .where(eq(tokenListings.status, 'pending'))
    .orderBy(tokenListings.id)
    .limit(limit);
}

export async function findListing(db: Database | Tx, id: number) {
  const [row] = await db.select().from(tokenListings).where(eq(tokenListings.id, id));
  return row;
}

/** Decide a pending application; nothing when it is no longer pending (decided already, by this or another call). */
export async function decide(
  tx: Tx,
  id: number,
  values: { status: 'approved' | 'rejected'; reviewNote: string | null; reviewedAt: Date },
) {
  const [row] = await tx
    .update(tokenListings)
    .set(values)
    .where(and(eq(tokenListings.id, id), eq(tokenListings.status, 'pending')))
    .returning();
  return row;
}
