import { z } from 'zod';
import { ATTENDEE_FILTERS, PAYMENT_STATES, REGISTRATION_STATUSES } from '../activity-constants.ts';
import { idCursor } from '../cursors.ts';
import { text } from '../text.ts';
import { emailField } from '../validation.ts';
import { activityIdField, PersonOutput, rowId, uidField } from './fields.ts';

/** What the organizer and co-hosts do: the overview, the attendee list, approvals, invitations, promotion, cancelling. */

export const RegistrationRefInput = z.object({ activityId: activityIdField, registrationId: rowId });

export const OverviewOutput = z.object({
  counts: z.object({
    pending: z.number(),
    approved: z.number(),
    waitlisted: z.number(),
    checkedIn: z.number(),
    rejected: z.number(),
    cancelled: z.number(),
  }),
  capacity: z.number().nullable(),
  seatsTaken: z.number(),
  /** What is held in ticket escrow for this activity, per asset. */
  escrow: z.array(z.object({ asset: z.string(), amount: z.string() })),
  /** Earned after the end and frozen in creator earnings until `releaseAt` (the end plus the payout hold). */
  held: z.array(z.object({ asset: z.string(), amount: z.string(), releaseAt: z.string() })),
  /** Paid out: in the organizer's own available balance. */
  released: z.array(z.object({ asset: z.string(), amount: z.string() })),
  /** Tickets sold with each promo code (not refunded), what the codes took off and what was paid, per asset. */
  discounts: z.array(
    z.object({ code: z.string(), asset: z.string(), tickets: z.number(), discount: z.string(), paid: z.string() }),
  ),
});

export const AttendeesInput = z.object({
  activityId: activityIdField,
  status: z.enum(ATTENDEE_FILTERS).optional(),
  cursor: idCursor,
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export const AttendeeOutput = z.object({
  registrationId: z.string(),
  user: PersonOutput.extend({ email: z.string() }),
  status: z.enum(REGISTRATION_STATUSES),
  checkedIn: z.boolean(),
  checkedInAt: z.string().nullable(),
  ticketType: z.string(),
  asset: z.string().nullable(),
  /** The list price, the promo code used and what it took off; `paid` is what was charged. */
  price: z.string(),
  promoCode: z.string().nullable(),
  discount: z.string(),
  paid: z.string(),
  paymentState: z.enum(PAYMENT_STATES),
  waitlistPosition: z.number().nullable(),
  answers: z.record(z.string(), z.string()),
  note: z.string().nullable(),
  createdAt: z.string(),
});
export const AttendeesOutput = z.object({ items: z.array(AttendeeOutput), nextCursor: z.string().nullable() });

export const InviteInput = z.object({
  activityId: activityIdField,
  emails: z.array(emailField).max(20).default([]),
});
export const InviteOutput = z.object({ code: z.string(), link: z.string(), mailed: z.number() });

export const MarketingInput = z.object({
  activityId: activityIdField,
  featured: z.boolean().optional(),
  shareTitle: text().max(120).nullable().optional(),
  shareText: text().max(500).nullable().optional(),
});
export const CohostInput = z.object({ activityId: activityIdField, uid: uidField });

export const CancelActivityInput = z.object({ activityId: activityIdField });
export const CancelActivityOutput = z.object({
  cancelled: z.number(),
  refunded: z.array(z.object({ asset: z.string(), amount: z.string() })),
});
