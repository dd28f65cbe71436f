import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { at, units } from './columns.ts';
import { users } from './users.ts';
import { assets } from './wallet.ts';

/** The three membership tiers (docs/membership.md): their rank and their prices in one asset, per month and year. */
export const vipTiers = pgTable(
  'vip_tiers',
  {
    code: text('code', { enum: ['plus', 'pro', 'max'] }).primaryKey(),
    /** Higher is better: a member may move up (an upgrade), never down while the membership runs. */
    rank: integer('rank').notNull().unique(),
    assetCode: text('asset_code')
      .notNull()
      .references(() => assets.code),
    priceMonth: units('price_month').notNull(),
    priceYear: units('price_year').notNull(),
  },
  (t) => [check('vip_tiers_prices', sql`${t.priceMonth} > 0 and ${t.priceYear} > 0`)],
);

/**
 * A user's membership: one row per user, locked by every buy, renewal and upgrade, so two at once are decided
 * one after the other. `status` turns to `expired` by the expiry worker; a row past `ends_at` grants nothing
 * even before the worker has run.
 */
export const vipMemberships = pgTable(
  'vip_memberships',
  {
    userId: bigint('user_id', { mode: 'number' })
      .primaryKey()
      .references(() => users.id),
    tierCode: text('tier_code')
      .notNull()
      .references(() => vipTiers.code),
    status: text('status', { enum: ['active', 'expired'] }).notNull(),
    startsAt: at('starts_at').notNull(),
    endsAt: at('ends_at').notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [
    check('vip_memberships_period', sql`${t.endsAt} > ${t.startsAt}`),
    index('vip_memberships_due_idx').on(t.endsAt).where(sql`${t.status} = 'active'`),
  ],
);

/** Every purchase: a first buy, a renewal or an upgrade, with what it cost and the ledger entry that paid it. */
export const vipOrders = pgTable(
  'vip_orders',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    kind: text('kind', { enum: ['buy', 'renew', 'upgrade'] }).notNull(),
    tierCode: text('tier_code')
      .notNull()
      .references(() => vipTiers.code),
    /** The period bought; null for an upgrade, which changes the tier until the current end. */
    period: text('period', { enum: ['month', 'year'] }),
    assetCode: text('asset_code')
      .notNull()
      .references(() => assets.code),
    amount: units('amount').notNull(),
    entryId: bigint('entry_id', { mode: 'number' }).notNull(),
    /** The membership's end after this order. */
    endsAt: at('ends_at').notNull(),
    createdAt: at('created_at').notNull(),
  },
  (t) => [index('vip_orders_user_idx').on(t.userId, t.id)],
);
