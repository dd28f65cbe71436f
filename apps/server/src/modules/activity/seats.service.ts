import { Status } from '@polaris/contract';
import type { Database, Tx } from '../../db/client.ts';
import { AppError } from '../../platform/errors.ts';
import { ledger } from '../wallet/ledger.ts';
import { type ActivityRow, lockActivity, ticketTypeById } from './activities.store.ts';
import { deposits } from './deposit.ts';
import type { ActivityEvents } from './events.ts';
import { openPlacesOf } from './holdings.store.ts';
import type { ActivityNoticeService } from './notify.service.ts';
import { claimPromoUse } from './promo.store.ts';
import {
  lockRegistration,
  type RegistrationRow,
  seatCounts,
  updateRegistration,
  waitlist,
} from './registrations.store.ts';
import { hasSeat, phaseOf } from './rules.ts';
import { managedActivity, registrationReference, registrationView } from './service.ts';

const conflict = (key: string) => new AppError(Status.conflict, key);

/**
 * Who gets a seat after signing up: a host approves or rejects a pending request, and free seats go to the
 * waitlist in sign-up order.
 *
 * Ledger flows (amounts in the ticket's asset):
 * - approval, or promotion from the waitlist: user frozen → ticket_escrow (`ticket_payment`)
 * - rejection, or a hold that ends unused (expired, waitlist closed): user frozen → user available
 *   (`ticket_hold_release`)
 */
export class SeatService {
  constructor(
    private readonly deps: {
      db: Database;
      now: () => Date;
      events?: ActivityEvents;
      /** Tells the person whose place changed, after the commit (notify.service.ts). */
      notices?: ActivityNoticeService;
    },
  ) {}

  private get db() {
    return this.deps.db;
  }

  /** Tickets and hosted activities still open, for deleting the account (in the deletion's transaction). */
  openPlacesOf(db: Database | Tx, userId: number, now: Date) {
    return openPlacesOf(db, userId, now);
  }

  /**
   * Fill free seats from the waitlist, in sign-up order. Each promotion is its own transaction with one ledger
   * entry (the held price moves from the person's frozen balance into escrow), so no transaction holds the
   * escrow account while it waits for another account.
   */
  async promoteAll(activityId: number): Promise<{ promoted: number }> {
    let promoted = 0;
    for (;;) {
      const outcome = await this.db.transaction((tx) => this.promoteNext(tx, activityId));
      if (outcome === 'none') break;
      promoted++;
      await this.promoted(activityId, outcome);
    }
    return { promoted };
  }

  /** After a promotion's commit: the activity's followers (chat) hear of it (the person, through the outbox). */
  async promoted(activityId: number, outcome: { userId: number; registrationId: number }) {
    await this.ticketHeld(activityId, outcome.userId);
  }

  /** Tells the activity's followers (chat) that someone holds a ticket now; called after the commit. */
  ticketHeld(activityId: number, userId: number) {
    return this.deps.events?.emit({ type: 'ticketHeld', activityId, userId });
  }

  /**
   * Promotes the first waitlisted place that fits, under the activity's lock (taken here unless `row` is given),
   * and answers whose it was; the caller calls `promoted` after its transaction commits.
   */
  async promoteNext(
    tx: Tx,
    activityId: number,
    row?: ActivityRow,
  ): Promise<{ userId: number; registrationId: number } | 'none'> {
    const activity = row ?? (await lockActivity(tx, activityId));
    const now = this.deps.now();
    if (activity.status !== 'published' || phaseOf(activity, now) === 'ended') return 'none';
    const counts = (await seatCounts(tx, [activityId])).get(activityId)!;
    if (activity.capacity !== null && counts.taken >= activity.capacity) return 'none';
    const fits = (await waitlist(tx, activityId)).filter(({ type }) => hasSeat(activity, type, counts));
    let candidate: RegistrationRow | undefined;
    for (const { registration } of fits) {
      if (await this.claimUse(tx, registration)) {
        candidate = registration;
        break;
      }
      // Its price was held with the code's discount, and the code has no use left: the place ends, its hold
      // goes back, and the seat goes to the next in line.
      await this.releaseHold(tx, registration, 'cancelled', 'promoUsedUp');
    }
    if (!candidate) return 'none';
    const held = BigInt(candidate.paid);
    if (candidate.paymentState === 'frozen' && held > 0n) {
      // The price was held when they joined the waitlist, so promotion cannot fail for want of money.
      await ledger.settleFrozen(tx, {
        kind: 'ticket_payment',
        asset: candidate.assetCode!,
        from: { userId: candidate.userId },
        to: { system: 'ticket_escrow' },
        amount: held,
        reference: registrationReference(candidate.id),
        memo: { promotedFromWaitlist: true },
      });
    }
    await updateRegistration(tx, candidate.id, {
      status: 'approved',
      approvedAt: now,
      updatedAt: now,
      promoUseClaimed: candidate.promoCodeId !== null,
      ...(candidate.paymentState === 'frozen' ? { paymentState: 'escrow' } : {}),
    });
    await this.deps.notices?.later(tx, 'activity.promoted', { registrationId: candidate.id });
    return { userId: candidate.userId, registrationId: candidate.id };
  }

  /** Approve a pending request: it takes a seat, and a frozen price moves into escrow. */
  async approve(hostId: number, code: string, registrationId: number) {
    const activity = await managedActivity(this.db, code, hostId);
    let holder = 0;
    const approved = await this.db.transaction(async (tx) => {
      const row = await lockActivity(tx, activity.row.id);
      const mine = await this.lockPlace(tx, row.id, registrationId);
      if (mine.status !== 'pending') throw conflict('activity.notPending');
      const now = this.deps.now();
      if (row.status === 'cancelled') throw conflict('activity.cancelled');
      if (phaseOf(row, now) === 'ended') throw conflict('activity.ended');
      const type = await ticketTypeById(tx, mine.ticketTypeId);
      const counts = (await seatCounts(tx, [row.id])).get(row.id)!;
      if (!hasSeat(row, type!, counts)) throw conflict('activity.full');
      if (!(await this.claimUse(tx, mine))) throw conflict('activity.promoUsedUp');
      const paid = BigInt(mine.paid);
      if (mine.paymentState === 'frozen' && paid > 0n) {
        await ledger.settleFrozen(tx, {
          kind: 'ticket_payment',
          asset: mine.assetCode!,
          from: { userId: mine.userId },
          to: { system: 'ticket_escrow' },
          amount: paid,
          actorId: hostId,
          reference: registrationReference(mine.id),
        });
      }
      const updated = await updateRegistration(tx, mine.id, {
        status: 'approved',
        approvedAt: now,
        updatedAt: now,
        promoUseClaimed: mine.promoCodeId !== null,
        paymentState: mine.paymentState === 'frozen' ? 'escrow' : mine.paymentState,
      });
      holder = mine.userId;
      await this.deps.notices?.later(tx, 'activity.approved', { registrationId: mine.id });
      return registrationView(tx, row, updated);
    });
    await this.ticketHeld(activity.row.id, holder);
    return approved;
  }

  /** Reject a pending request: the frozen price goes back to the person's available balance. */
  async reject(hostId: number, code: string, registrationId: number) {
    const activity = await managedActivity(this.db, code, hostId);
    const rejected = await this.db.transaction(async (tx) => {
      const row = await lockActivity(tx, activity.row.id);
      const mine = await this.lockPlace(tx, row.id, registrationId);
      if (mine.status !== 'pending') throw conflict('activity.notPending');
      const updated = await this.releaseHold(tx, mine, 'rejected', 'rejected', hostId);
      await this.deps.notices?.later(tx, 'activity.declined', { registrationId });
      return registrationView(tx, row, updated);
    });
    return rejected;
  }

  /** Ends a place that never got a seat (`status`, with why in `note`); a frozen price goes back. */
  async releaseHold(tx: Tx, mine: RegistrationRow, status: string, note: string, actorId?: number) {
    const paid = BigInt(mine.paid);
    if (mine.paymentState === 'frozen' && paid > 0n) {
      await ledger.unfreeze(tx, {
        kind: 'ticket_hold_release',
        asset: mine.assetCode!,
        account: { userId: mine.userId },
        amount: paid,
        actorId,
        reference: registrationReference(mine.id),
      });
    }
    const now = this.deps.now();
    await deposits.giveBack(tx, mine.id, note, actorId, now);
    return updateRegistration(tx, mine.id, {
      status,
      note,
      cancelledAt: now,
      updatedAt: now,
      ...(mine.paymentState === 'frozen' ? { paymentState: 'refunded', refunded: mine.paid } : {}),
    });
  }

  /** A place that got its seat takes its code's use now (none to take: true); false when the code is used up. */
  private async claimUse(tx: Tx, place: RegistrationRow): Promise<boolean> {
    if (place.promoCodeId === null || place.promoUseClaimed) return true;
    return claimPromoUse(tx, place.promoCodeId);
  }

  private async lockPlace(tx: Tx, activityId: number, registrationId: number): Promise<RegistrationRow> {
    const row = await lockRegistration(tx, activityId, registrationId);
    if (!row) throw new AppError(Status.notFound, 'http.404');
    return row;
  }
}
