import { bigint, bigserial, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/** One asset's line of a published snapshot, as the report and the screen show it (base units as text). */
export interface ReservesLineRecord {
  code: string;
  decimals: number;
  userBalances: string;
  heldForUsers: string;
  reserves: string;
  custody: {
    chain: string;
    address: string;
    amount: string;
    block: string | null;
    source: 'node' | 'local-simulator';
  }[];
}

/**
 * A proof-of-reserves snapshot (docs/proof-of-reserves.md), written once by `npm run reserves:publish` and never
 * changed: the tree's root, what was owed and held per asset, and the salt its users' nonces derive from (secret:
 * a user receives only their own nonce).
 */
export const reserveSnapshots = pgTable('reserve_snapshots', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  takenAt: timestamp('taken_at', { withTimezone: true }).notNull(),
  /** 32 random bytes as hex: the key of every leaf's nonce (HMAC-SHA-256). */
  salt: text('salt').notNull(),
  algorithm: text('algorithm').notNull(),
  /** The tree's asset order: every leaf and node carries its sums in this order. */
  assets: jsonb('assets').$type<{ code: string; decimals: number }[]>().notNull(),
  leafCount: integer('leaf_count').notNull(),
  rootHash: text('root_hash').notNull(),
  lines: jsonb('lines').$type<ReservesLineRecord[]>().notNull(),
  /** Assets whose reserves were below what was owed: the snapshot says so plainly. */
  shortAssets: jsonb('short_assets').$type<string[]>().notNull(),
});

/** Every node of a snapshot's tree, leaves at level 0 (in leaf-hash order), the root alone at the top level. */
export const reserveNodes = pgTable(
  'reserve_nodes',
  {
    snapshotId: bigint('snapshot_id', { mode: 'number' })
      .notNull()
      .references(() => reserveSnapshots.id),
    level: integer('level').notNull(),
    position: integer('position').notNull(),
    hash: text('hash').notNull(),
    /** Per asset, base units as text, in the snapshot's asset order. */
    sums: jsonb('sums').$type<string[]>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.snapshotId, t.level, t.position] })],
);

/** Which leaf is whose: read only to hand a user their own proof. */
export const reserveLeaves = pgTable(
  'reserve_leaves',
  {
    snapshotId: bigint('snapshot_id', { mode: 'number' })
      .notNull()
      .references(() => reserveSnapshots.id),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    position: integer('position').notNull(),
  },
  (t) => [primaryKey({ columns: [t.snapshotId, t.userId] })],
);
