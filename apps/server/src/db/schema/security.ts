import { sql } from 'drizzle-orm';
import { bigint, bigserial, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
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

/**
 * Google Authenticator (TOTP) of a user: the secret sealed with the server's key (platform/sealed.ts), when it
 * was switched on (null while enrolment waits for its first code) and the last time step a code was accepted
 * for, so a code is never accepted twice.
 */
export const totpFactors = pgTable('totp_factors', {
  userId: bigint('user_id', { mode: 'number' })
    .primaryKey()
    .references(() => users.id),
  secretSealed: text('secret_sealed').notNull(),
  enabledAt: timestamp('enabled_at', { withTimezone: true }),
  lastTimeStep: bigint('last_time_step', { mode: 'number' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** One-time recovery codes shown once when TOTP is switched on; kept as SHA-256, each used at most once. */
export const totpRecoveryCodes = pgTable(
  'totp_recovery_codes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [uniqueIndex('totp_recovery_codes_user_code').on(table.userId, table.codeHash)],
);

/**
 * The anti-phishing code a user chose (issue 34): written on the first line of every mail sent to their address
 * (platform/mail-stamp.ts), so a mail without it is not ours. Letters and digits only (contract
 * `ANTI_PHISHING_CODE_PATTERN`); no row, no line.
 */
export const antiPhishingCodes = pgTable('anti_phishing_codes', {
  userId: bigint('user_id', { mode: 'number' })
    .primaryKey()
    .references(() => users.id),
  code: text('code').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

/**
 * What holds money in an account (issue 34, docs/security-centre.md "Holds after security changes"): a hold from
 * `since` to `until` after a change to how one signs in or is reached, written in the same transaction as the
 * change; or the owner's freeze (`frozen`, `until` null) that lasts until an operator lifts it (`liftedAt`, with
 * what was checked in `liftedNote`). The money-out policy reads it through `SecurityHoldService`.
 */
export const securityHolds = pgTable(
  'security_holds',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    reason: text('reason').notNull(),
    since: timestamp('since', { withTimezone: true }).notNull(),
    until: timestamp('until', { withTimezone: true }),
    liftedAt: timestamp('lifted_at', { withTimezone: true }),
    liftedNote: text('lifted_note'),
  },
  (table) => [
    index('security_holds_user').on(table.userId),
    uniqueIndex('security_holds_one_freeze')
      .on(table.userId)
      .where(sql`${table.reason} = 'frozen' and ${table.liftedAt} is null`),
  ],
);
