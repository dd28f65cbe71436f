/**
 * The plain values of activities (categories, statuses, limits), apart from their zod schemas in activity.ts:
 * the web's first screen needs the categories but none of zod (docs/performance.md "First screen").
 */

export const ACTIVITY_CATEGORIES = [
  'meetup',
  'conference',
  'workshop',
  'party',
  'web3',
  'tech',
  'sports',
  'outdoor',
  'art',
  'music',
  'food',
  'other',
] as const;
export type ActivityCategory = (typeof ACTIVITY_CATEGORIES)[number];

export const ACTIVITY_STATUSES = ['draft', 'published', 'cancelled'] as const;
export const ACTIVITY_PHASES = ['upcoming', 'ongoing', 'ended'] as const;
export const REGISTRATION_STATUSES = ['pending', 'approved', 'waitlisted', 'rejected', 'cancelled'] as const;
export type RegistrationStatus = (typeof REGISTRATION_STATUSES)[number];
export const PAYMENT_STATES = ['none', 'frozen', 'escrow', 'refunded', 'released'] as const;
/** Attendee list filters: the registration statuses plus `checkedIn` (approved and checked in). */
export const ATTENDEE_FILTERS = [...REGISTRATION_STATUSES, 'checkedIn'] as const;

/** Upload limits for cover images. */
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const IMAGE_WIDTHS = [320, 640, 1280] as const;
/** A paid ticket cancelled at least this long before the start is refunded in full; later, nothing. */
export const FULL_REFUND_BEFORE_START_MS = 24 * 3_600_000;
/** What the organizer changed that gave a paid place a full-refund right until the (new) start. */
export const REFUND_RIGHT_REASONS = ['timeChanged', 'venueChanged', 'timeAndVenueChanged'] as const;
export type RefundRightReason = (typeof REFUND_RIGHT_REASONS)[number];

/**
 * Whether an attendee cancelling a paid ticket at `now` gets it back in full: before the start, and either at
 * least 24 hours before it or within a right the organizer's change of the start or venue gave them.
 */
export function refundsInFull(
  startsAt: Date | string,
  fullRefundUntil: Date | string | null,
  now: Date | number = Date.now(),
): boolean {
  const at = typeof now === 'number' ? now : now.getTime();
  const start = new Date(startsAt).getTime();
  if (at >= start) return false;
  if (start - at >= FULL_REFUND_BEFORE_START_MS) return true;
  return fullRefundUntil !== null && at < new Date(fullRefundUntil).getTime();
}
/** Attendees may check themselves in from this long before the start until the end. */
export const CHECKIN_OPENS_BEFORE_START_MS = 3_600_000;
/** The rotating sign-in code changes every window; the current and the previous one are accepted. */
export const SIGN_CODE_WINDOW_MS = 60_000;

/** Calendar list filters. */
export const CALENDAR_FILTERS = ['all', 'joined', 'hosted', 'own'] as const;

/** The organizer's hosting list (my activities → hosting): upcoming (published, not ended), drafts, past (ended or cancelled). */
export const HOSTING_GROUPS = ['upcoming', 'drafts', 'past'] as const;
export type HostingGroup = (typeof HOSTING_GROUPS)[number];
