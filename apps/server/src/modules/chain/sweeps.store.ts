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

/** Locks a sweep still in the state the caller saw; undefined when another process has moved it on. */
export async function lockSweep(tx: Tx, id: number, status: SweepRow['status']): Promise<SweepRow | undefined> {
  const [row] = await tx
    .select()
    .from(chainSweeps)
    .where(and(eq(chainSweeps.id, id), eq(chainSweeps.status, status)))
    .for('update');
  return row;
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

/** Whether a sweep is under way at the address, in any asset (they would share its nonces and its gas). */
export async function sweepingAt(tx: Tx, chainId: number, address: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: chainSweeps.id })
    .from(chainSweeps)
    .where(
      and(
        eq(chainSweeps.chainId, chainId),
        eq(chainSweeps.address, address),
        inArray(chainSweeps.status, ['topping_up', 'sweeping']),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** A sweep's gas top-ups: how many are still on their way (signed or sent), how many were settled and ran. */
export async function topUps(db: Database | Tx, ref: string): Promise<{ open: number; mined: number }> {
  const found = await query<{ open: number; mined: number }>(
    db,
    sql`select count(*) filter (where status in ('signed', 'sent'))::int as open,
               count(*) filter (where status = 'mined' and succeeded)::int as mined
          from chain_txs where ref = ${ref} and purpose = 'gas_topup'`,
  );
  return found.rows[0] ?? { open: 0, mined: 0 };
}
