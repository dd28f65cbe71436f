import { z } from 'zod';
import { PAYMENT_STATES, REFUND_RIGHT_REASONS, REGISTRATION_STATUSES } from '../activity-constants.ts';

/** A person's place at an activity, which is also their ticket, as its holder sees it. */

export const RegistrationOutput = z.object({
  id: z.string(),
  activityId: z.string(),
  status: z.enum(REGISTRATION_STATUSES),
  checkedIn: z.boolean(),
  checkedInAt: z.string().nullable(),
  ticketType: z.object({ id: z.string(), name: z.string() }),
  asset: z.string().nullable(),
  /** The list price; `discount` came off it by `promoCode`. */
  price: z.string(),
  discount: z.string(),
  promoCode: z.string().nullable(),
  paid: z.string(),
  refunded: z.string(),
  paymentState: z.enum(PAYMENT_STATES),
  /** 1 for the next person to be promoted; null unless waitlisted. */
  waitlistPosition: z.number().nullable(),
  /** The signed ticket code to show as a QR code; only while the ticket is valid (approved). */
  qr: z.string().nullable(),
  answers: z.record(z.string(), z.string()),
  /** Why the record ended as it did, e.g. lateCancellation, rejected, waitlistClosed, activityCancelled. */
  note: z.string().nullable(),
  /**
   * The organizer changed the start or the venue of this paid place: cancelling before this time refunds in
   * full, whatever the 24-hour rule says. Null when no such change happened.
   */
  fullRefundUntil: z.string().nullable(),
  fullRefundReason: z.enum(REFUND_RIGHT_REASONS).nullable(),
  createdAt: z.string(),
});
export type Registration = z.infer<typeof RegistrationOutput>;
