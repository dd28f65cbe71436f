import { sql } from 'drizzle-orm';
import { type Database, query, type Tx } from '../../db/client.ts';

/**
 * The SQL of deleting an account. The checks read other modules' tables in one round trip (what the user still
 * holds or owes); the wipe writes only the account's own personal rows.
 */

export interface Holdings {
  funds: { asset: string; units: string; decimals: number }[];
  /** Creator earnings not yet withdrawn (still in the hold, or released): the user's money all the same. */
  earnings: { asset: string; units: string; decimals: number }[];
  tickets: number;
  hostedActivities: number;
  redPackets: number;
  bounties: number;
  /** Airdrops the user funds that are not distributed yet: what nobody takes goes back to them. */
  airdrops: number;
}

/** Creator earnings not yet withdrawn, per asset (the master module's service answers it in the caller's transaction). */
export type EarningsLeft = (db: Database | Tx, userId: number) => Promise<{ asset: string; left: bigint }[]>;

export async function holdingsOf(
  db: Database | Tx,
  userId: number,
  now: Date,
  earningsLeft: EarningsLeft,
): Promise<Holdings> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const { rows: funds } = await query<{ asset: string; units: string; decimals: number }>(
    db,
    // What the wallet holds, and deposits seen on a chain still gathering confirmations: money on its way in.
    sql`select h.asset, sum(h.units)::text as units, s.decimals
        from (select asset_code as asset, available + frozen as units from accounts where user_id = ${userId}
              union all
              select asset_code, amount from deposits where user_id = ${userId} and status = 'confirming') h
        join public_assets s on s.code = h.asset
        group by h.asset, s.decimals having sum(h.units) > 0
        order by h.asset`,
  );
  const { rows } = await query<{
    tickets: number;
    hosted: number;
    packets: number;
    bounties: number;
    airdrops: number;
  }>(
    db,
    // A ticket counts while its place is live at an upcoming activity, or while money paid for it is still held
    // (a late cancellation's forfeit comes back if the organizer cancels the activity before it is settled).
    sql`select
          (select count(*)::int from registrations r join activities v on v.id = r.activity_id
            where r.user_id = ${userId}
              and ((r.status in ('pending', 'approved', 'waitlisted') and v.status = 'published' and v.ends_at > ${at})
                or (r.payment_state in ('frozen', 'escrow') and r.paid > r.refunded and v.settled_at is null))) as tickets,
          (select count(*)::int from activities v
            where v.organizer_id = ${userId} and v.status = 'published'
              and (v.ends_at > ${at} or v.settled_at is null)) as hosted,
          (select count(*)::int from red_packets p where p.sender_id = ${userId} and p.settled_at is null) as packets,
          (select count(*)::int from bounties b where b.creator_id = ${userId} and b.settled_at is null) as bounties,
          (select count(*)::int from airdrops d where d.funder_user_id = ${userId} and d.status <> 'distributed') as airdrops`,
  );
  const counts = rows[0];
  const decimals = new Map(
    (await query<{ code: string; decimals: number }>(db, sql`select code, decimals from public_assets`)).rows.map(
      (row) => [row.code, Number(row.decimals)],
    ),
  );
  const earnings = (await earningsLeft(db, userId))
    .filter((row) => row.left > 0n)
    .map((row) => ({ asset: row.asset, units: row.left.toString(), decimals: decimals.get(row.asset) ?? 0 }));
  return {
    funds: funds.map((row) => ({ ...row, decimals: Number(row.decimals) })),
    earnings,
    tickets: Number(counts?.tickets ?? 0),
    hostedActivities: Number(counts?.hosted ?? 0),
    redPackets: Number(counts?.packets ?? 0),
    bounties: Number(counts?.bounties ?? 0),
    airdrops: Number(counts?.airdrops ?? 0),
  };
}

/**
 * Locks the user's row and balances, in that order, so no money can arrive between the check and the wipe. Every
 * ledger entry holds the rows of the users it touches (`FOR KEY SHARE`, before their accounts), so an incoming
 * payment either committed before this lock (and the check below sees it) or waits for the deletion and is then
 * refused as money to a deleted account.
 */
export async function lockAccount(tx: Tx, userId: number): Promise<void> {
  await tx.execute(sql`select id from users where id = ${userId} for update`);
  await tx.execute(sql`select id from accounts where user_id = ${userId} order by id for update`);
}

/**
 * Deleting an account: its own second factors, transaction password and anti-phishing code (the other modules
 * forget theirs).
 */
export async function forgetSecrets(tx: Tx, userId: number): Promise<void> {
  await tx.execute(sql`delete from anti_phishing_codes where user_id = ${userId}`);
  await tx.execute(sql`delete from totp_recovery_codes where user_id = ${userId}`);
  await tx.execute(sql`delete from totp_factors where user_id = ${userId}`);
  await tx.execute(sql`delete from trade_passwords where user_id = ${userId}`);
}
