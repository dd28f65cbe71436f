import { sql } from 'drizzle-orm';
import { query, type Tx } from '../../db/client.ts';

/**
 * What proof of reserves reads of the ledger (docs/proof-of-reserves.md): every user's balances and every system
 * account's, and what the local simulator holds per chain. Read inside one REPEATABLE READ transaction the service
 * opens, so every figure is of the same moment.
 */

/** Every user's balance (available + frozen) per asset, with the uid their leaf commits to; zeros included. */
export async function userBalancesAll(tx: Tx) {
  const found = await query<{ user_id: string; uid: string; asset_code: string; balance: string }>(
    tx,
    sql`select a.user_id::text, u.uid::text, a.asset_code, (a.available + a.frozen)::text as balance
          from accounts a join public_users u on u.id = a.user_id
         where a.user_id is not null
         order by a.user_id`,
  );
  return found.rows.map((row) => ({
    userId: Number(row.user_id),
    uid: row.uid,
    asset: row.asset_code,
    balance: BigInt(row.balance),
  }));
}

/** Every system account's balance (available + frozen) per asset. */
export async function systemBalancesAll(tx: Tx) {
  const found = await query<{ system_code: string; asset_code: string; balance: string }>(
    tx,
    sql`select system_code, asset_code, (available + frozen)::text as balance
          from accounts where system_code is not null`,
  );
  return found.rows.map((row) => ({ system: row.system_code, asset: row.asset_code, balance: BigInt(row.balance) }));
}

/**
 * LOCAL SIMULATOR: what it holds per chain and asset, in ledger units: the deposits it credited less what completed
 * withdrawals sent out (the amount less the fee, which stays with us). Chains on a node (`realChains`) are read from
 * their node instead.
 */
export async function simulatedHoldings(tx: Tx, realChains: number[]) {
  const real =
    realChains.length > 0
      ? sql`chain_id not in (${sql.join(
          realChains.map((id) => sql`${id}`),
          sql`, `,
        )})`
      : sql`true`;
  const found = await query<{ chain_id: number; asset_code: string; held: string }>(
    tx,
    sql`select chain_id, asset_code, sum(amount)::text as held from (
          select chain_id, asset_code, amount from deposits where status = 'credited' and ${real}
          union all
          select chain_id, asset_code, -(amount - fee) from withdrawals where status = 'completed' and ${real}
        ) t group by chain_id, asset_code order by chain_id, asset_code`,
  );
  return found.rows.map((row) => ({ chainId: Number(row.chain_id), asset: row.asset_code, held: BigInt(row.held) }));
}
