import { sql } from 'drizzle-orm';
import { type Database, query, type Tx } from '../../db/client.ts';

/**
 * Moves of the hot wallet's surplus to the cold address (hot-cold.ts): transactions in `chain_txs` of purpose `cold`,
 * whose reference names the asset and the amount in the chain's base units, `cold:USDT:800000000`.
 */

export function coldMoveRef(asset: string, chainAmount: bigint): string {
  return `cold:${asset}:${chainAmount}`;
}

export interface ColdMove {
  asset: string;
  chainAmount: bigint;
  /** The newest attempt's hash. */
  hash: string;
}

/** Moves signed and not yet settled (mined deep enough), one per nonce: the hot wallet still owes them. */
export async function openColdMoves(db: Database | Tx, chainId: number): Promise<ColdMove[]> {
  const found = await query<{ ref: string; hash: string }>(
    db,
    sql`select distinct on (nonce) ref, hash from chain_txs
         where chain_id = ${chainId} and purpose = 'cold' and status in ('signed', 'sent')
         order by nonce, attempt desc`,
  );
  return found.rows.map((row) => {
    const [, asset = '', amount = '0'] = row.ref.split(':');
    return { asset, chainAmount: BigInt(amount), hash: row.hash };
  });
}

/** Chain base units of an asset on their way to the cold address: the sender counts them as owed. */
export async function coldInFlight(db: Database | Tx, chainId: number, asset: string): Promise<bigint> {
  return (await openColdMoves(db, chainId))
    .filter((m) => m.asset === asset)
    .reduce((sum, m) => sum + m.chainAmount, 0n);
}

/** When the newest settled move of an asset reverted, if it did: moves of it wait a while rather than burn gas again. */
export async function lastRevertedColdMove(
  db: Database | Tx,
  chainId: number,
  asset: string,
): Promise<Date | undefined> {
  const found = await query<{ succeeded: boolean; created_at: string }>(
    db,
    sql`select succeeded, created_at::text from chain_txs
         where chain_id = ${chainId} and purpose = 'cold' and status = 'mined' and ref like ${`cold:${asset}:%`}
         order by nonce desc limit 1`,
  );
  const row = found.rows[0];
  return row && !row.succeeded ? new Date(row.created_at) : undefined;
}
