import { z } from 'zod';
import { assetCodeField, limitField } from './activity/fields.ts';
import { idCursor } from './cursors.ts';
import { totpCodeField } from './security.ts';
import { SPLIT_ROLES } from './split.ts';
import { amountField, idempotencyKeyField, tradePasswordField } from './wallet.ts';

/**
 * Creator earnings (SPEC §2 `my/distribution`, `my/creatorStatistics`; the `/open/master/*` and
 * `/open/ticket/*` calls). Amounts are decimal strings in the asset's units; days are UTC calendar days.
 */

/** How many days a statistics chart covers, ending today. */
export const MASTER_STAT_DAYS = [7, 30] as const;

const balances = z.object({
  asset: z.string(),
  /** Earned, still inside the payout hold. */
  frozen: z.string(),
  /** Released from the hold and not yet withdrawn to the wallet. */
  withdrawable: z.string(),
  /** Moved to the wallet so far. */
  withdrawn: z.string(),
  /** Everything ever earned: frozen + withdrawable + withdrawn. */
  earned: z.string(),
});
export type MasterBalance = z.infer<typeof balances>;

/** `GET /open/master/info`: 200 only for a creator (someone who has organized an activity), else 404. */
export const MasterInfoOutput = z.object({
  activities: z.number(),
  signups: z.number(),
  balances: z.array(balances),
});
export type MasterInfo = z.infer<typeof MasterInfoOutput>;

export const MasterDaysInput = z.object({
  days: z.coerce
    .number()
    .int()
    .refine((n) => (MASTER_STAT_DAYS as readonly number[]).includes(n), { error: 'validation.invalid' })
    .default(7),
});
export const MasterEarningsInput = MasterDaysInput.extend({ asset: assetCodeField.default('USDT') });

/** One value per day, oldest first, every day of the range present (zero when nothing happened). */
export const MasterCountOutput = z.object({ days: z.array(z.object({ day: z.string(), count: z.number() })) });
export type MasterCount = z.infer<typeof MasterCountOutput>;
export const MasterEarningsOutput = z.object({
  asset: z.string(),
  days: z.array(z.object({ day: z.string(), amount: z.string() })),
});
export type MasterEarnings = z.infer<typeof MasterEarningsOutput>;

/** `GET /open/master/earnings-coin` and `/open/ticket/frozen-balance`: per asset. */
export const MasterBalancesOutput = z.object({ balances: z.array(balances) });
export type MasterBalances = z.infer<typeof MasterBalancesOutput>;

export const MasterPageInput = z.object({ cursor: idCursor, limit: limitField });

export const ActivityEarningOutput = z.object({
  activity: z.object({ id: z.string(), title: z.string() }),
  /** Why this earning is the caller's: they organized the activity, or their co-host or referral share. */
  role: z.enum(SPLIT_ROLES),
  asset: z.string(),
  amount: z.string(),
  earnedAt: z.string(),
  releaseAt: z.string(),
  releasedAt: z.string().nullable(),
  /** The organizer's row: what each promo code took off the tickets kept, in this asset (empty: none used). */
  discounts: z.array(z.object({ code: z.string(), tickets: z.number(), discount: z.string() })),
});
export type ActivityEarning = z.infer<typeof ActivityEarningOutput>;
export const ActivityEarningsOutput = z.object({
  items: z.array(ActivityEarningOutput),
  nextCursor: z.string().nullable(),
});

export const MasterWithdrawalOutput = z.object({
  id: z.string(),
  asset: z.string(),
  amount: z.string(),
  at: z.string(),
});
export type MasterWithdrawal = z.infer<typeof MasterWithdrawalOutput>;
export const MasterWithdrawalsOutput = z.object({
  items: z.array(MasterWithdrawalOutput),
  nextCursor: z.string().nullable(),
});

/** `POST /open/master/withdraw`: part or all of the withdrawable balance of one asset into the wallet. */
export const MasterWithdrawInput = z.object({
  asset: assetCodeField,
  amount: amountField.min(1, { error: 'wallet.amountNumeric' }),
  tradePassword: tradePasswordField,
  idempotencyKey: idempotencyKeyField,
  /** Google Authenticator code or recovery code, when it is on (docs/security-centre.md, second factor). */
  totp: totpCodeField.optional(),
});
export type MasterWithdraw = z.infer<typeof MasterWithdrawInput>;
export const MasterWithdrawOutput = z.object({ withdrawal: MasterWithdrawalOutput, balance: balances });
