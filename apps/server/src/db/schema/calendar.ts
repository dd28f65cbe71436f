import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, pgTable, text } from 'drizzle-orm/pg-core';
import { at } from './columns.ts';
import { users } from './users.ts';

/** The user's own calendar entries, beside the activities they joined or host. */
export const calendarEntries = pgTable(
  'calendar_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    title: text('title').notNull(),
    startsAt: at('starts_at').notNull(),
    endsAt: at('ends_at').notNull(),
    timezone: text('timezone').notNull(),
    location: text('location'),
    note: text('note'),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [
    index('calendar_entries_user_idx').on(t.userId, t.startsAt),
    check('calendar_entries_times', sql`${t.endsAt} > ${t.startsAt}`),
  ],
);

/** The secret in a user's subscribable calendar feed URL; resetting replaces it. */
export const calendarFeeds = pgTable('calendar_feeds', {
  userId: bigint('user_id', { mode: 'number' })
    .primaryKey()
    .references(() => users.id),
  token: text('token').notNull().unique(),
  createdAt: at('created_at').notNull(),
});
