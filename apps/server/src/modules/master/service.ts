import { eq, sql } from 'drizzle-orm';
import { type Database, query, type Tx } from '../../db/client.ts';
import { creatorEarnings } from '../../db/schema/index.ts';
import { ledger } from '../wallet/ledger.ts';

export interface CreatorEarningsDeps {
  db: Database;
  now: () => Date;
}

export type CreatorEarningRow = typeof creatorEarnings.$inferSelect;

/**
 * Creator earnings: ticket money an organizer has earned, held before it becomes theirs.
 *
 * Ledger flows (amounts in the ticket's asset, reference `activity:<id>`):
 * - the activity is settled after its end: `ticket_escrow` available → `creator_earnings` frozen
 *   (`ticket_earning_hold`), and one `creator_earnings` row per activity and asset with `release_at` = the end
 *   plus the payout hold;
 * - `release_at` has passed: `creator_earnings` frozen → the organizer's available balance (`ticket_release`),
 *   and the row gets `released_at`. Exactly once: the row is claimed with FOR UPDATE SKIP LOCKED and released
 *   in the same transaction as the entry.
 *
 * The hold is the time in which a complaint about an activity that did not happen as announced can still be
 * looked at before the money is spendable and withdrawable.
 */
export class CreatorEarningsService {
  constructor(private readonly deps: CreatorEarningsDeps) {}

  /**
   * Inside the transaction that settles an activity: moves its escrowed ticket money in one asset into the hold
   * and records the earning. The unique (activity, asset) index refuses a second one.
   */
  async holdTicketEarnings(
    tx: Tx,
    input: { organizerId: number; activityId: number; asset: string; amount: bigint; releaseAt: Date; now: Date },
  ): Promise<CreatorEarningRow> {
    const { entryId } = await ledger.post(tx, {
      kind: 'ticket_earning_hold',
      asset: input.asset,
      movements: [
        { account: { system: 'ticket_escrow' }, bucket: 'available', amount: -input.amount },
        { account: { system: 'creator_earnings' }, bucket: 'frozen', amount: input.amount },
      ],
      reference: `activity:${input.activityId}`,
      memo: { organizerId: input.organizerId, releaseAt: input.releaseAt.toISOString() },
    });
    const [row] = await tx
      .insert(creatorEarnings)
      .values({
        organizerId: input.organizerId,
        activityId: input.activityId,
        assetCode: input.asset,
        amount: input.amount.toString(),
        earnedAt: input.now,
        releaseAt: input.releaseAt,
        holdEntryId: entryId,
      })
      .returning();
    return row!;
  }

  /**
   * Scheduled work, safe in several processes: releases earnings whose hold has passed, one per transaction
   * (one ledger entry each, so no transaction holds the creator_earnings account while waiting for another).
   */
  async releaseDue(limit = 50): Promise<{ released: number }> {
    let released = 0;
    for (let i = 0; i < limit; i++) {
      const done = await this.deps.db.transaction(async (tx) => {
        const now = this.deps.now();
        const claimed = await query<{
          id: string;
          organizer_id: string;
          activity_id: string;
          asset_code: string;
          amount: string;
        }>(
          tx,
          sql`select id, organizer_id, activity_id, asset_code, amount::text from creator_earnings
              where released_at is null and release_at <= ${now.toISOString()}::timestamptz
              order by release_at, id limit 1 for update skip locked`,
        );
        const row = claimed.rows[0];
        if (!row) return false;
        const { entryId } = await ledger.settleFrozen(tx, {
          kind: 'ticket_release',
          asset: row.asset_code,
          from: { system: 'creator_earnings' },
          to: { userId: Number(row.organizer_id) },
          amount: BigInt(row.amount),
          reference: `activity:${row.activity_id}`,
          memo: { creatorEarningId: Number(row.id) },
        });
        await tx
          .update(creatorEarnings)
          .set({ releasedAt: now, releaseEntryId: entryId })
          .where(eq(creatorEarnings.id, Number(row.id)));
        return true;
      });
      if (!done) break;
      released++;
    }
    return { released };
  }

  /** One activity's earnings per asset, held or released. */
  ofActivity(activityId: number): Promise<CreatorEarningRow[]> {
    return this.deps.db
      .select()
      .from(creatorEarnings)
      .where(eq(creatorEarnings.activityId, activityId))
      .orderBy(creatorEarnings.assetCode);
  }
}
