import { and, asc, desc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import { type Database, query, type Tx } from '../../db/client.ts';
import { chainBlocks, chainFundings, chainScanners, chainSenders, chainTxs } from '../../db/schema/index.ts';

/** The chain module's SQL: scanner leases and positions, block hashes, senders' nonces, signed transactions. */

export type ChainTxRow = typeof chainTxs.$inferSelect;

/**
 * Takes (or keeps) the scanner's lease for a chain: answers its next block, or undefined while another process
 * holds it. A new scanner row starts at `start`.
 */
export async function claimScanner(
  db: Database,
  input: { chainId: number; owner: string; now: Date; leaseMs: number; start: () => Promise<bigint> },
): Promise<bigint | undefined> {
  const until = new Date(input.now.getTime() + input.leaseMs);
  const claim = () =>
    query<{ next_block: string }>(
      db,
      sql`update chain_scanners set lease_owner = ${input.owner}, lease_until = ${until.toISOString()}
          where chain_id = ${input.chainId}
            and (lease_until is null or lease_until < ${input.now.toISOString()} or lease_owner = ${input.owner})
          returning next_block::text`,
    );
  let claimed = await claim();
  if (claimed.rows.length === 0) {
    const [exists] = await db.select().from(chainScanners).where(eq(chainScanners.chainId, input.chainId));
    if (exists) return undefined;
    await db
      .insert(chainScanners)
      .values({ chainId: input.chainId, nextBlock: await input.start() })
      .onConflictDoNothing();
    claimed = await claim();
  }
  const row = claimed.rows[0];
  return row ? BigInt(row.next_block) : undefined;
}

export async function releaseScanner(db: Database, chainId: number, owner: string) {
  await db
    .update(chainScanners)
    .set({ leaseUntil: null })
    .where(and(eq(chainScanners.chainId, chainId), eq(chainScanners.leaseOwner, owner)));
}

/** Moves the scanner, only while this owner still holds it (a lease lost mid-run writes nothing). */
export async function moveScanner(tx: Tx, chainId: number, owner: string, nextBlock: bigint): Promise<boolean> {
  const moved = await tx
    .update(chainScanners)
    .set({ nextBlock, updatedAt: new Date() })
    .where(and(eq(chainScanners.chainId, chainId), eq(chainScanners.leaseOwner, owner)))
    .returning({ chainId: chainScanners.chainId });
  return moved.length === 1;
}

export function knownBlocks(db: Database, chainId: number) {
  return db
    .select({ number: chainBlocks.number, hash: chainBlocks.hash })
    .from(chainBlocks)
    .where(eq(chainBlocks.chainId, chainId))
    .orderBy(asc(chainBlocks.number));
}

export async function keepBlocks(tx: Tx, chainId: number, blocks: { number: bigint; hash: string }[]) {
  if (blocks.length === 0) return;
  await tx
    .insert(chainBlocks)
    .values(blocks.map((b) => ({ chainId, ...b })))
    .onConflictDoUpdate({ target: [chainBlocks.chainId, chainBlocks.number], set: { hash: sql`excluded.hash` } });
}

export async function forgetBlocks(tx: Tx, chainId: number, from: bigint) {
  await tx.delete(chainBlocks).where(and(eq(chainBlocks.chainId, chainId), gte(chainBlocks.number, from)));
}

export async function pruneBlocks(tx: Tx, chainId: number, below: bigint) {
  await tx.delete(chainBlocks).where(and(eq(chainBlocks.chainId, chainId), lt(chainBlocks.number, below)));
}

// Senders and their nonces

/**
 * The sender's next nonce, taken: the row is locked until the caller's transaction ends, so two processes never
 * take the same one, and a transaction that rolls back gives it back. A new sender starts at `first`.
 */
export async function takeNonce(
  tx: Tx,
  chainId: number,
  address: string,
  first: () => Promise<bigint>,
): Promise<bigint> {
  const take = () =>
    tx
      .update(chainSenders)
      .set({ nextNonce: sql`${chainSenders.nextNonce} + 1` })
      .where(and(eq(chainSenders.chainId, chainId), eq(chainSenders.address, address)))
      .returning({ next: chainSenders.nextNonce });
  let [row] = await take();
  if (!row) {
    await tx
      .insert(chainSenders)
      .values({ chainId, address, nextNonce: await first() })
      .onConflictDoNothing();
    [row] = await take();
  }
  return row!.next - 1n;
}

/**
 * Holds a sender's row until the caller's transaction ends, creating it at `first` if new: signers on every process
 * queue here, so each sees what the one before it committed (what the hot wallet already owes) before it signs.
 */
export async function holdSender(tx: Tx, chainId: number, address: string, first: () => Promise<bigint>) {
  const hold = () =>
    tx
      .select({ next: chainSenders.nextNonce })
      .from(chainSenders)
      .where(and(eq(chainSenders.chainId, chainId), eq(chainSenders.address, address)))
      .for('update');
  if ((await hold()).length > 0) return;
  await tx
    .insert(chainSenders)
    .values({ chainId, address, nextNonce: await first() })
    .onConflictDoNothing();
  await hold();
}

export async function insertChainTx(tx: Tx, values: typeof chainTxs.$inferInsert): Promise<ChainTxRow> {
  const [row] = await tx.insert(chainTxs).values(values).returning();
  return row!;
}

/** Signed and not yet acknowledged by the node, oldest nonce first. */
export function signedTxs(db: Database, chainId: number, limit: number): Promise<ChainTxRow[]> {
  return db
    .select()
    .from(chainTxs)
    .where(and(eq(chainTxs.chainId, chainId), eq(chainTxs.status, 'signed')))
    .orderBy(asc(chainTxs.nonce), asc(chainTxs.attempt))
    .limit(limit);
}

export async function markSent(db: Database, id: number, at: Date) {
  await db
    .update(chainTxs)
    .set({ status: 'sent', sentAt: at })
    .where(and(eq(chainTxs.id, id), eq(chainTxs.status, 'signed')));
}

/** Every attempt of every nonce that has one not yet settled, per sender, oldest nonce first. */
export function openNonces(db: Database, chainId: number, limit: number): Promise<ChainTxRow[]> {
  return db
    .select()
    .from(chainTxs)
    .where(
      and(
        eq(chainTxs.chainId, chainId),
        sql`(${chainTxs.fromAddress}, ${chainTxs.nonce}) in (
          select from_address, nonce from chain_txs where chain_id = ${chainId} and status in ('signed', 'sent')
          order by nonce limit ${limit})`,
      ),
    )
    .orderBy(asc(chainTxs.fromAddress), asc(chainTxs.nonce), asc(chainTxs.attempt));
}

/** The attempts at one nonce, locked: settling one is done once. */
export function lockNonce(tx: Tx, chainId: number, address: string, nonce: bigint): Promise<ChainTxRow[]> {
  return tx
    .select()
    .from(chainTxs)
    .where(and(eq(chainTxs.chainId, chainId), eq(chainTxs.fromAddress, address), eq(chainTxs.nonce, nonce)))
    .orderBy(desc(chainTxs.attempt))
    .for('update');
}

export async function markMined(
  tx: Tx,
  id: number,
  values: { minedBlock: bigint; succeeded: boolean; gasPaid: bigint },
): Promise<void> {
  await tx
    .update(chainTxs)
    .set({
      status: 'mined',
      minedBlock: values.minedBlock,
      succeeded: values.succeeded,
      gasPaid: values.gasPaid.toString(),
    })
    .where(eq(chainTxs.id, id));
}

export async function markReplaced(tx: Tx, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await tx.update(chainTxs).set({ status: 'replaced' }).where(inArray(chainTxs.id, ids));
}

// Operator fundings and what reconciliation reads

/** Records one funding transfer; false when it was recorded before. */
export async function insertFunding(
  tx: Tx,
  values: Omit<typeof chainFundings.$inferInsert, 'id'>,
): Promise<number | undefined> {
  const [row] = await tx.insert(chainFundings).values(values).onConflictDoNothing().returning({ id: chainFundings.id });
  return row?.id;
}

export async function linkFunding(tx: Tx, id: number, entryId: number) {
  await tx.update(chainFundings).set({ entryId }).where(eq(chainFundings.id, id));
}

/** Per asset, chain units the operator moved in less what they moved out. */
export async function fundingsNet(db: Database, chainId: number): Promise<Map<string, bigint>> {
  const found = await query<{ asset_code: string; net: string }>(
    db,
    sql`select asset_code, sum(case when direction = 'in' then chain_amount else -chain_amount end)::text as net
          from chain_fundings where chain_id = ${chainId} group by asset_code`,
  );
  return new Map(found.rows.map((row) => [row.asset_code, BigInt(row.net)]));
}

/** Wei paid for gas by our settled transactions on the chain. */
export async function gasPaid(db: Database, chainId: number): Promise<bigint> {
  const found = await query<{ paid: string | null }>(
    db,
    sql`select sum(gas_paid)::text as paid from chain_txs where chain_id = ${chainId} and status = 'mined'`,
  );
  return BigInt(found.rows[0]?.paid ?? '0');
}

/** Our transactions not yet settled (the newest attempt per nonce first is enough to find a receipt). */
export function unsettledTxs(db: Database, chainId: number): Promise<ChainTxRow[]> {
  return db
    .select()
    .from(chainTxs)
    .where(and(eq(chainTxs.chainId, chainId), inArray(chainTxs.status, ['signed', 'sent'])))
    .orderBy(asc(chainTxs.nonce), desc(chainTxs.attempt));
}

/** Whether a transaction hash is one we signed. */
export async function isOurs(db: Database, chainId: number, hash: string): Promise<boolean> {
  const [row] = await db
    .select({ id: chainTxs.id })
    .from(chainTxs)
    .where(and(eq(chainTxs.chainId, chainId), sql`lower(${chainTxs.hash}) = ${hash.toLowerCase()}`))
    .limit(1);
  return row !== undefined;
}
