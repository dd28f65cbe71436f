import { z } from 'zod';
import { text } from '../text.ts';
import { amountField } from '../wallet.ts';
import { TicketTypeOutput } from './activities.ts';
import { activityIdField, assetCodeField, dateTime, rowId } from './fields.ts';

/**
 * Promo codes (docs/activities.md "Promo codes"): an organizer's codes per activity, checked on the sign-up
 * screen before paying, and listed, created and disabled on the manage pages.
 */

export const PROMO_KINDS = ['percent', 'amount', 'free'] as const;

/** What a code may be typed as: letters, digits, `-` and `_`; compared case-insensitively. */
const promoCodeField = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_-]{3,32}$/, { error: 'activity.promoCodeFormat' });

export const PromoCreateInput = z.object({
  activityId: activityIdField,
  code: promoCodeField,
  kind: z.enum(PROMO_KINDS),
  /** percent: 1–99 (100 % is `free`). */
  percentOff: z.coerce.number().int().min(1).max(99).optional(),
  /** amount: a decimal in `asset`; the code then applies to ticket types priced in that asset. */
  amountOff: amountField.optional(),
  asset: assetCodeField.optional(),
  /** The ticket types it is for (ids); empty: every type. A hidden type listed here is shown by the code. */
  ticketTypeIds: z.array(text().max(20)).max(10).default([]),
  maxUses: z.coerce.number().int().min(1).max(100_000),
  validFrom: dateTime.nullable().optional(),
  validUntil: dateTime.nullable().optional(),
});
export type PromoCreate = z.output<typeof PromoCreateInput>;

export const PromoRefInput = z.object({ activityId: activityIdField, promoId: rowId });

export const PromoCodeOutput = z.object({
  id: z.string(),
  code: z.string(),
  kind: z.enum(PROMO_KINDS),
  percentOff: z.number().nullable(),
  amountOff: z.string().nullable(),
  asset: z.string().nullable(),
  /** Empty: every ticket type. */
  ticketTypeIds: z.array(z.string()),
  maxUses: z.number(),
  uses: z.number(),
  validFrom: z.string().nullable(),
  validUntil: z.string().nullable(),
  disabled: z.boolean(),
  createdAt: z.string(),
});
export type PromoCode = z.infer<typeof PromoCodeOutput>;
export const PromoListOutput = z.object({ items: z.array(PromoCodeOutput) });

/** `POST /activity/promo/check`: a guest's code before paying (a POST, so the code stays out of URLs and logs). */
export const PromoCheckInput = z.object({ activityId: activityIdField, code: text().min(1).max(40) });
export const PromoCheckOutput = z.object({
  /** The code as the organizer wrote it. */
  code: z.string(),
  /** Hidden ticket types the code shows, to sign up with. */
  unlocked: z.array(TicketTypeOutput),
  /** What each ticket type the code is for costs with it: list price, discount, what is paid (decimals). */
  prices: z.array(z.object({ ticketTypeId: z.string(), price: z.string(), discount: z.string(), pay: z.string() })),
});
export type PromoCheck = z.infer<typeof PromoCheckOutput>;
