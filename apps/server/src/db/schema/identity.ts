import { bigint, bigserial, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/** The phone bound to an account (identity module): one per account, and one account per number. */
export const userPhones = pgTable('user_phones', {
  userId: bigint('user_id', { mode: 'number' })
    .primaryKey()
    .references(() => users.id),
  areaCode: text('area_code').notNull(),
  /** The number in E.164 (`+886912345678`): unique, so two accounts can never hold one number. */
  e164: text('e164').notNull().unique(),
  boundAt: timestamp('bound_at', { withTimezone: true }).notNull(),
});

/** One row per SMS code sent for binding a phone; only the newest unused one of a user and number is accepted. */
export const phoneCodes = pgTable(
  'phone_codes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    e164: text('e164').notNull(),
    codeHash: text('code_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('phone_codes_user_idx').on(t.userId, t.createdAt)],
);

/**
 * A user's identity verification: the level applied for, the details (the ID number sealed with the server's
 * key, platform/sealed.ts, beside its last four characters for display), the document photos (sealed files
 * under DATA_DIR/kyc) and the review. `state`: draft → pending → approved | rejected.
 */
export const kycProfiles = pgTable(
  'kyc_profiles',
  {
    userId: bigint('user_id', { mode: 'number' })
      .primaryKey()
      .references(() => users.id),
    selectedLevel: integer('selected_level').notNull(),
    approvedLevel: integer('approved_level').notNull().default(0),
    state: text('state').notNull().default('draft'),
    legalName: text('legal_name'),
    country: text('country'),
    idType: text('id_type'),
    idNumberSealed: text('id_number_sealed'),
    idNumberLast4: text('id_number_last4'),
    frontFile: text('front_file'),
    backFile: text('back_file'),
    selfieFile: text('selfie_file'),
    rejectReason: text('reject_reason'),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('kyc_profiles_state_idx').on(t.state, t.submittedAt)],
);
