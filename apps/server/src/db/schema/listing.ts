import { sql } from 'drizzle-orm';
import { bigint, bigserial, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { images } from './activity.ts';
import { at } from './columns.ts';
import { users } from './users.ts';
import { chains } from './wallet.ts';

/**
 * A project's application to list its token (docs/token-listing.md). The contract is stored in its chain's
 * one spelling; a contract may have one application pending or approved at a time (the partial unique index
 * is the claim), and may apply again once rejected.
 */
export const tokenListings = pgTable(
  'token_listings',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    name: text('name').notNull(),
    symbol: text('symbol').notNull(),
    chainId: integer('chain_id')
      .notNull()
      .references(() => chains.id),
    contract: text('contract').notNull(),
    logoImageId: text('logo_image_id')
      .notNull()
      .references(() => images.id),
    website: text('website').notNull(),
    whitepaper: text('whitepaper').notNull(),
    contact: text('contact').notNull(),
    description: text('description').notNull(),
    status: text('status', { enum: ['pending', 'approved', 'rejected'] }).notNull(),
    reviewNote: text('review_note'),
    createdAt: at('created_at').notNull(),
    reviewedAt: at('reviewed_at'),
  },
  (t) => [
    uniqueIndex('token_listings_contract_idx').on(t.chainId, t.contract).where(sql`${t.status} <> 'rejected'`),
    index('token_listings_user_idx').on(t.userId, t.id),
    index('token_listings_pending_idx').on(t.id).where(sql`${t.status} = 'pending'`),
  ],
);
