import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { activities } from './activity.ts';
import { at, units } from './columns.ts';
import { users } from './users.ts';
import { assets } from './wallet.ts';

/**
 * An airdrop (docs/airdrops.md): its pool sits in the `airdrop_pool` system account, earmarked here by `pool`
 * (funded), `paid` and `returned`, so one airdrop never pays from another's money. `signup_count` is the claimed
 * number of places; `share` is fixed when distribution starts (the per-person amount, or the pool divided by the
 * sign-ups for pro-rata).
 */
export const airdrops = pgTable(
  'airdrops',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    project: text('project').notNull(),
    description: text('description').notNull(),
    website: text('website'),
    assetCode: text('asset_code')
      .notNull()
      .references(() => assets.code),
    mode: text('mode', { enum: ['fixed', 'prorata'] }).notNull(),
    pool: units('pool').notNull(),
    perPerson: units('per_person'),
    maxParticipants: integer('max_participants'),
    signupStartsAt: at('signup_starts_at').notNull(),
    signupEndsAt: at('signup_ends_at').notNull(),
    distributeAt: at('distribute_at').notNull(),
    holdsAsset: text('holds_asset').references(() => assets.code),
    holdsMin: units('holds_min'),
    attendedActivityId: bigint('attended_activity_id', { mode: 'number' }).references(() => activities.id),
    vipTier: text('vip_tier', { enum: ['plus', 'pro', 'max'] }),
    /** Who funded the pool and receives what is left; null: it came from outside (chain clearing) and goes back there. */
    funderUserId: bigint('funder_user_id', { mode: 'number' }).references(() => users.id),
    status: text('status', { enum: ['open', 'distributing', 'distributed'] }).notNull(),
    signupCount: integer('signup_count').notNull().default(0),
    share: units('share'),
    paid: units('paid').notNull().default('0'),
    returned: units('returned').notNull().default('0'),
    createdAt: at('created_at').notNull(),
    distributedAt: at('distributed_at'),
  },
  (t) => [
    check('airdrops_pool_positive', sql`${t.pool} > 0`),
    check('airdrops_window', sql`${t.signupEndsAt} > ${t.signupStartsAt} and ${t.distributeAt} >= ${t.signupEndsAt}`),
    check('airdrops_not_overpaid', sql`${t.paid} + ${t.returned} <= ${t.pool}`),
    check('airdrops_places', sql`${t.maxParticipants} is null or ${t.signupCount} <= ${t.maxParticipants}`),
    index('airdrops_due_idx').on(t.distributeAt).where(sql`${t.status} <> 'distributed'`),
    index('airdrops_status_idx').on(t.status, t.id),
  ],
);

/** One sign-up per user and airdrop: the unique index is the claim. */
export const airdropSignups = pgTable(
  'airdrop_signups',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    airdropId: bigint('airdrop_id', { mode: 'number' })
      .notNull()
      .references(() => airdrops.id),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    createdAt: at('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('airdrop_signups_airdrop_user_idx').on(t.airdropId, t.userId),
    index('airdrop_signups_user_idx').on(t.userId),
  ],
);

/** One payout per sign-up, written in the transaction of its ledger entry: its key makes a second one impossible. */
export const airdropPayouts = pgTable(
  'airdrop_payouts',
  {
    airdropId: bigint('airdrop_id', { mode: 'number' })
      .notNull()
      .references(() => airdrops.id),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    amount: units('amount').notNull(),
    entryId: bigint('entry_id', { mode: 'number' }),
    paidAt: at('paid_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.airdropId, t.userId] }), check('airdrop_payouts_positive', sql`${t.amount} > 0`)],
);
