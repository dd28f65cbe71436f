import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import { type Database, query, type Tx } from '../../db/client.ts';
import {
  assetNetworks,
  assets,
  chains,
  depositAddresses,
  deposits,
  paymentMethods,
  publicUsers,
  userAssetPrefs,
  withdrawals,
} from '../../db/schema/index.ts';
import type { ChainFamily } from './addresses.ts';

/**
 * The wallet's SQL outside the ledger (that is `ledger.store.ts`): the catalogue, balances as the user sees
 * them, deposit addresses, deposits, withdrawals, the records list and payment methods.
 */

export type DepositRow = typeof deposits.$inferSelect;
export type WithdrawalRow = typeof withdrawals.$inferSelect;
export type PaymentMethodRow = typeof paymentMethods.$inferSelect;

// The catalogue

export interface CatalogAsset {
  code: string;
  name: string;
  decimals: number;
  singleAddress: boolean;
  /** The most one red packet may hold, base units as text. */
  redPacketMax: string;
  sort: number;
}
interface CatalogChain {
  id: number;
  symbol: string;
  name: string;
  family: ChainFamily;
  waiting: boolean;
  sort: number;
  /** What an EVM node answers to `eth_chainId`. */
  networkId: number | null;
}
export interface CatalogNetwork {
  assetCode: string;
  chainId: number;
  contract: string | null;
  depositEnabled: boolean;
  withdrawEnabled: boolean;
  withdrawFee: bigint;
  withdrawMin: bigint;
  withdrawMax: bigint;
  confirmations: number;
  /** Decimals of the token's contract, where they differ from the ledger's (null: the same). */
  chainDecimals: number | null;
  redPacketEnabled: boolean;
}

export interface Catalog {
  assets: Map<string, CatalogAsset>;
  chains: Map<number, CatalogChain>;
  networks: CatalogNetwork[];
}

/** Read fresh on each use: the tables are small and may be edited in the database without a deploy. */
export async function loadCatalog(db: Database): Promise<Catalog> {
  const [assetRows, chainRows, networkRows] = await Promise.all([
    db.select().from(assets).orderBy(assets.sort),
    db.select().from(chains).orderBy(chains.sort),
    db.select().from(assetNetworks),
  ]);
  return {
    assets: new Map(assetRows.map((row) => [row.code, row])),
    chains: new Map(chainRows.map((row) => [row.id, { ...row, family: row.family as ChainFamily }])),
    networks: networkRows.map((row) => ({
      ...row,
      withdrawFee: BigInt(row.withdrawFee),
      withdrawMin: BigInt(row.withdrawMin),
      withdrawMax: BigInt(row.withdrawMax),
    })),
  };
}

// Balances and the home list

/** Every balance of a user, per asset, in base units. */
export async function balancesOf(db: Database, userId: number) {
  const found = await query<{ asset_code: string; available: string; frozen: string }>(
    db,
    sql`select asset_code, available::text, frozen::text from accounts where user_id = ${userId}`,
  );
  return found.rows.map((row) => ({
    assetCode: row.asset_code,
    available: BigInt(row.available),
    frozen: BigInt(row.frozen),
  }));
}

export async function availableOf(db: Database, userId: number, assetCode: string): Promise<bigint> {
  const found = await query<{ available: string }>(
    db,
    sql`select available::text from accounts where user_id = ${userId} and asset_code = ${assetCode}`,
  );
  return BigInt(found.rows[0]?.available ?? '0');
}

export function assetPrefsOf(db: Database, userId: number) {
  return db.select().from(userAssetPrefs).where(eq(userAssetPrefs.userId, userId));
}

export async function setAssetVisible(db: Database, userId: number, assetCode: string, visible: boolean) {
  await db
    .insert(userAssetPrefs)
    .values({ userId, assetCode, visible })
    .onConflictDoUpdate({ target: [userAssetPrefs.userId, userAssetPrefs.assetCode], set: { visible } });
}

// Users as recipients

export interface RecipientUser {
  userId: number;
  uid: number;
  openName: string | null;
  uname: string | null;
  /** Set when the account was deleted: it may receive nothing. */
  deletedAt: Date | null;
}

/** A user as a recipient, by uid or by id (an email is the user module's to resolve: `AccountsByEmail`). */
export async function recipientByUidOrId(
  db: Database,
  by: { uid: number } | { id: number },
): Promise<RecipientUser | undefined> {
  const condition = 'id' in by ? eq(publicUsers.id, by.id) : eq(publicUsers.uid, by.uid);
  const [user] = await db.select().from(publicUsers).where(condition).limit(1);
  return user
    ? { userId: user.id, uid: user.uid, openName: user.openName, uname: user.uname, deletedAt: user.deletedAt }
    : undefined;
}

/** The user one of these spellings of an address was handed out to, if any. */
export async function recipientByAddress(db: Database, spellings: string[]): Promise<RecipientUser | undefined> {
  const [owned] = await db
    .select({
      userId: depositAddresses.userId,
      uid: publicUsers.uid,
      openName: publicUsers.openName,
      uname: publicUsers.uname,
      deletedAt: publicUsers.deletedAt,
    })
    .from(depositAddresses)
    .innerJoin(publicUsers, eq(publicUsers.id, depositAddresses.userId))
    .where(sql`${depositAddresses.address} in ${spellings}`)
    .limit(1);
  return owned;
}

// Deposits

export async function depositAddressOf(db: Database, userId: number, chainId: number): Promise<string | undefined> {
  const [existing] = await db
    .select()
    .from(depositAddresses)
    .where(and(eq(depositAddresses.userId, userId), eq(depositAddresses.chainId, chainId)));
  return existing?.address;
}

/** Keeps a derived address; one derived at the same moment by another request is kept instead. */
export async function keepDepositAddress(
  db: Database,
  values: { userId: number; chainId: number; address: string; path: string },
) {
  await db.insert(depositAddresses).values(values).onConflictDoNothing();
}

/** Records a deposit; undefined when this transaction was already recorded for the chain and address. */
export async function insertDeposit(
  tx: Tx,
  values: {
    userId: number;
    assetCode: string;
    chainId: number;
    address: string;
    txHash: string;
    amount: bigint;
    confirmations: number;
    requiredConfirmations: number;
    status: 'confirming' | 'credited';
    createdAt: Date;
    creditedAt: Date | null;
  },
): Promise<number | undefined> {
  const [row] = await tx
    .insert(deposits)
    .values({ ...values, amount: values.amount.toString() })
    .onConflictDoNothing()
    .returning({ id: deposits.id });
  return row?.id;
}

export async function findDeposit(tx: Tx, chainId: number, txHash: string, address: string) {
  const [existing] = await tx
    .select({ id: deposits.id, status: deposits.status })
    .from(deposits)
    .where(and(eq(deposits.chainId, chainId), eq(deposits.txHash, txHash), eq(deposits.address, address)));
  return existing;
}

/** The local simulator's deposits still confirming (a chain watcher's carry a log index and are its to follow). */
export function confirmingDeposits(db: Database, limit: number): Promise<DepositRow[]> {
  return db
    .select()
    .from(deposits)
    .where(and(eq(deposits.status, 'confirming'), isNull(deposits.logIndex)))
    .orderBy(deposits.id)
    .limit(limit);
}

/** Deposits of a user in one asset still waiting for confirmations, newest first. */
export function confirmingDepositsOf(db: Database, userId: number, assetCode: string): Promise<DepositRow[]> {
  return db
    .select()
    .from(deposits)
    .where(and(eq(deposits.userId, userId), eq(deposits.assetCode, assetCode), eq(deposits.status, 'confirming')))
    .orderBy(desc(deposits.id));
}

/** The deposit, locked; undefined while another process holds it. */
export async function lockDeposit(tx: Tx, id: number): Promise<DepositRow | undefined> {
  const [row] = await tx.select().from(deposits).where(eq(deposits.id, id)).for('update', { skipLocked: true });
  return row;
}

export async function setDepositConfirmations(tx: Tx, id: number, confirmations: number) {
  await tx.update(deposits).set({ confirmations }).where(eq(deposits.id, id));
}

export async function markDepositCredited(tx: Tx, id: number, confirmations: number, creditedAt: Date) {
  await tx.update(deposits).set({ confirmations, status: 'credited', creditedAt }).where(eq(deposits.id, id));
}

export async function linkDepositEntry(tx: Tx, id: number, entryId: number) {
  await tx.update(deposits).set({ entryId }).where(eq(deposits.id, id));
}

// Withdrawals

export async function insertWithdrawal(
  tx: Tx,
  values: {
    userId: number;
    assetCode: string;
    chainId: number;
    address: string;
    amount: bigint;
    fee: bigint;
    createdAt: Date;
    /** Its value in US cents, null when the market has no price for the asset. */
    valueCents: bigint | null;
    /** `review`: above the operator's threshold, it waits for an approval before any chain sees it. */
    status?: 'processing' | 'review';
  },
): Promise<number> {
  const [row] = await tx
    .insert(withdrawals)
    .values({
      ...values,
      amount: values.amount.toString(),
      fee: values.fee.toString(),
      status: values.status ?? 'processing',
    })
    .returning({ id: withdrawals.id });
  return row!.id;
}

/** Processing withdrawals on chains the local simulator answers for (the others are the chain module's). */
export function processingWithdrawals(db: Database, limit: number, realChains: number[]): Promise<WithdrawalRow[]> {
  const simulated = realChains.length > 0 ? sql`${withdrawals.chainId} not in ${realChains}` : sql`true`;
  return db
    .select()
    .from(withdrawals)
    .where(and(eq(withdrawals.status, 'processing'), simulated))
    .orderBy(withdrawals.id)
    .limit(limit);
}

/** The withdrawal, locked; undefined while another process holds it. */
export async function lockWithdrawal(tx: Tx, id: number): Promise<WithdrawalRow | undefined> {
  const [row] = await tx.select().from(withdrawals).where(eq(withdrawals.id, id)).for('update', { skipLocked: true });
  return row;
}

export async function finishWithdrawal(
  tx: Tx,
  id: number,
  outcome: {
    status: 'completed' | 'failed' | 'processing' | 'held';
    txHash: string | null;
    failureReason: string | null;
    finishedAt: Date | null;
  },
) {
  await tx.update(withdrawals).set(outcome).where(eq(withdrawals.id, id));
}

// Payment methods

export type PaymentMethodValues = Pick<PaymentMethodRow, 'type' | 'holderName' | 'account' | 'bankName' | 'bankBranch'>;

export function livePaymentMethods(db: Database, userId: number): Promise<PaymentMethodRow[]> {
  return db
    .select()
    .from(paymentMethods)
    .where(and(eq(paymentMethods.userId, userId), isNull(paymentMethods.deletedAt)))
    .orderBy(paymentMethods.id);
}

/** Queues this transaction behind any other that is adding a method for the user, until it ends. */
export async function lockPaymentMethodsOf(tx: Tx, userId: number) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`payments:${userId}`}))`);
}

export async function countLivePaymentMethods(tx: Tx, userId: number): Promise<number> {
  const [held] = await tx
    .select({ n: count() })
    .from(paymentMethods)
    .where(and(eq(paymentMethods.userId, userId), isNull(paymentMethods.deletedAt)));
  return held?.n ?? 0;
}

export async function insertPaymentMethod(
  tx: Tx,
  userId: number,
  values: PaymentMethodValues,
  createdAt: Date,
): Promise<PaymentMethodRow> {
  const [inserted] = await tx
    .insert(paymentMethods)
    .values({ userId, ...values, createdAt })
    .returning();
  return inserted!;
}

/** Changes one of the user's live methods; undefined when they have none with that id. */
export async function updatePaymentMethod(
  db: Database,
  userId: number,
  id: number,
  values: PaymentMethodValues,
): Promise<PaymentMethodRow | undefined> {
  const [row] = await db
    .update(paymentMethods)
    .set(values)
    .where(and(eq(paymentMethods.id, id), eq(paymentMethods.userId, userId), isNull(paymentMethods.deletedAt)))
    .returning();
  return row;
}

/** Removes one of the user's live methods (kept, marked deleted); false when they have none with that id. */
export async function deletePaymentMethod(db: Database, userId: number, id: number, at: Date): Promise<boolean> {
  const [row] = await db
    .update(paymentMethods)
    .set({ deletedAt: at })
    .where(and(eq(paymentMethods.id, id), eq(paymentMethods.userId, userId), isNull(paymentMethods.deletedAt)))
    .returning({ id: paymentMethods.id });
  return row !== undefined;
}

/** A new asset at the end of the catalogue; nothing when the code is taken. */
export async function insertAsset(tx: Tx, values: { code: string; name: string; decimals: number }) {
  const [row] = await tx
    .insert(assets)
    .values({ ...values, sort: sql`(select coalesce(max(sort), 0) + 1 from assets)` })
    .onConflictDoNothing()
    .returning({ code: assets.code });
  return row;
}

export async function insertNetwork(tx: Tx, values: typeof assetNetworks.$inferInsert) {
  await tx.insert(assetNetworks).values(values);
}

export async function updateNetwork(
  db: Database,
  asset: string,
  chainId: number,
  values: Partial<typeof assetNetworks.$inferInsert>,
) {
  const [row] = await db
    .update(assetNetworks)
    .set(values)
    .where(and(eq(assetNetworks.assetCode, asset), eq(assetNetworks.chainId, chainId)))
    .returning();
  return row;
}

/** Deleting an account: the payment details it kept. */
export async function deletePaymentMethodsOf(tx: Tx, userId: number): Promise<void> {
  await tx.delete(paymentMethods).where(eq(paymentMethods.userId, userId));
}

/**
 * What the person's wallet holds, and deposits seen on a chain still gathering confirmations (money on its way in),
 * per asset: what blocks deleting their account.
 */
export async function heldFundsOf(
  db: Database | Tx,
  userId: number,
): Promise<{ asset: string; units: string; decimals: number }[]> {
  const { rows } = await query<{ asset: string; units: string; decimals: number }>(
    db,
    sql`select h.asset, sum(h.units)::text as units, s.decimals
        from (select asset_code as asset, available + frozen as units from accounts where user_id = ${userId}
              union all
              select asset_code, amount from deposits where user_id = ${userId} and status = 'confirming') h
        join public_assets s on s.code = h.asset
        group by h.asset, s.decimals having sum(h.units) > 0
        order by h.asset`,
  );
  return rows.map((row) => ({ ...row, decimals: Number(row.decimals) }));
}

/**
 * Locks the person's balances (after their account row, which the user module locks): no money arrives between
 * the deletion's check and its wipe.
 */
export async function lockBalancesOf(tx: Tx, userId: number): Promise<void> {
  await tx.execute(sql`select id from accounts where user_id = ${userId} order by id for update`);
}
