import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, text } from 'drizzle-orm/pg-core';
import { at, units } from './columns.ts';
import { users } from './users.ts';

/**
 * Invite gift (docs/invite-gift.md): one row per user who has done their first qualifying action (a check-in at
 * someone else's activity, or a large enough deposit). The primary key is the claim: the first action writes
 * the row, every later one finds it taken, so a reward is decided once per invitee. `inviter_id` null means the
 * user had no inviter then (nothing is paid, and no inviter can be named any more). A reward the pool could not
 * cover waits as `owed` until the pool is funded.
 */
export const inviteRewards = pgTable(
  'invite_rewards',
  {
    inviteeId: bigint('invitee_id', { mode: 'number' })
      .primaryKey()
      .references(() => users.id),
    inviterId: bigint('inviter_id', { mode: 'number' }).references(() => users.id),
    trigger: text('trigger', { enum: ['checkin', 'deposit'] }).notNull(),
    /** What qualified: `registration:<id>` or `deposit:<id>`. */
    reference: text('reference').notNull(),
    status: text('status', { enum: ['none', 'owed', 'paid'] }).notNull(),
    assetCode: text('asset_code').notNull(),
    inviterAmount: units('inviter_amount').notNull(),
    inviteeAmount: units('invitee_amount').notNull(),
    entryId: bigint('entry_id', { mode: 'number' }),
    qualifiedAt: at('qualified_at').notNull(),
    paidAt: at('paid_at'),
  },
  (t) => [
    check('invite_rewards_inviter', sql`(${t.inviterId} is null) = (${t.status} = 'none')`),
    index('invite_rewards_inviter_idx').on(t.inviterId),
    index('invite_rewards_owed_idx').on(t.qualifiedAt).where(sql`${t.status} = 'owed'`),
  ],
);
