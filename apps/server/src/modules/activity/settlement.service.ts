import { formatAmount } from '@polaris/contract';
import type { Database, Tx } from '../../db/client.ts';
import type { Links } from '../../platform/links.ts';
import { eachClaimed, FailingItems, ItemsFailed } from '../../platform/worker.ts';
import type { CreatorEarningsService } from '../master/service.ts';
import { ledger, type Movement } from '../wallet/ledger.ts';
import {
  activityById,
  assetDecimals,
  claimEndedActivity,
  countEndedUnsettled,
  lockActivity,
  markActivityCancelled,
  markSettled,
  tryLockActivity,
} from './activities.store.ts';
import { deposits } from './deposit.ts';
import type { ActivityEvents } from './events.ts';
import type { ActivityNoticeService, CancelledPlace } from './notify.service.ts';
import { canCancelActivity, cancelActivityRefusal } from './policy.ts';
import { activitiesWithWaitlist, lockAllRegistrations, updateRegistration } from './registrations.store.ts';
import { LIVE_STATUSES } from './rules.ts';
import type { SeatService } from './seats.service.ts';
import { managedActivity } from './service.ts';
import { referrersOf, termsOf } from './split.store.ts';
import { type SplitTicket, splitRevenue } from './split.ts';

export interface SettlementDeps {
  db: Database;
  now: () => Date;
  links: Links;
  seats: SeatService;
  /** Where ticket money waits after the end until the payout hold has passed. */
  earnings: CreatorEarningsService;
  /** How long after the end the organizer's ticket money stays frozen (PAYOUT_HOLD_HOURS). */
  payoutHoldMs: number;
  events?: ActivityEvents;
  /** Tells every place of a cancelled activity, after the commit (notify.service.ts). */
  notices?: ActivityNoticeService;
}

/**
 * Where an activity's ticket money ends: everyone refunded when the organizer cancels it, or the organizer's
 * after the end (through creator earnings and the payout hold). Also the scheduled work that settles ended
 * activities and fills seats a crash left free.
 *
 * Ledger flows (amounts in the ticket's asset):
 * - the activity is cancelled: ticket_escrow → each attendee, and each hold frozen → available, one entry per
 *   asset (`ticket_refund`)
 * - after the end: ticket_escrow → creator_earnings frozen, one entry per asset (`ticket_earning_hold`), split
 *   between the organizer, co-hosts and referrers by the activity's terms (one creator earning each); after the
 *   payout hold the earnings service releases each into its payee's withdrawable earnings (`ticket_release`)
 */
export class SettlementService {
  /** Activities whose settlement failed, held out of the next runs for a while (platform/worker.ts). */
  private readonly failing: FailingItems;

  constructor(private readonly deps: SettlementDeps) {
    this.failing = new FailingItems({ now: () => deps.now().getTime() });
  }

  private get db() {
    return this.deps.db;
  }

  /**
   * The organizer cancels the activity: every registration ends, and everyone gets back exactly what is still
   * held for them (escrow, including late cancellations' forfeits, and frozen holds). One ledger entry per asset.
   * Everyone whose place ended or whose money came back is told after the commit (with the invite's CANCEL).
   */
  async cancelActivity(organizerId: number, code: string) {
    const activity = await managedActivity(this.db, code, organizerId, canCancelActivity);
    const result = await this.db.transaction(async (tx) => {
      const row = await lockActivity(tx, activity.row.id);
      const now = this.deps.now();
      const refused = cancelActivityRefusal({ ...activity, status: row.status, row }, organizerId, now);
      if (refused) throw refused;
      const all = await lockAllRegistrations(tx, row.id);
      const movements = new Map<string, Movement[]>();
      const add = (asset: string, ...items: Movement[]) =>
        movements.set(asset, [...(movements.get(asset) ?? []), ...items]);
      const decimals = await assetDecimals(tx);
      const told: CancelledPlace[] = [];
      let cancelled = 0;
      for (const registration of all) {
        const remaining = BigInt(registration.paid) - BigInt(registration.refunded);
        const asset = registration.assetCode;
        const account = { userId: registration.userId };
        if (asset && remaining > 0n && registration.paymentState === 'frozen') {
          add(
            asset,
            { account, bucket: 'frozen', amount: -remaining },
            { account, bucket: 'available', amount: remaining },
          );
        }
        if (asset && remaining > 0n && registration.paymentState === 'escrow') {
          add(
            asset,
            { account: { system: 'ticket_escrow' }, bucket: 'available', amount: -remaining },
            { account, bucket: 'available', amount: remaining },
          );
        }
        const live = (LIVE_STATUSES as readonly string[]).includes(registration.status);
        if (live) cancelled++;
        if (live || remaining > 0n) {
          const refundsMoney =
            asset !== null && remaining > 0n && ['frozen', 'escrow'].includes(registration.paymentState);
          told.push({
            registrationId: registration.id,
            refunded: refundsMoney ? { units: remaining.toString(), asset: asset! } : null,
            hadSeat: registration.status === 'approved',
          });
          await updateRegistration(tx, registration.id, {
            status: live ? 'cancelled' : registration.status,
            note: live ? 'activityCancelled' : registration.note,
            cancelledAt: live ? now : registration.cancelledAt,
            updatedAt: now,
            ...(refundsMoney ? { paymentState: 'refunded', refunded: registration.paid } : {}),
          });
        }
      }
      const refunded: { asset: string; amount: string }[] = [];
      // Assets in a fixed order, so two settlements never lock the same accounts in opposite orders.
      for (const asset of [...movements.keys()].sort()) {
        const list = movements.get(asset)!;
        await ledger.post(tx, {
          kind: 'ticket_refund',
          asset,
          movements: list,
          actorId: organizerId,
          reference: `activity:${row.id}`,
          memo: { reason: 'activityCancelled' },
        });
        const total = list.filter((m) => m.amount > 0n && m.bucket === 'available').reduce((s, m) => s + m.amount, 0n);
        refunded.push({ asset, amount: formatAmount(total, decimals.get(asset) ?? 0) });
      }
      await deposits.returnAll(tx, row.id, organizerId, now);
      await markActivityCancelled(tx, row.id, now);
      // Every place is told through the outbox: however many there are, the organizer's request does not wait.
      await this.deps.notices?.later(tx, 'activity.cancelled', { activityId: row.id, places: told });
      return { cancelled, refunded, told };
    });
    await this.deps.events?.emit({ type: 'cancelled', activityId: activity.row.id });
    return { cancelled: result.cancelled, refunded: result.refunded };
  }

  /** Activities past their end and not settled yet (`processDue`), counted up to `limit`: the backlog metric (docs/jobs.md). */
  backlog(limit = 10_000): Promise<number> {
    return countEndedUnsettled(this.db, this.deps.now(), limit);
  }

  /**
   * Scheduled work, safe in several processes: each activity is claimed with FOR UPDATE SKIP LOCKED.
   * - After the end: pending holds are released, the waitlist is closed, and what is in escrow for the activity
   *   goes into the organizer's creator earnings, frozen until the end plus the payout hold.
   * - Before it: seats freed without a promotion (a crash between a cancellation and its promotion) are filled.
   */
  async processDue(limit = 50): Promise<{ settled: number; promoted: number }> {
    const failures: { id: number; error: unknown }[] = [];
    // A settlement that fails holds up neither the others (eachClaimed) nor the promotions below.
    const settled = await eachClaimed('activity', this.failing, limit, (skip, claimed) =>
      this.db.transaction(async (tx) => {
        const now = this.deps.now();
        const id = await claimEndedActivity(tx, now, skip);
        if (id === null) return false;
        claimed(id);
        await this.settle(tx, id, now);
        return true;
      }),
    ).catch((error: unknown) => {
      if (!(error instanceof ItemsFailed)) throw error;
      failures.push(...error.failures);
      return error.done;
    });

    let promoted = 0;
    for (const id of await activitiesWithWaitlist(this.db, this.deps.now(), limit)) {
      try {
        for (;;) {
          const outcome = await this.db.transaction(async (tx) => {
            const claimed = await tryLockActivity(tx, id);
            // Another process holds it: that process is promoting or settling it right now.
            if (!claimed) return 'none' as const;
            return this.deps.seats.promoteNext(tx, id, claimed);
          });
          if (outcome === 'none') break;
          promoted++;
          await this.deps.seats.promoted(id, outcome);
        }
      } catch (error) {
        failures.push({ id, error });
      }
    }
    if (failures.length > 0) throw new ItemsFailed('activity', failures, settled + promoted);
    return { settled, promoted };
  }

  private async settle(tx: Tx, activityId: number, now: Date) {
    const row = await activityById(tx, activityId);
    const all = await lockAllRegistrations(tx, activityId);
    const referrers = await referrersOf(tx, activityId);
    const tickets = new Map<string, SplitTicket[]>();
    for (const registration of all) {
      if (registration.status === 'pending') {
        await this.deps.seats.releaseHold(tx, registration, 'rejected', 'expired');
        continue;
      }
      if (registration.status === 'waitlisted') {
        await this.deps.seats.releaseHold(tx, registration, 'cancelled', 'waitlistClosed');
        continue;
      }
      const remaining = BigInt(registration.paid) - BigInt(registration.refunded);
      const asset = registration.assetCode;
      if (registration.paymentState === 'escrow' && remaining > 0n && asset) {
        const referrerId = registration.inviteCode ? (referrers.get(registration.inviteCode) ?? null) : null;
        const list = tickets.get(asset) ?? [];
        list.push({ amount: remaining, holderId: registration.userId, referrerId });
        tickets.set(asset, list);
        await updateRegistration(tx, registration.id, { paymentState: 'released', updatedAt: now });
      }
    }
    // Forfeited deposits' organizer part joins the ticket money, under the same split and payout hold.
    for (const [asset, amount] of await deposits.settle(tx, row, now)) {
      tickets.set(asset, [...(tickets.get(asset) ?? []), { amount, holderId: row.organizerId, referrerId: null }]);
    }
    // Not the payees' yet: the hold runs from the end, so moving the start (or the end) closer cannot make
    // the money spendable before attendees could react to the change.
    const releaseAt = new Date(row.endsAt.getTime() + this.deps.payoutHoldMs);
    // The terms as they stand now, under the activity's lock: the split is applied once, here.
    const terms = tickets.size > 0 ? await termsOf(tx, activityId) : { referralBp: 0, cohosts: [] };
    for (const asset of [...tickets.keys()].sort()) {
      const list = tickets.get(asset)!;
      await this.deps.earnings.holdTicketEarnings(tx, {
        activityId,
        organizerId: row.organizerId,
        asset,
        amount: list.reduce((sum, ticket) => sum + ticket.amount, 0n),
        parts: splitRevenue(row.organizerId, list, terms),
        releaseAt,
        now,
      });
    }
    await markSettled(tx, activityId, now);
  }
}
