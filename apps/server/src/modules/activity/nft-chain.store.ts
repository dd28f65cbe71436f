import { and, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client.ts';
import { activities, attendanceNfts, publicUsers, registrations } from '../../db/schema/index.ts';
import type { NftRow, NftWithActivity } from './nfts.store.ts';

/** The SQL of attendance NFTs on a chain: the batches the worker takes and their settlement. */

/** Whether any token waits for a batch on the chain (the worker asks before reading fees from the node). */
export async function anyDue(db: Database, chainId: number): Promise<boolean> {
  const [row] = await db
    .select({ tokenId: attendanceNfts.tokenId })
    .from(attendanceNfts)
    .where(and(eq(attendanceNfts.chainId, chainId), inArray(attendanceNfts.chainState, ['queued', 'burn_queued'])))
    .limit(1);
  return row !== undefined;
}

/** Up to `limit` tokens waiting for a batch (`queued` to mint, `burn_queued` to burn), locked for this transaction. */
export function claimDue(
  tx: Tx,
  chainId: number,
  state: 'queued' | 'burn_queued',
  limit: number,
): Promise<Pick<NftRow, 'tokenId' | 'chainTokenId' | 'ownerAddress'>[]> {
  return tx
    .select({
      tokenId: attendanceNfts.tokenId,
      chainTokenId: attendanceNfts.chainTokenId,
      ownerAddress: attendanceNfts.ownerAddress,
    })
    .from(attendanceNfts)
    .where(and(eq(attendanceNfts.chainId, chainId), eq(attendanceNfts.chainState, state)))
    .orderBy(attendanceNfts.tokenId)
    .limit(limit)
    .for('update', { skipLocked: true });
}

/** The claimed tokens are in a signed batch. */
export async function markInBatch(
  tx: Tx,
  tokenIds: number[],
  batch: { state: 'minting'; ref: string; mintTx: string } | { state: 'burning'; ref: string; burnTx: string },
): Promise<void> {
  await tx
    .update(attendanceNfts)
    .set(
      batch.state === 'minting'
        ? { chainState: 'minting', chainBatch: batch.ref, mintTx: batch.mintTx }
        : { chainState: 'burning', chainBatch: batch.ref, burnTx: batch.burnTx },
    )
    .where(inArray(attendanceNfts.tokenId, tokenIds));
}

/**
 * A mint batch settled. Mined: minted, or queued for its burn when its check-in was undone meanwhile. Reverted: back
 * in the queue, or gone from it when undone.
 */
export async function settleMint(tx: Tx, ref: string, outcome: { hash: string; succeeded: boolean }): Promise<void> {
  const undone = isNotNull(attendanceNfts.burnedAt);
  await tx
    .update(attendanceNfts)
    .set(
      outcome.succeeded
        ? {
            chainState: sql`case when ${undone} then 'burn_queued' else 'minted' end`,
            chainBatch: null,
            mintTx: outcome.hash,
          }
        : { chainState: sql`case when ${undone} then null else 'queued' end`, chainBatch: null, mintTx: null },
    )
    .where(and(eq(attendanceNfts.chainBatch, ref), eq(attendanceNfts.chainState, 'minting')));
}

/** A burn batch settled: burned, or (reverted) queued for its burn again. */
export async function settleBurn(tx: Tx, ref: string, outcome: { hash: string; succeeded: boolean }): Promise<void> {
  await tx
    .update(attendanceNfts)
    .set(
      outcome.succeeded
        ? { chainState: 'burned', chainBatch: null, burnTx: outcome.hash }
        : { chainState: 'burn_queued', chainBatch: null, burnTx: null },
    )
    .where(and(eq(attendanceNfts.chainBatch, ref), eq(attendanceNfts.chainState, 'burning')));
}

/** The registration's newest token that is or was on a chain (live or burned). */
export async function chainNftOf(db: Database | Tx, registrationId: number): Promise<NftRow | undefined> {
  const [row] = await db
    .select()
    .from(attendanceNfts)
    .where(and(eq(attendanceNfts.registrationId, registrationId), isNotNull(attendanceNfts.chainState)))
    .orderBy(desc(attendanceNfts.tokenId))
    .limit(1);
  return row;
}

/** The registration's live token, if it has one. */
export async function liveNftOf(db: Database | Tx, registrationId: number): Promise<NftRow | undefined> {
  const [row] = await db
    .select()
    .from(attendanceNfts)
    .where(and(eq(attendanceNfts.registrationId, registrationId), isNull(attendanceNfts.burnedAt)));
  return row;
}

/** The address the holder chose for this place's NFT (null: custody); undefined when they hold no live place. */
export async function setNftAddress(
  tx: Tx,
  activityId: number,
  userId: number,
  address: string | null,
  now: Date,
): Promise<typeof registrations.$inferSelect | undefined> {
  const [row] = await tx
    .update(registrations)
    .set({ nftAddress: address, updatedAt: now })
    .where(
      and(
        eq(registrations.activityId, activityId),
        eq(registrations.userId, userId),
        sql`${registrations.status} in ('pending', 'approved', 'waitlisted')`,
      ),
    )
    .returning();
  return row;
}

/** The receiving address of the registration's live token while it is still queued; false once it is not. */
export async function setQueuedOwnerAddress(tx: Tx, registrationId: number, address: string | null): Promise<boolean> {
  const updated = await tx
    .update(attendanceNfts)
    .set({ ownerAddress: address })
    .where(
      and(
        eq(attendanceNfts.registrationId, registrationId),
        isNull(attendanceNfts.burnedAt),
        eq(attendanceNfts.chainState, 'queued'),
      ),
    )
    .returning({ tokenId: attendanceNfts.tokenId });
  return updated.length > 0;
}

/** A live token by its id on the chain, with its activity and holder's uid (the contract's tokenURI). */
export async function liveNftByChainTokenId(
  db: Database,
  chainId: number,
  chainTokenId: bigint,
): Promise<NftWithActivity | undefined> {
  const [row] = await db
    .select({ nft: attendanceNfts, activity: activities, uid: publicUsers.uid })
    .from(attendanceNfts)
    .innerJoin(activities, eq(activities.id, attendanceNfts.activityId))
    .innerJoin(publicUsers, eq(publicUsers.id, attendanceNfts.ownerId))
    .where(
      and(
        eq(attendanceNfts.chainId, chainId),
        eq(attendanceNfts.chainTokenId, chainTokenId.toString()),
        isNull(attendanceNfts.burnedAt),
      ),
    );
  return row;
}
