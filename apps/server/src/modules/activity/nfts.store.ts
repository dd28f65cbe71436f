import { and, desc, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client.ts';
import { activities, attendanceNfts, publicUsers } from '../../db/schema/index.ts';
import type { ActivityRow } from './activities.store.ts';

/** The SQL of attendance NFTs: minted at check-in, burned when it is undone. */

export type NftRow = typeof attendanceNfts.$inferSelect;

/** A token with its activity and its holder's uid. */
export interface NftWithActivity {
  nft: NftRow;
  activity: ActivityRow;
  uid: number;
}

/** The token a check-in mints; on a chain (CHAIN_NFT) it also carries its public id, chain token id and state. */
export async function mintNft(
  tx: Tx,
  values: { activityId: number; registrationId: number; ownerId: number; mintedAt: Date } & Partial<
    Pick<NftRow, 'publicId' | 'chainState' | 'chainId' | 'chainTokenId' | 'ownerAddress'>
  >,
): Promise<NftRow> {
  const [nft] = await tx.insert(attendanceNfts).values(values).returning();
  return nft!;
}

/**
 * Burns the registration's live token. On a chain, one still queued is simply dequeued and a minted one queued for
 * its burn; one being minted stays so, and its settlement queues the burn (nft-chain.store.ts).
 */
export async function burnNft(tx: Tx, registrationId: number, now: Date): Promise<void> {
  await tx
    .update(attendanceNfts)
    .set({
      burnedAt: now,
      chainState: sql`case ${attendanceNfts.chainState} when 'queued' then null when 'minted' then 'burn_queued' else ${attendanceNfts.chainState} end`,
    })
    .where(and(eq(attendanceNfts.registrationId, registrationId), isNull(attendanceNfts.burnedAt)));
}

const withActivity = (db: Database) =>
  db
    .select({ nft: attendanceNfts, activity: activities, uid: publicUsers.uid })
    .from(attendanceNfts)
    .innerJoin(activities, eq(activities.id, attendanceNfts.activityId))
    .innerJoin(publicUsers, eq(publicUsers.id, attendanceNfts.ownerId));

/** The user's live tokens before token id `before`, newest first; one more than `limit` when more follow. */
export function nftsOf(
  db: Database,
  userId: number,
  page: { before: number | null; limit: number },
): Promise<NftWithActivity[]> {
  return withActivity(db)
    .where(
      and(
        eq(attendanceNfts.ownerId, userId),
        isNull(attendanceNfts.burnedAt),
        page.before !== null ? lt(attendanceNfts.tokenId, page.before) : undefined,
      ),
    )
    .orderBy(desc(attendanceNfts.tokenId))
    .limit(page.limit);
}

/** A live token by its public id, for the public image and metadata; burned tokens are gone. */
export async function liveNftByPublicId(db: Database, publicId: string): Promise<NftWithActivity | undefined> {
  const [row] = await withActivity(db).where(
    and(eq(attendanceNfts.publicId, publicId), isNull(attendanceNfts.burnedAt)),
  );
  return row;
}

/** Sets whether one of the user's live tokens names them; undefined when they hold no such token. */
export async function setOwnerPublic(
  db: Database,
  userId: number,
  tokenId: number,
  visible: boolean,
): Promise<NftRow | undefined> {
  const [nft] = await db
    .update(attendanceNfts)
    .set({ ownerPublic: visible })
    .where(
      and(eq(attendanceNfts.tokenId, tokenId), eq(attendanceNfts.ownerId, userId), isNull(attendanceNfts.burnedAt)),
    )
    .returning();
  return nft;
}
