import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { type Database, query, type Tx } from '../../db/client.ts';
import { depositAddresses, deposits, withdrawals } from '../../db/schema/index.ts';
import type { DepositRow, WithdrawalRow } from './store.ts';

/** The SQL of deposits and withdrawals on chains a node answers for (custody.service.ts). */

export interface DepositTarget {
  address: string;
  userId: number;
  chainId: number;
}

/** The users these addresses were handed out to, on any of these chains. */
export function depositTargets(db: Database, chainIds: number[], addresses: string[]): Promise<DepositTarget[]> {
  if (addresses.length === 0) return Promise.resolve([]);
  return db
    .select({ address: depositAddresses.address, userId: depositAddresses.userId, chainId: depositAddresses.chainId })
    .from(depositAddresses)
    .where(and(inArray(depositAddresses.chainId, chainIds), inArray(depositAddresses.address, addresses)));
}

export interface SightingValues {
  userId: number;
  assetCode: string;
  chainId: number;
  address: string;
  txHash: string;
  logIndex: number;
  blockNumber: bigint;
  blockHash: string;
  amount: bigint;
  chainAmount: bigint;
  requiredConfirmations: number;
  status: 'confirming' | 'dust';
  createdAt: Date;
}

/**
 * Records deposits as found in a block, keyed by (chain, tx, log index). One seen again (in another block after a
 * reorg) takes that block; a dropped one comes back to confirming, a credited one loses its reorg flag.
 */
export async function upsertSightings(tx: Tx, rows: SightingValues[]): Promise<void> {
  if (rows.length === 0) return;
  await tx
    .insert(deposits)
    .values(
      rows.map((row) => ({
        ...row,
        amount: row.amount.toString(),
        chainAmount: row.chainAmount.toString(),
        confirmations: 0,
      })),
    )
    .onConflictDoUpdate({
      target: [deposits.chainId, deposits.txHash, deposits.logIndex],
      targetWhere: sql`${deposits.logIndex} is not null`,
      set: {
        blockNumber: sql`excluded.block_number`,
        blockHash: sql`excluded.block_hash`,
        status: sql`case when ${deposits.status} = 'dropped' then 'confirming' else ${deposits.status} end`,
        reorgedAt: sql`null`,
      },
    });
}

/** A reorg from `block` on: deposits not yet credited there are dropped, credited ones flagged. */
export async function forgetFrom(tx: Tx, chainId: number, block: bigint, now: Date) {
  const dropped = await tx
    .update(deposits)
    .set({ status: 'dropped', confirmations: 0 })
    .where(
      and(
        eq(deposits.chainId, chainId),
        isNotNull(deposits.logIndex),
        inArray(deposits.status, ['confirming', 'dust']),
        sql`${deposits.blockNumber} >= ${block}`,
      ),
    )
    .returning({ id: deposits.id });
  const flagged = await tx
    .update(deposits)
    .set({ reorgedAt: now })
    .where(
      and(
        eq(deposits.chainId, chainId),
        isNotNull(deposits.logIndex),
        eq(deposits.status, 'credited'),
        sql`${deposits.blockNumber} >= ${block}`,
        sql`${deposits.reorgedAt} is null`,
      ),
    )
    .returning({ id: deposits.id });
  return { dropped: dropped.length, flagged: flagged.map((row) => row.id) };
}

/** Shows each confirming deposit's progress on the chain at `head`, in one statement. */
export async function setProgress(db: Database, chainId: number, head: bigint): Promise<void> {
  await query(
    db,
    sql`update deposits set confirmations = least(required_confirmations, greatest(0, ${head} - block_number + 1))::int
        where chain_id = ${chainId} and status = 'confirming' and log_index is not null`,
  );
}

/** Confirming deposits whose block is at least their required depth below `head`. */
export function finalDeposits(db: Database, chainId: number, head: bigint, limit: number): Promise<DepositRow[]> {
  return db
    .select()
    .from(deposits)
    .where(
      and(
        eq(deposits.chainId, chainId),
        eq(deposits.status, 'confirming'),
        isNotNull(deposits.logIndex),
        sql`${deposits.blockNumber} + ${deposits.requiredConfirmations} - 1 <= ${head}`,
      ),
    )
    .orderBy(asc(deposits.id))
    .limit(limit);
}

export async function lockConfirming(tx: Tx, id: number): Promise<DepositRow | undefined> {
  const [row] = await tx.select().from(deposits).where(eq(deposits.id, id)).for('update', { skipLocked: true });
  return row?.status === 'confirming' ? row : undefined;
}

export async function markCredited(tx: Tx, id: number, confirmations: number, at: Date) {
  await tx.update(deposits).set({ status: 'credited', confirmations, creditedAt: at }).where(eq(deposits.id, id));
}

/** Credited deposits whose block left the chain and has not come back: for an operator. */
export function reorgedDeposits(db: Database, chainIds: number[]): Promise<DepositRow[]> {
  return db
    .select()
    .from(deposits)
    .where(and(inArray(deposits.chainId, chainIds), isNotNull(deposits.reorgedAt)))
    .orderBy(asc(deposits.id));
}

/** Withdrawals on a chain waiting to be signed (or held for the hot wallet), locked, oldest first. */
export function lockUnsent(tx: Tx, chainId: number, limit: number): Promise<WithdrawalRow[]> {
  return tx
    .select()
    .from(withdrawals)
    .where(and(eq(withdrawals.chainId, chainId), inArray(withdrawals.status, ['processing', 'held'])))
    .orderBy(asc(withdrawals.id))
    .limit(limit)
    .for('update', { skipLocked: true });
}

export async function setWithdrawalStatus(tx: Tx, id: number, status: 'held' | 'broadcast') {
  await tx.update(withdrawals).set({ status }).where(eq(withdrawals.id, id));
}

/** The withdrawal, locked, while the chain has not settled it yet. */
export async function lockOpenWithdrawal(tx: Tx, id: number): Promise<WithdrawalRow | undefined> {
  const [row] = await tx.select().from(withdrawals).where(eq(withdrawals.id, id)).for('update');
  return row && ['processing', 'held', 'broadcast'].includes(row.status) ? row : undefined;
}

/** Chain base units are the caller's to convert: the ledger units of withdrawals broadcast and not yet settled. */
export async function broadcastTotal(db: Database | Tx, chainId: number, assetCode: string): Promise<bigint> {
  const found = await query<{ total: string | null }>(
    db,
    sql`select sum(amount)::text as total from withdrawals
        where chain_id = ${chainId} and asset_code = ${assetCode} and status = 'broadcast'`,
  );
  return BigInt(found.rows[0]?.total ?? '0');
}

/** Ledger units of an asset's withdrawals on a chain not yet settled: broadcast, or waiting to be signed (held too). */
export async function owedTotal(db: Database | Tx, chainId: number, assetCode: string): Promise<bigint> {
  const found = await query<{ total: string | null }>(
    db,
    sql`select sum(amount)::text as total from withdrawals
        where chain_id = ${chainId} and asset_code = ${assetCode} and status in ('processing', 'held', 'broadcast')`,
  );
  return BigInt(found.rows[0]?.total ?? '0');
}

export async function addressesSeen(db: Database, chainId: number): Promise<string[]> {
  const found = await query<{ address: string }>(
    db,
    sql`select distinct address from deposits where chain_id = ${chainId} and log_index is not null`,
  );
  return found.rows.map((row) => row.address);
}

/**
 * What the wallet's rows say of a chain, per asset: chain units of deposits credited or left as dust (the coins are
 * on our addresses) and of those still confirming; ledger units of withdrawals completed, broadcast (maybe mined,
 * not yet settled) and their fees.
 */
export async function custodyFigures(db: Database, chainId: number) {
  const found = await query<{ asset_code: string; held: string; confirming: string; sent: string; in_flight: string }>(
    db,
    sql`select asset_code,
               sum(held)::text as held, sum(confirming)::text as confirming,
               sum(sent)::text as sent, sum(in_flight)::text as in_flight from (
          select asset_code,
                 case when status in ('credited', 'dust') then chain_amount else 0 end as held,
                 case when status = 'confirming' then chain_amount else 0 end as confirming,
                 0 as sent, 0 as in_flight
            from deposits where chain_id = ${chainId} and log_index is not null
          union all
          select asset_code, 0, 0,
                 case when status = 'completed' then amount else 0 end,
                 case when status = 'broadcast' then amount else 0 end
            from withdrawals where chain_id = ${chainId}
        ) t group by asset_code`,
  );
  return new Map(
    found.rows.map((row) => [
      row.asset_code,
      {
        held: BigInt(row.held),
        confirming: BigInt(row.confirming),
        sentLedger: BigInt(row.sent),
        inFlightLedger: BigInt(row.in_flight),
      },
    ]),
  );
}

/** Ledger units of withdrawals by id (reconciliation: those whose transaction is mined but not yet settled). */
export async function withdrawalAmounts(
  db: Database,
  ids: number[],
): Promise<Map<number, { asset: string; amount: bigint }>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: withdrawals.id, asset: withdrawals.assetCode, amount: withdrawals.amount })
    .from(withdrawals)
    .where(inArray(withdrawals.id, ids));
  return new Map(rows.map((row) => [row.id, { asset: row.asset, amount: BigInt(row.amount) }]));
}

/** Addresses on a chain holding credited deposits, per asset, with when the newest was credited. */
export async function sweepCandidates(db: Database, chainId: number) {
  const found = await query<{ address: string; asset_code: string; last: string }>(
    db,
    sql`select address, asset_code, max(credited_at)::text as last from deposits
         where chain_id = ${chainId} and status = 'credited' and log_index is not null
         group by address, asset_code order by max(credited_at) desc`,
  );
  return found.rows.map((row) => ({
    address: row.address,
    assetCode: row.asset_code,
    lastCredited: new Date(row.last),
  }));
}

/** The derivation path an address was handed out with (its key is re-derived from the seed by it). */
export async function pathOfAddress(db: Database, address: string): Promise<string | undefined> {
  const [row] = await db
    .select({ path: depositAddresses.path })
    .from(depositAddresses)
    .where(eq(depositAddresses.address, address))
    .limit(1);
  return row?.path;
}
