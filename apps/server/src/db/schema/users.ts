import { sql } from 'drizzle-orm';
import { bigint, bigserial, index, pgSequence, pgTable, pgView, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Public user numbers start at 10,000,001 so they are never confused with row ids or small amounts. */
export const userUidSeq = pgSequence('user_uid_seq', { startWith: 10000001 });

export const users = pgTable(
  'users',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    uid: bigint('uid', { mode: 'number' }).notNull().unique().default(sql`nextval('user_uid_seq')`),
    uuid: uuid('uuid').notNull().unique().defaultRandom(),
    email: text('email').notNull().unique(),
    passwordHash: text('password_hash').notNull(),
    uname: text('uname'),
    openName: text('open_name'),
    avatar: text('avatar'),
    inviteCode: text('invite_code').notNull().unique(),
    invitedBy: bigint('invited_by', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set when the account was deleted: the row stays (the ledger points at it) with its personal data wiped. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [index('users_invited_by_idx').on(t.invitedBy)],
);

/**
 * What other modules may read of an account (docs/modules.md "Between modules"): who a person is to others (uid,
 * names, avatar) and whether the account is deleted, never its email, password or invite data. A view in the
 * database (migration 0036); `name` is the name others see, `display_name` falls back to a hint of the email.
 * Row locks taken through it (`for key share`) lock the account row.
 */
export const publicUsers = pgView('public_users', {
  id: bigint('id', { mode: 'number' }).notNull(),
  uid: bigint('uid', { mode: 'number' }).notNull(),
  uname: text('uname'),
  openName: text('open_name'),
  name: text('name'),
  displayName: text('display_name').notNull(),
  avatar: text('avatar'),
  deletedAt: timestamp('deleted_at', { withTimezone: true }),
}).existing();
