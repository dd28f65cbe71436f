import { sql } from 'drizzle-orm';
import { type Database, query, type Tx } from '../../db/client.ts';

/**
 * The SQL of deleting an account. What the user still holds or owes is answered by the modules that own it
 * (`HoldingsSources`); the wipe writes only the account's own personal rows.
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
type EarningsLeft = (db: Database | Tx, userId: number) => Promise<{ asset: string; left: bigint }[]>;

/**
 * What the person still holds or owes, each part answered by the module that owns it, in the caller's transaction
 * (the deletion's, under its locks): this module reads none of their tables.
 */
export interface HoldingsSources {
  funds(db: Database | Tx, userId: number): Promise<{ asset: string; units: string; decimals: number }[]>;
  /** Creator earnings not yet withdrawn, per asset (the master module). */
  earningsLeft: EarningsLeft;
  places(db: Database | Tx, userId: number, now: Date): Promise<{ tickets: number; hostedActivities: number }>;
  redPackets(db: Database | Tx, userId: number): Promise<number>;
  bounties(db: Database | Tx, userId: number): Promise<number>;
  airdrops(db: Database | Tx, userId: number): Promise<number>;
  /** Locks the account row, then its balances, so no money arrives between the check and the wipe. */
  lock(tx: Tx, userId: number): Promise<void>;
}

export async function holdingsOf(
  db: Database | Tx,
  userId: number,
  now: Date,
  sources: HoldingsSources,
): Promise<Holdings> {
  // One after another: in the deletion's transaction they share one connection.
  const funds = await sources.funds(db, userId);
  const earned = await sources.earningsLeft(db, userId);
  const places = await sources.places(db, userId, now);
  const redPackets = await sources.redPackets(db, userId);
  const bounties = await sources.bounties(db, userId);
  const airdrops = await sources.airdrops(db, userId);
  const decimals = new Map(
    (await query<{ code: string; decimals: number }>(db, sql`select code, decimals from public_assets`)).rows.map(
      (row) => [row.code, Number(row.decimals)],
    ),
  );
  const earnings = earned
    .filter((row) => row.left > 0n)
    .map((row) => ({ asset: row.asset, units: row.left.toString(), decimals: decimals.get(row.asset) ?? 0 }));
  return { funds, earnings, ...places, redPackets, bounties, airdrops };
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
