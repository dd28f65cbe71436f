import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  pgView,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { units } from './columns.ts';
import { users } from './users.ts';

export const chains = pgTable('chains', {
  id: integer('id').primaryKey(),
  symbol: text('symbol').notNull().unique(),
  name: text('name').notNull(),
  /** evm | solana | ton | btc: picks the address check and derivation. */
  family: text('family').notNull(),
  /** Listed but not usable yet (SPEC: BTC "waiting"). */
  waiting: boolean('waiting').notNull().default(false),
  sort: integer('sort').notNull(),
  /** The chain id an EVM node answers with `eth_chainId` (56, 43114, 1, 137); null for other families. */
  networkId: integer('network_id'),
});

export const assets = pgTable('assets', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
  /** Base units per whole coin, as a power of ten: the ledger's precision for the asset. */
  decimals: integer('decimals').notNull(),
  /** XDR: one address for all chains (SPEC §3). */
  singleAddress: boolean('single_address').notNull().default(false),
  /** The most one red packet may hold, in base units (docs/red-packets.md); 0 lets none be sent. */
  redPacketMax: units('red_packet_max').notNull().default('0'),
  sort: integer('sort').notNull(),
});

/**
 * What other modules may read of the catalogue's assets (docs/modules.md "Between modules"): code, name and the
 * decimals amounts are written with. A view in the database (migration 0036).
 */
export const publicAssets = pgView('public_assets', {
  code: text('code').notNull(),
  name: text('name').notNull(),
  decimals: integer('decimals').notNull(),
}).existing();

/** What an exchange publishes per asset and chain; changeable in the database without a deploy. */
export const assetNetworks = pgTable(
  'asset_networks',
  {
    assetCode: text('asset_code')
      .notNull()
      .references(() => assets.code),
    chainId: integer('chain_id')
      .notNull()
      .references(() => chains.id),
    contract: text('contract'),
    depositEnabled: boolean('deposit_enabled').notNull().default(true),
    withdrawEnabled: boolean('withdraw_enabled').notNull().default(true),
    withdrawFee: units('withdraw_fee').notNull(),
    withdrawMin: units('withdraw_min').notNull(),
    withdrawMax: units('withdraw_max').notNull(),
    confirmations: integer('confirmations').notNull(),
    /** Base units per coin on the chain, when the token's contract differs from the ledger (BSC's USDT: 18). */
    chainDecimals: integer('chain_decimals'),
    redPacketEnabled: boolean('red_packet_enabled').notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.assetCode, t.chainId] })],
);

/**
 * A balance: a user's or a system account's, per asset. Two buckets: available and frozen (held for a
 * pending withdrawal, an escrow release and the like). Only the chain-clearing account, which mirrors the
 * outside world, may go below zero; the database refuses it for every other account.
 */
export const accounts = pgTable(
  'accounts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' }).references(() => users.id),
    systemCode: text('system_code'),
    assetCode: text('asset_code')
      .notNull()
      .references(() => assets.code),
    available: units('available').notNull().default('0'),
    frozen: units('frozen').notNull().default('0'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('accounts_user_asset_idx').on(t.userId, t.assetCode).where(sql`${t.userId} is not null`),
    uniqueIndex('accounts_system_asset_idx').on(t.systemCode, t.assetCode).where(sql`${t.systemCode} is not null`),
    check('accounts_one_owner', sql`(${t.userId} is null) <> (${t.systemCode} is null)`),
    // coalesce: a NULL system code would make the whole check NULL, which a CHECK lets through.
    check(
      'accounts_available_not_negative',
      sql`${t.available} >= 0 or coalesce(${t.systemCode}, '') in ('chain_clearing', 'platform_gas')`,
    ),
    check('accounts_frozen_not_negative', sql`${t.frozen} >= 0`),
  ],
);

/** One money movement. Its postings sum to zero per asset. */
export const journalEntries = pgTable(
  'journal_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').notNull(),
    /** The user who asked for it, when a user did. */
    actorId: bigint('actor_id', { mode: 'number' }).references(() => users.id),
    reference: text('reference'),
    memo: jsonb('memo').$type<Record<string, unknown>>(),
    /**
     * What the money moved for, as the module its reference names described it when the entry was written
     * (wallet/ports.ts `EntryPurpose`): the records show it without reading that module's tables.
     */
    purposeType: text('purpose_type'),
    purposeId: text('purpose_id'),
    purposeTitle: text('purpose_title'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('journal_entries_reference_idx').on(t.reference),
    check(
      'journal_entries_purpose',
      sql`(${t.purposeType} is null and ${t.purposeId} is null and ${t.purposeTitle} is null) or (${t.purposeType} in ('activity', 'bounty', 'redpacket', 'airdrop') and ${t.purposeId} is not null)`,
    ),
  ],
);

export const postings = pgTable(
  'postings',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    entryId: bigint('entry_id', { mode: 'number' })
      .notNull()
      .references(() => journalEntries.id),
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => accounts.id),
    assetCode: text('asset_code').notNull(),
    bucket: text('bucket').notNull(),
    amount: units('amount').notNull(),
  },
  (t) => [
    index('postings_entry_idx').on(t.entryId),
    index('postings_account_idx').on(t.accountId, t.id),
    check('postings_bucket', sql`${t.bucket} in ('available', 'frozen')`),
    check('postings_nonzero', sql`${t.amount} <> 0`),
  ],
);

/** A user's deposit address on a chain; single-address coins reuse the user's address on their first chain. */
export const depositAddresses = pgTable(
  'deposit_addresses',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    chainId: integer('chain_id')
      .notNull()
      .references(() => chains.id),
    address: text('address').notNull(),
    /** The derivation path used, so the key can be re-derived from the master seed. */
    path: text('path').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('deposit_addresses_user_chain_idx').on(t.userId, t.chainId),
    index('deposit_addresses_address_idx').on(t.address),
  ],
);

export const deposits = pgTable(
  'deposits',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    assetCode: text('asset_code').notNull(),
    chainId: integer('chain_id').notNull(),
    address: text('address').notNull(),
    txHash: text('tx_hash').notNull(),
    /**
     * Where in the transaction, for deposits a chain watcher found: an ERC-20 `Transfer` log's index, or for a
     * native coin -1 - the call's position in the transaction's trace (-1: the transaction's own value). Null for
     * the local simulator's deposits, which are keyed by address instead.
     */
    logIndex: integer('log_index'),
    blockNumber: bigint('block_number', { mode: 'bigint' }),
    blockHash: text('block_hash'),
    amount: units('amount').notNull(),
    /** The amount in the chain's own base units (differs from `amount` where `chain_decimals` does). */
    chainAmount: units('chain_amount'),
    confirmations: integer('confirmations').notNull(),
    requiredConfirmations: integer('required_confirmations').notNull(),
    /** confirming | credited | dropped (its block left the chain before it was credited) | dust (below one ledger unit) */
    status: text('status').notNull(),
    /** A credited deposit whose block left the chain: for an operator (docs/wallet.md, "Reorgs"); cleared if it returns. */
    reorgedAt: timestamp('reorged_at', { withTimezone: true }),
    entryId: bigint('entry_id', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    creditedAt: timestamp('credited_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('deposits_chain_tx_idx').on(t.chainId, t.txHash, t.address).where(sql`${t.logIndex} is null`),
    uniqueIndex('deposits_chain_log_idx').on(t.chainId, t.txHash, t.logIndex).where(sql`${t.logIndex} is not null`),
    index('deposits_status_idx').on(t.status, t.chainId),
    index('deposits_user_idx').on(t.userId, t.id),
  ],
);

/** A transfer to an address outside the app. The amount plus fee stays frozen until the chain answers. */
export const withdrawals = pgTable(
  'withdrawals',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    assetCode: text('asset_code').notNull(),
    chainId: integer('chain_id').notNull(),
    address: text('address').notNull(),
    /** What arrives at the address. */
    amount: units('amount').notNull(),
    fee: units('fee').notNull(),
    /**
     * review (above the operator's threshold: waits for an operator's approval, still frozen) | processing | held
     * (the hot wallet cannot cover it: waiting for an operator) | completed | failed
     */
    status: text('status').notNull(),
    txHash: text('tx_hash'),
    failureReason: text('failure_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** Its value in US cents when it was asked for (the daily limit and the review threshold read it). */
    valueCents: bigint('value_cents', { mode: 'bigint' }),
    /** An operator's decision on a withdrawal under review, and its note. */
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    reviewNote: text('review_note'),
  },
  (t) => [index('withdrawals_user_idx').on(t.userId, t.id), index('withdrawals_status_idx').on(t.status, t.id)],
);

/**
 * What each user's withdrawals took of the daily limit (docs/wallet.md, "Daily withdrawal limit"), per UTC day, in
 * US cents: claimed by one conditional upsert in the withdrawal's transaction, so withdrawals at once cannot pass it.
 */
export const withdrawalDailyUsage = pgTable(
  'withdrawal_daily_usage',
  {
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    day: text('day').notNull(),
    usedCents: bigint('used_cents', { mode: 'bigint' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
);

/**
 * The withdrawal address book (docs/wallet.md, "Address book and allowlist"): a saved address per chain with a
 * label; confirmed by a mailed link, usable from `usableAt` (24 hours after the confirmation); cancelled or removed
 * by its owner (`cancelledAt`).
 */
export const withdrawalAddresses = pgTable(
  'withdrawal_addresses',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    chainId: integer('chain_id').notNull(),
    address: text('address').notNull(),
    label: text('label').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    usableAt: timestamp('usable_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('withdrawal_addresses_live').on(t.userId, t.chainId, t.address).where(sql`${t.cancelledAt} is null`),
  ],
);

/** Whether money may leave only to saved addresses; no row is off. */
export const withdrawalAllowlists = pgTable('withdrawal_allowlists', {
  userId: bigint('user_id', { mode: 'number' })
    .primaryKey()
    .references(() => users.id),
  enabled: boolean('enabled').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

/**
 * A change to the address book waiting for its mailed link: adding an address (`add`) or turning the allowlist off
 * (`allowlistOff`). Only the link's SHA-256 is kept; used once, before it expires.
 */
export const addressBookConfirmations = pgTable(
  'address_book_confirmations',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    action: text('action').notNull(),
    addressId: bigint('address_id', { mode: 'number' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('address_book_confirmations_token').on(t.tokenHash)],
);

/** Where a user receives fiat: bank (0), Alipay (1), PayPal (101). */
export const paymentMethods = pgTable(
  'payment_methods',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    type: integer('type').notNull(),
    holderName: text('holder_name').notNull(),
    account: text('account').notNull(),
    bankName: text('bank_name'),
    bankBranch: text('bank_branch'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [index('payment_methods_user_idx').on(t.userId), check('payment_methods_type', sql`${t.type} in (0, 1, 101)`)],
);

/** Which assets a user chose to show on the home list (my-asset / add-asset). */
export const userAssetPrefs = pgTable(
  'user_asset_prefs',
  {
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    assetCode: text('asset_code')
      .notNull()
      .references(() => assets.code),
    visible: boolean('visible').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.assetCode] })],
);
