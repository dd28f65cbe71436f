import { z } from 'zod';
import { idCursor } from '../cursors.ts';
import { totpCodeField } from '../security.ts';
import { text } from '../text.ts';
import { idempotencyKeyField, tradePasswordField } from '../wallet.ts';
import { ActivitySummaryOutput } from './activities.ts';
import { activityIdField, limitField } from './fields.ts';
import { RegistrationOutput } from './registrations.ts';

/** Signing up, cancelling, giving a ticket away, and the user's tickets. */

export const SignUpInput = z.object({
  activityId: activityIdField,
  ticketTypeId: text().max(20).optional(),
  answers: z.record(z.string().max(20), text().max(500)).default({}),
  inviteCode: text().max(40).optional(),
  /** A promo code (docs/activities.md "Promo codes"); a wrong one is a field error on `promoCode`. */
  promoCode: text().max(40).optional(),
  /** Required for a priced ticket: paying, holding for approval, or a waitlist place that is charged on promotion. */
  tradePassword: tradePasswordField.optional(),
  idempotencyKey: idempotencyKeyField.optional(),
});
export const ActivityRefInput = z.object({ activityId: activityIdField });

/** Give one's ticket to another user by their uid (a gift: what was paid stays with the ticket). */
export const TicketTransferInput = z.object({
  activityId: activityIdField,
  toUid: z
    .string()
    .trim()
    .regex(/^\d{8,12}$/, { error: 'activity.transferUidInvalid' }),
  /** Google Authenticator code or recovery code, when it is on (docs/security-centre.md, second factor). */
  totp: totpCodeField.optional(),
});

export const MyTicketsInput = z.object({
  when: z.enum(['upcoming', 'past', 'all']).default('upcoming'),
  cursor: idCursor,
  limit: limitField,
});
export const TicketOutput = RegistrationOutput.extend({ activity: ActivitySummaryOutput });
export const TicketsOutput = z.object({ items: z.array(TicketOutput), nextCursor: z.string().nullable() });
