import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { activities } from './activity.ts';
import { chatRooms } from './chat.ts';
import { at, units } from './columns.ts';
import { users } from './users.ts';
import { assets } from './wallet.ts';

/**
 * A task bounty: a reward pool held in `bounty_escrow` from creation, paid to each approved submission at once,
 * and what no winner took given back to the creator once, after the review window (docs/bounties.md).
 */
export const bounties = pgTable(
  'bounties',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    creatorId: bigint('creator_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    category: text('category').notNull(),
    assetCode: text('asset_code')
      .notNull()
      .references(() => assets.code),
    /** Paid to each winner. */
    reward: units('reward').notNull(),
    /** Most winners; reward × winners is the pool escrowed on creation. */
    winners: integer('winners').notNull(),
    /** Winner slots taken, claimed by a conditional update before a payout. */
    paidCount: integer('paid_count').notNull().default(0),
    /** What a submission must carry: any of text, link, image. */
    submitKinds: jsonb('submit_kinds').$type<string[]>().notNull(),
    audience: text('audience', { enum: ['anyone', 'room', 'attendees'] }).notNull(),
    roomId: bigint('room_id', { mode: 'number' }).references(() => chatRooms.id),
    activityId: bigint('activity_id', { mode: 'number' }).references(() => activities.id),
    deadline: at('deadline').notNull(),
    /** Submissions close at the deadline; the creator reviews until here, then what is left goes back. */
    reviewUntil: at('review_until').notNull(),
    fundEntryId: bigint('fund_entry_id', { mode: 'number' }).notNull(),
    createdAt: at('created_at').notNull(),
    /** Set once, by whoever settled it: the refund worker, or the payout that took the last slot. */
    settledAt: at('settled_at'),
    refundEntryId: bigint('refund_entry_id', { mode: 'number' }),
  },
  (t) => [
    check('bounties_slots', sql`${t.paidCount} >= 0 and ${t.paidCount} <= ${t.winners}`),
    index('bounties_creator_idx').on(t.creatorId, t.id),
    index('bounties_activity_idx').on(t.activityId),
    index('bounties_due_idx').on(t.reviewUntil).where(sql`${t.settledAt} is null`),
  ],
);

export const bountySubmissions = pgTable(
  'bounty_submissions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    bountyId: bigint('bounty_id', { mode: 'number' })
      .notNull()
      .references(() => bounties.id),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    body: text('body').notNull().default(''),
    link: text('link'),
    imageId: text('image_id'),
    state: text('state', { enum: ['pending', 'approved', 'rejected', 'expired'] }).notNull(),
    reason: text('reason'),
    /** The payout's journal entry, once approved. */
    entryId: bigint('entry_id', { mode: 'number' }),
    createdAt: at('created_at').notNull(),
    reviewedAt: at('reviewed_at'),
  },
  (t) => [
    // One live submission per person and bounty; a rejected one may be followed by another.
    uniqueIndex('bounty_submissions_live_idx')
      .on(t.bountyId, t.userId)
      .where(sql`${t.state} in ('pending', 'approved')`),
    index('bounty_submissions_bounty_idx').on(t.bountyId, t.id),
    index('bounty_submissions_user_idx').on(t.userId, t.id),
  ],
);
