import { type RefundRightReason, refundsInFull } from '@polaris/contract';
import type { ActivityRow, TicketTypeRow } from './activities.store.ts';
import type { SeatCounts } from './registrations.store.ts';

/** The pure rules of activities: where one stands in time, who fits, what a cancellation refunds, what an edit changed. */

/** A place that still holds (or waits for) a seat. */
export const LIVE_STATUSES = ['pending', 'approved', 'waitlisted'] as const;

export function phaseOf(row: Pick<ActivityRow, 'startsAt' | 'endsAt'>, now: Date): 'upcoming' | 'ongoing' | 'ended' {
  if (now < row.startsAt) return 'upcoming';
  if (now < row.endsAt) return 'ongoing';
  return 'ended';
}

/** Whether one more person fits: the activity's capacity and the ticket type's. */
export function hasSeat(activity: Pick<ActivityRow, 'capacity'>, type: TicketTypeRow, counts: SeatCounts): boolean {
  if (activity.capacity !== null && counts.taken >= activity.capacity) return false;
  if (type.capacity !== null && (counts.byType.get(type.id) ?? 0) >= type.capacity) return false;
  return true;
}

/**
 * The refund rule when an attendee cancels a paid ticket: in full until 24 hours before the start, or until the
 * start when the organizer changed the start or the venue while the place was held (`fullRefundUntil`); after
 * that nothing, and the price goes to the organizer with the rest at the end. Cancelling the whole activity
 * always refunds everything.
 */
export function refundOnCancel(paid: bigint, startsAt: Date, fullRefundUntil: Date | null, now: Date): bigint {
  return refundsInFull(startsAt, fullRefundUntil, now) ? paid : 0n;
}

/**
 * What an edit changed that attendees must hear about: the start, or the venue (online or not, city, address,
 * map position). A new online link is not a new venue; holders see it on the page.
 */
export function changeReason(before: ActivityRow, after: ActivityRow): RefundRightReason | null {
  const time = before.startsAt.getTime() !== after.startsAt.getTime();
  const venue =
    (before.onlineUrl === null) !== (after.onlineUrl === null) ||
    before.city !== after.city ||
    before.address !== after.address ||
    before.latitude !== after.latitude ||
    before.longitude !== after.longitude;
  if (time && venue) return 'timeAndVenueChanged';
  if (time) return 'timeChanged';
  return venue ? 'venueChanged' : null;
}
