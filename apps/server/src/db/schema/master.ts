import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, pgTable, pgView, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { activities } from './activity.ts';
import { at, units } from './columns.ts';
import { users } from './users.ts';
import { assets, journalEntries } from './wallet.ts';

/**
 * Creator earnings: what an organizer has earned from one activity's tickets in one asset. Written once, when
 * the activity is settled after its end, together with the ledger entry that moves the money from ticket escrow
 * to the `creator_earnings` system account's frozen balance (`ticket_earning_hold`). At `release_at` (the end
 * plus the payout hold) a worker releases it within that account, frozen → available (`ticket_release`), and
 * sets `released_at`: the organizer may then withdraw it to their wallet (`creator_withdrawal` entries, see
 * docs/creator-earnings.md). The unreleased rows, summed per asset, are exactly that system account's frozen balance (the
 * ledger check proves it), so this table is the sub-ledger that explains the account.
 */
export const creatorEarnings = pgTable(
  'creator_earnings',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /**
     * Whom the row pays: the organizer, or since the split a co-host or a referrer (`role`). The column kept its
     * first name so the statistics and withdrawal queries, which are per payee, did not change.
     */
    organizerId: bigint('organizer_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    /** Why this payee gets it: `organizer` (the rest), `cohost` or `referrer` (their share). */
    role: text('role').notNull().default('organizer'),
    activityId: bigint('activity_id', { mode: 'number' })
      .notNull()
      .references(() => activities.id),
    assetCode: text('asset_code')
      .notNull()
      .references(() => assets.code),
    /** Base units: the activity's ticket money in this asset that was left in escrow at the end. */
    amount: units('amount').notNull(),
    /** When the activity was settled and the money entered the hold. */
    earnedAt: at('earned_at').notNull(),
    /** The activity's end plus the payout hold: from then on the worker may release it. */
    releaseAt: at('release_at').notNull(),
    releasedAt: at('released_at'),
    holdEntryId: bigint('hold_entry_id', { mode: 'number' })
      .notNull()
      .references(() => journalEntries.id),
    releaseEntryId: bigint('release_entry_id', { mode: 'number' }).references(() => journalEntries.id),
  },
  (t) => [
    // One row per activity, asset, payee and role: settling twice cannot earn twice.
    uniqueIndex('creator_earnings_activity_asset_payee_idx').on(t.activityId, t.assetCode, t.organizerId, t.role),
    index('creator_earnings_organizer_idx').on(t.organizerId, t.id),
    index('creator_earnings_due_idx').on(t.releaseAt, t.id).where(sql`${t.releasedAt} is null`),
    check('creator_earnings_amount', sql`${t.amount} > 0`),
    check('creator_earnings_role', sql`${t.role} in ('organizer', 'cohost', 'referrer')`),
    check('creator_earnings_released', sql`(${t.releasedAt} is null) = (${t.releaseEntryId} is null)`),
  ],
);

/**
 * What the ledger's check reads of the earnings (wallet/ledger.store.ts `checkLedger`): per asset, what is not
 * released yet and what is, to compare with the `creator_earnings` system account. A view (migration 0037).
 */
export const creatorEarningsByAsset = pgView('creator_earnings_by_asset', {
  assetCode: text('asset_code').notNull(),
  unreleased: units('unreleased').notNull(),
  released: units('released').notNull(),
}).existing();
