import { bigint, bigserial, index, integer, pgTable, pgView, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/** One row per email code sent. Only the newest unused code for an email and purpose is accepted. */
export const emailCodes = pgTable(
  'email_codes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    email: text('email').notNull(),
    purpose: text('purpose').notNull(),
    codeHash: text('code_hash').notNull(),
    tries: integer('tries').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('email_codes_lookup_idx').on(t.email, t.purpose, t.createdAt)],
);

export const sessions = pgTable(
  'sessions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    /** HMAC key for signed calls (/user/identity, /mining); the client holds it beside the token. */
    signingKey: text('signing_key'),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/**
 * Whether a session still works (not revoked, not expired), for what is bound to one (push addresses); never
 * its owner's token, keys or device (migration 0043).
 */
export const sessionValidity = pgView('session_validity', {
  id: bigint('id', { mode: 'number' }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
}).existing();
