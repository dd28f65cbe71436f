import { Status } from '@polaris/contract';
import type { Database, Tx } from '../../db/client.ts';
import { AppError, FieldsError } from '../../platform/errors.ts';
import { ledger, type Movement } from '../wallet/ledger.ts';
import type { ActivityRow } from './activities.store.ts';
import {
  attendeesOf,
  type DepositHoldRow,
  depositTerms,
  heldDeposits,
  insertHold,
  moveHolds,
} from './deposit.store.ts';
import type { RegistrationRow } from './registrations.store.ts';
import { registrationReference } from './service.ts';

/**
 * The no-show deposit's money, inside the callers' transactions (sign-up, cancellation, seats, check-in,
 * settlement), which hold the activity's lock. docs/activities.md "No-show deposit".
 *
 * Ledger flows (amounts in the deposit's asset):
 * - sign-up (a seat, a request or a waitlist place): user available → user frozen (`activity_deposit_hold`)
 * - check-in, a cancellation before `cancel_by`, a place that ends without a seat, the activity cancelled:
 *   user frozen → user available (`activity_deposit_return`; one entry per asset when the activity is cancelled)
 * - settlement after the end, for the no-shows and late cancellations: each one's frozen → each attendee's
 *   available (an equal share, `split`) and the rest → ticket_escrow, from where it joins the organizer's ticket
 *   money under the payout hold (`activity_deposit_forfeit`, one entry per asset)
 */
export const deposits = {
  /** Whether signing up freezes a deposit: the sign-up then needs the trade password. */
  async required(db: Database | Tx, activityId: number): Promise<boolean> {
    return (await depositTerms(db, activityId)) !== undefined;
  },

  /**
   * Freezes the deposit of a new place, if the activity asks one. `confirmed`: the trade password was checked
   * before the transaction; terms set since then (they cannot be once anyone signed up, but the first sign-up
   * may race the organizer) are refused rather than frozen unconfirmed.
   */
  async hold(tx: Tx, registration: RegistrationRow, confirmed: boolean, now: Date): Promise<void> {
    const terms = await depositTerms(tx, registration.activityId);
    if (!terms) return;
    if (!confirmed) {
      throw new FieldsError([{ field: 'tradePassword', messageKey: 'noShowDeposit.confirmRequired' }], Status.conflict);
    }
    await ledger.freeze(tx, {
      kind: 'activity_deposit_hold',
      asset: terms.assetCode,
      account: { userId: registration.userId },
      amount: BigInt(terms.amount),
      actorId: registration.userId,
      reference: registrationReference(registration.id),
    });
    await insertHold(tx, {
      registrationId: registration.id,
      activityId: registration.activityId,
      userId: registration.userId,
      assetCode: terms.assetCode,
      amount: terms.amount,
      state: 'frozen',
      createdAt: now,
      updatedAt: now,
    });
  },

  /**
   * The holder cancels: back before the deadline, or a place that never had a seat; a seat given up later keeps
   * its deposit frozen (`kept`) until the settlement forfeits it with the no-shows'.
   */
  async cancelled(tx: Tx, registration: RegistrationRow, now: Date): Promise<void> {
    const terms = await depositTerms(tx, registration.activityId);
    const late = terms !== undefined && registration.status === 'approved' && now >= terms.cancelBy;
    if (late) {
      await moveHolds(tx, { registrationIds: [registration.id] }, ['frozen'], 'kept', 'lateCancellation', now);
      return;
    }
    await deposits.giveBack(tx, registration.id, 'cancelled', registration.userId, now);
  },

  /** Returns one place's deposit if it is still held (check-in, a request rejected or expired, the waitlist closed). */
  async giveBack(tx: Tx, registrationId: number, outcome: string, actorId: number | undefined, now: Date) {
    const [moved] = await moveHolds(
      tx,
      { registrationIds: [registrationId] },
      ['frozen', 'kept'],
      'returned',
      outcome,
      now,
    );
    if (!moved) return;
    await ledger.unfreeze(tx, {
      kind: 'activity_deposit_return',
      asset: moved.assetCode,
      account: { userId: moved.userId },
      amount: BigInt(moved.amount),
      actorId,
      reference: registrationReference(registrationId),
      memo: { reason: outcome },
    });
  },

  /** The organizer cancels the activity: every deposit still held goes back, late cancellations' too. */
  async returnAll(tx: Tx, activityId: number, actorId: number, now: Date): Promise<void> {
    const moved = await moveHolds(tx, { activityId }, ['frozen', 'kept'], 'returned', 'activityCancelled', now);
    for (const [asset, holds] of byAsset(moved)) {
      const movements = holds.flatMap((hold): Movement[] => [
        { account: { userId: hold.userId }, bucket: 'frozen', amount: -BigInt(hold.amount) },
        { account: { userId: hold.userId }, bucket: 'available', amount: BigInt(hold.amount) },
      ]);
      await ledger.post(tx, {
        kind: 'activity_deposit_return',
        asset,
        movements,
        actorId,
        reference: `activity:${activityId}`,
        memo: { reason: 'activityCancelled' },
      });
    }
  },

  /**
   * After the end, in the settlement's transaction (claimed once): the deposits of seats not checked in and of
   * late cancellations are forfeited, by a conditional update, so a second run finds none. Split: an equal share
   * to each attendee in base units, the remainder to the organizer; kept (or nobody came): all to the organizer.
   * Answers the organizer's part per asset, now in ticket_escrow, for the caller to hold as ticket money.
   */
  async settle(tx: Tx, activity: ActivityRow, now: Date): Promise<Map<string, bigint>> {
    const organizerParts = new Map<string, bigint>();
    const terms = await depositTerms(tx, activity.id);
    const held = await heldDeposits(tx, activity.id);
    // A place that ended without a seat by a path that did not return its deposit: it was no no-show.
    const unseated = held.filter((h) => h.state === 'frozen' && h.status !== 'approved').map((h) => h.registrationId);
    for (const id of unseated) await deposits.giveBack(tx, id, 'released', undefined, now);
    const lost = held
      .filter((h) => h.state === 'kept' || (h.status === 'approved' && h.checkedInAt === null))
      .map((h) => h.registrationId);
    const forfeited = await moveHolds(tx, { registrationIds: lost }, ['frozen', 'kept'], 'forfeited', 'noShow', now);
    if (forfeited.length === 0) return organizerParts;
    const came = terms?.forfeit === 'split' ? await attendeesOf(tx, activity.id) : [];
    // A deleted account can receive nothing: its share stays in the pool of the others.
    const gone = await ledger.deletedAmong(tx, came);
    const sharers = came.filter((id) => !gone.has(id));
    for (const [asset, holds] of byAsset(forfeited)) {
      const pool = holds.reduce((sum, hold) => sum + BigInt(hold.amount), 0n);
      const { share, rest } = splitPool(pool, sharers.length);
      const movements: Movement[] = holds.map((hold) => ({
        account: { userId: hold.userId },
        bucket: 'frozen',
        amount: -BigInt(hold.amount),
      }));
      if (share > 0n) {
        for (const userId of sharers) movements.push({ account: { userId }, bucket: 'available', amount: share });
      }
      if (rest > 0n) movements.push({ account: { system: 'ticket_escrow' }, bucket: 'available', amount: rest });
      await ledger.post(tx, {
        kind: 'activity_deposit_forfeit',
        asset,
        movements,
        reference: `activity:${activity.id}`,
        memo: {
          forfeit: terms?.forfeit ?? 'organizer',
          noShows: holds.length,
          sharers: share > 0n ? sharers.length : 0,
        },
      });
      if (rest > 0n) organizerParts.set(asset, rest);
    }
    return organizerParts;
  },

  /** A ticket with a deposit is not given away: the deposit is the holder's own money, frozen for their word. */
  async refuseTransfer(tx: Tx, activityId: number): Promise<void> {
    if (await depositTerms(tx, activityId)) throw new AppError(Status.conflict, 'noShowDeposit.noTransfer');
  },
};

/** An equal share of `pool` base units for each of `people`, and what is left (all of it when nobody shares). */
function splitPool(pool: bigint, people: number): { share: bigint; rest: bigint } {
  if (people === 0) return { share: 0n, rest: pool };
  const share = pool / BigInt(people);
  return { share, rest: pool - share * BigInt(people) };
}

function byAsset(holds: DepositHoldRow[]): [string, DepositHoldRow[]][] {
  const grouped = new Map<string, DepositHoldRow[]>();
  for (const hold of holds) grouped.set(hold.assetCode, [...(grouped.get(hold.assetCode) ?? []), hold]);
  // Assets in a fixed order, so two transactions never lock the same accounts in opposite orders.
  return [...grouped.entries()].sort(([a], [b]) => a.localeCompare(b));
}
