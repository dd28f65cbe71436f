import { bigint, bigserial, index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { at } from './columns.ts';
import { users } from './users.ts';

/**
 * A sign-in with Google or Apple that has been started and not yet come back: claimed (deleted) by the
 * callback carrying its `state`, so each one finishes at most once; rows past `expires_at` are refused.
 */
export const oidcStates = pgTable(
  'oidc_states',
  {
    state: text('state').primaryKey(),
    provider: text('provider', { enum: ['google', 'apple'] }).notNull(),
    codeVerifier: text('code_verifier').notNull(),
    nonce: text('nonce').notNull(),
    /** Hash of the secret the starting browser keeps: only that browser may redeem what the callback yields. */
    browserKeyHash: text('browser_key_hash').notNull(),
    createdAt: at('created_at').notNull(),
    expiresAt: at('expires_at').notNull(),
  },
  (t) => [index('oidc_states_expires_idx').on(t.expiresAt)],
);

/** An account's sign-in with a provider: the provider's subject (`sub`) is the key, never the email. */
export const oidcIdentities = pgTable(
  'oidc_identities',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    provider: text('provider', { enum: ['google', 'apple'] }).notNull(),
    subject: text('subject').notNull(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The email the provider gave when the identity was linked or created (for the security centre). */
    email: text('email'),
    createdAt: at('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('oidc_identities_subject_idx').on(t.provider, t.subject),
    uniqueIndex('oidc_identities_user_idx').on(t.userId, t.provider),
  ],
);

/**
 * What a finished callback hands the app, by a one-time ticket in the redirect (never the session token):
 * `login` is exchanged for a session; `link` waits for the owner of `user_id` to prove it is them, then links
 * `provider`/`subject` to that account. Claimed by deleting the row.
 */
export const oidcTickets = pgTable(
  'oidc_tickets',
  {
    ticketHash: text('ticket_hash').primaryKey(),
    kind: text('kind', { enum: ['login', 'link'] }).notNull(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: ['google', 'apple'] }).notNull(),
    subject: text('subject').notNull(),
    email: text('email'),
    browserKeyHash: text('browser_key_hash').notNull(),
    createdAt: at('created_at').notNull(),
    expiresAt: at('expires_at').notNull(),
  },
  (t) => [index('oidc_tickets_expires_idx').on(t.expiresAt)],
);
