import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, pgView, primaryKey } from 'drizzle-orm/pg-core';
import { at } from './columns.ts';
import { users } from './users.ts';

/** Who follows whom: one row per pair (the key makes following twice a no-op). */
export const userFollows = pgTable(
  'user_follows',
  {
    followerId: bigint('follower_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    followeeId: bigint('followee_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    createdAt: at('created_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.followerId, t.followeeId] }),
    index('user_follows_followee_idx').on(t.followeeId),
    check('user_follows_not_self', sql`${t.followerId} <> ${t.followeeId}`),
  ],
);

/** Who follows whom, for the other modules (docs/modules.md "Between modules"; migration 0042). */
export const publicFollows = pgView('public_follows', {
  followerId: bigint('follower_id', { mode: 'number' }).notNull(),
  followeeId: bigint('followee_id', { mode: 'number' }).notNull(),
}).existing();
