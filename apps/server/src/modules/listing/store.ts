import { and, desc, eq, lt, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client.ts';
import { assetNetworks, assets, tokenListings } from '../../db/schema/index.ts';

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

/** A new asset at the end of the catalogue; nothing when the code is taken. */
export async function insertAsset(tx: Tx, values: { code: string; name: string; decimals: number }) {
  const [row] = await tx
    .insert(assets)
    .values({ ...values, sort: sql`(select coalesce(max(sort), 0) + 1 from assets)` })
    .onConflictDoNothing()
    .returning({ code: assets.code });
  return row;
}

export async function insertNetwork(tx: Tx, values: typeof assetNetworks.$inferInsert) {
  await tx.insert(assetNetworks).values(values);
}

export async function updateNetwork(
  db: Database,
  asset: string,
  chainId: number,
  values: Partial<typeof assetNetworks.$inferInsert>,
) {
  const [row] = await db
    .update(assetNetworks)
    .set(values)
    .where(and(eq(assetNetworks.assetCode, asset), eq(assetNetworks.chainId, chainId)))
    .returning();
  return row;
}
