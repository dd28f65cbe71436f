import { bigint, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/** The transaction password that guards money (security module): argon2id of the client's hash, and its tries. */
export const tradePasswords = pgTable('trade_passwords', {
  userId: bigint('user_id', { mode: 'number' })
    .primaryKey()
    .references(() => users.id),
  hash: text('hash').notNull(),
  failedTries: integer('failed_tries').notNull().default(0),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
  /** Tries being checked right now: they hold slots of the five, so concurrent tries cannot pass the cap. */
  checking: integer('checking').notNull().default(0),
  checkingSince: timestamp('checking_since', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
