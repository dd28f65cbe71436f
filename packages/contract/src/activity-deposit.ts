import { z } from 'zod';
import { activityIdField, assetCodeField, dateTime } from './activity/fields.ts';
import { amountField } from './wallet.ts';

/**
 * The no-show deposit on free activities (docs/activities.md "No-show deposit"): frozen at sign-up, returned at
 * check-in or on a cancellation before `cancelBy`; otherwise split among those who came or kept by the organizer.
 */

export const DEPOSIT_FORFEITS = ['split', 'organizer'] as const;
export type DepositForfeit = (typeof DEPOSIT_FORFEITS)[number];

export const DEPOSIT_STATES = ['frozen', 'kept', 'returned', 'forfeited'] as const;

/** `POST /activity/deposit`: the organizer's terms, or `deposit: null` to ask none; only before any sign-up. */
export const DepositSetInput = z.object({
  activityId: activityIdField,
  deposit: z
    .object({
      asset: assetCodeField,
      /** Decimal string in the asset's units. */
      amount: amountField,
      /** Until when a cancellation gets the deposit back; at the latest the activity's start. */
      cancelBy: dateTime,
      forfeit: z.enum(DEPOSIT_FORFEITS),
    })
    .nullable(),
});
export type DepositSetRequest = z.infer<typeof DepositSetInput>;

export const DepositRefInput = z.object({ activityId: activityIdField });

export const DepositTermsOutput = z.object({
  asset: z.string(),
  /** Decimal string in the asset's units. */
  amount: z.string(),
  cancelBy: z.string(),
  forfeit: z.enum(DEPOSIT_FORFEITS),
});
export type DepositTerms = z.infer<typeof DepositTermsOutput>;

/** An activity's deposit terms, whether its organizer may still change them, and the caller's own deposit. */
export const DepositOutput = z.object({
  deposit: DepositTermsOutput.nullable(),
  /** The caller organizes it and nobody has signed up yet. */
  editable: z.boolean(),
  mine: z
    .object({
      state: z.enum(DEPOSIT_STATES),
      amount: z.string(),
      asset: z.string(),
      /** Why it ended as it did (`checkedIn`, `cancelled`, `noShow`…), null while frozen. */
      outcome: z.string().nullable(),
    })
    .nullable(),
});
export type DepositView = z.infer<typeof DepositOutput>;
