import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, pgView, primaryKey } from 'drizzle-orm/pg-core';
import { activities } from './activity.ts';
import { at } from './columns.ts';
import { users } from './users.ts';

/**
 * The split of an activity's ticket money (docs/creator-earnings.md "Distribution"), set by its organizer.
 * Shares are basis points (1/100 of a percent). The referral share is taken from each ticket whose sign-up came
 * through someone's invitation link and paid to that person; co-host shares are taken from what remains. Applied
 * once, when the activity is settled after its end; until then a share may be raised, and lowered only while no
 * sign-up has paid.
 */
export const activitySplits = pgTable(
  'activity_splits',
  {
    activityId: bigint('activity_id', { mode: 'number' })
      .primaryKey()
      .references(() => activities.id),
    referralBp: integer('referral_bp').notNull().default(0),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [check('activity_splits_referral', sql`${t.referralBp} between 0 and 10000`)],
);

/**
 * One co-host's share. Kept when the person stops being a co-host: a promised share is part of the terms, so
 * removing someone from the co-hosts after sales cannot take their share away.
 */
export const activityCohostShares = pgTable(
  'activity_cohost_shares',
  {
    activityId: bigint('activity_id', { mode: 'number' })
      .notNull()
      .references(() => activities.id),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    bp: integer('bp').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.activityId, t.userId] }),
    index('activity_cohost_shares_user_idx').on(t.userId),
    check('activity_cohost_shares_bp', sql`${t.bp} between 1 and 10000`),
  ],
);

/** Who holds a co-host share of an activity, for the other modules; never the share itself (migration 0042). */
export const cohostShareholders = pgView('cohost_shareholders', {
  activityId: bigint('activity_id', { mode: 'number' }).notNull(),
  userId: bigint('user_id', { mode: 'number' }).notNull(),
}).existing();
