import { and, eq, inArray, sql } from 'drizzle-orm';
import { type Database, query, type Tx } from '../../db/client.ts';
import { chainSweeps } from '../../db/schema/index.ts';

/** The sweeps' SQL (sweeper.ts). */

export type SweepRow = typeof chainSweeps.$inferSelect;

export async function insertSweep(
  tx: Tx,
  values: {
    chainId: number;
    assetCode: string;
    address: string;
    amount: bigint;
    status: 'topping_up' | 'sweeping';
    createdAt: Date;
  },
): Promise<number | undefined> {
  const [row] = await tx
    .insert(chainSweeps)
    .values({ ...values, amount: values.amount.toString() })
    .onConflictDoNothing()
    .returning({ id: chainSweeps.id });
  return row?.id;
}

export function openSweeps(db: Database, chainId: number): Promise<SweepRow[]> {
  return db
    .select()
    .from(chainSweeps)
    .where(and(eq(chainSweeps.chainId, chainId), inArray(chainSweeps.status, ['topping_up', 'sweeping'])));
}

/** Per (address, asset), when its last finished sweep began. */
export async function lastSweeps(db: Database, chainId: number): Promise<Map<string, Date>> {
  const found = await query<{ address: string; asset_code: string; at: string }>(
    db,
    sql`select address, asset_code, max(created_at)::text as at from chain_sweeps
         where chain_id = ${chainId} and status in ('done', 'failed') group by address, asset_code`,
  );
  return new Map(found.rows.map((row) => [`${row.address}:${row.asset_code}`, new Date(row.at)]));
}

/** Moves a sweep on, only from the state the caller saw (another process may have moved it). */
export async function moveSweep(
  tx: Tx,
  id: number,
  from: SweepRow['status'],
  to: 'sweeping' | 'done' | 'failed',
  at: Date,
): Promise<boolean> {
  const moved = await tx
    .update(chainSweeps)
    .set({ status: to, finishedAt: to === 'sweeping' ? null : at })
    .where(and(eq(chainSweeps.id, id), eq(chainSweeps.status, from)))
    .returning({ id: chainSweeps.id });
  return moved.length === 1;
}

/** Whether our transaction of this purpose for this sweep is mined. */
export async function minedFor(db: Database, ref: string, purpose: string): Promise<boolean> {
  const found = await query<{ n: number }>(
    db,
    sql`select count(*)::int as n from chain_txs where ref = ${ref} and purpose = ${purpose} and status = 'mined' and succeeded`,
  );
  return (found.rows[0]?.n ?? 0) > 0;
}
