import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { at, units } from './columns.ts';
import { chains } from './wallet.ts';

/**
 * The chain module's bookkeeping of real chains (docs/wallet.md, "Chains"): where each chain's scanner is, the
 * block hashes it has not seen become final, the platform's sending addresses and their nonces, and every
 * transaction the platform signed, before it is broadcast.
 */

/** One scanner per chain, held by one process at a time through its lease. */
export const chainScanners = pgTable('chain_scanners', {
  chainId: integer('chain_id')
    .primaryKey()
    .references(() => chains.id),
  /** The next block to read. */
  nextBlock: bigint('next_block', { mode: 'bigint' }).notNull(),
  leaseOwner: text('lease_owner'),
  leaseUntil: at('lease_until'),
  updatedAt: at('updated_at').notNull().defaultNow(),
});

/** Hashes of the blocks read and not yet final, to see a reorg: pruned once far enough below the head. */
export const chainBlocks = pgTable(
  'chain_blocks',
  {
    chainId: integer('chain_id').notNull(),
    number: bigint('number', { mode: 'bigint' }).notNull(),
    hash: text('hash').notNull(),
  },
  (t) => [primaryKey({ columns: [t.chainId, t.number] })],
);

/** A platform address that sends (the hot wallet): its next nonce comes from here, never from the node. */
export const chainSenders = pgTable(
  'chain_senders',
  {
    chainId: integer('chain_id').notNull(),
    address: text('address').notNull(),
    nextNonce: bigint('next_nonce', { mode: 'bigint' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.chainId, t.address] })],
);

/**
 * Every transaction the platform signed, written before it is broadcast. Attempts at one nonce (a fee bump, a
 * cancel) are rows of their own; exactly one of them can be mined.
 */
export const chainTxs = pgTable(
  'chain_txs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    chainId: integer('chain_id').notNull(),
    fromAddress: text('from_address').notNull(),
    nonce: bigint('nonce', { mode: 'bigint' }).notNull(),
    /** 1, 2, … at the same nonce. */
    attempt: integer('attempt').notNull(),
    /** withdrawal | cancel | sweep | gas_topup | nft_mint | nft_burn | cold (surplus to the cold address) */
    purpose: text('purpose').notNull(),
    /** What it is for: `withdrawal:12`, `sweep:3`, `nft:40`. */
    ref: text('ref').notNull(),
    raw: text('raw').notNull(),
    hash: text('hash').notNull(),
    gasLimit: units('gas_limit').notNull(),
    maxFeePerGas: units('max_fee_per_gas').notNull(),
    maxPriorityFeePerGas: units('max_priority_fee_per_gas').notNull(),
    /** signed | sent | mined | replaced (another attempt at its nonce was mined) */
    status: text('status').notNull(),
    createdAt: at('created_at').notNull(),
    sentAt: at('sent_at'),
    minedBlock: bigint('mined_block', { mode: 'bigint' }),
    /** The receipt's status: true when it ran, false when it reverted (the nonce is used, nothing moved). */
    succeeded: boolean('succeeded'),
    /** Wei the sender paid for it: gas used × effective price. */
    gasPaid: units('gas_paid'),
  },
  (t) => [
    uniqueIndex('chain_txs_nonce_attempt_idx').on(t.chainId, t.fromAddress, t.nonce, t.attempt),
    uniqueIndex('chain_txs_hash_idx').on(t.chainId, t.hash),
    index('chain_txs_open_idx').on(t.chainId, t.status).where(sql`${t.status} in ('signed', 'sent')`),
    index('chain_txs_ref_idx').on(t.ref),
  ],
);

/** Moving a deposit address's balance into the hot wallet, ERC-20s after a gas top-up. */
export const chainSweeps = pgTable(
  'chain_sweeps',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    chainId: integer('chain_id').notNull(),
    assetCode: text('asset_code').notNull(),
    address: text('address').notNull(),
    /** Chain base units moved. */
    amount: units('amount').notNull(),
    /** topping_up | sweeping | done | failed */
    status: text('status').notNull(),
    createdAt: at('created_at').notNull(),
    finishedAt: at('finished_at'),
  },
  (t) => [
    uniqueIndex('chain_sweeps_open_idx')
      .on(t.chainId, t.address, t.assetCode)
      .where(sql`${t.status} in ('topping_up', 'sweeping')`),
  ],
);

/**
 * Coins an operator moved into the hot wallet (in: from cold storage, for gas or float) or out of it (out: to cold
 * storage), each transfer recorded once, with the ledger entry that accounts for it (`npm run chain:fund`).
 */
export const chainFundings = pgTable(
  'chain_fundings',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    chainId: integer('chain_id').notNull(),
    txHash: text('tx_hash').notNull(),
    /** As deposits number theirs: a token's log index, or -1 for the transaction's own value. */
    logIndex: integer('log_index').notNull(),
    assetCode: text('asset_code').notNull(),
    /** in | out */
    direction: text('direction').notNull(),
    chainAmount: units('chain_amount').notNull(),
    entryId: bigint('entry_id', { mode: 'number' }),
    createdAt: at('created_at').notNull(),
  },
  (t) => [uniqueIndex('chain_fundings_log_idx').on(t.chainId, t.txHash, t.logIndex)],
);
