import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Attempt counters for every "at most N tries" rule (login failures per account and address, ...). A try
 * claims its slot here with one conditional upsert before any work, so concurrent tries cannot pass the cap.
 */
export const attemptLimits = pgTable('attempt_limits', {
  key: text('key').primaryKey(),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
  used: integer('used').notNull(),
});
