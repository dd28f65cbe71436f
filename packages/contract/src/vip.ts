import { z } from 'zod';
import { limitField } from './activity/fields.ts';
import { idCursor } from './cursors.ts';
import { instantField } from './dates.ts';
import { idempotencyKeyField, tradePasswordField } from './wallet.ts';

/** Membership (VIP): three tiers, bought per month or year from the wallet (docs/membership.md). */

export const VIP_TIERS = ['plus', 'pro', 'max'] as const;
export type VipTierCode = (typeof VIP_TIERS)[number];
export const VIP_PERIODS = ['month', 'year'] as const;
export type VipPeriod = (typeof VIP_PERIODS)[number];

/**
 * What each tier grants, enforced by the server: a larger red packet maximum (the asset's maximum times
 * `redPacketMultiplier`), `withdrawFeeDiscount` percent off every withdrawal fee, and the tier's badge beside
 * the member's name. Nothing here gives anyone a place
 * ahead of other people, in a waitlist or anywhere else.
 */
export const VIP_PERKS: Record<VipTierCode, { redPacketMultiplier: number; withdrawFeeDiscount: number }> = {
  plus: { redPacketMultiplier: 2, withdrawFeeDiscount: 10 },
  pro: { redPacketMultiplier: 5, withdrawFeeDiscount: 25 },
  max: { redPacketMultiplier: 10, withdrawFeeDiscount: 50 },
};

export const VipTierOutput = z.object({
  code: z.enum(VIP_TIERS),
  rank: z.number(),
  asset: z.string(),
  priceMonth: z.string(),
  priceYear: z.string(),
  redPacketMultiplier: z.number(),
  /** Percent off every withdrawal fee. */
  withdrawFeeDiscount: z.number(),
});
export type VipTier = z.infer<typeof VipTierOutput>;

/** `GET /vipinfo/query`: one tier, and for a member of a lower tier what moving up to it costs now. */
export const VipTierDetailOutput = VipTierOutput.extend({ upgradePrice: z.string().nullable() });
export type VipTierDetail = z.infer<typeof VipTierDetailOutput>;
export const VipTierListOutput = z.object({ items: z.array(VipTierOutput) });

/** The caller's membership: `active` until `endsAt`, then `expired` (kept, so it can be renewed); null if never. */
export const VipMembershipOutput = z.object({
  tier: z.enum(VIP_TIERS),
  status: z.enum(['active', 'expired']),
  startsAt: z.string(),
  endsAt: z.string(),
});
export type VipMembership = z.infer<typeof VipMembershipOutput>;
export const CurrentVipOutput = z.object({ vip: VipMembershipOutput.nullable() });

export const VipOrderOutput = z.object({
  id: z.string(),
  kind: z.enum(['buy', 'renew', 'upgrade']),
  tier: z.enum(VIP_TIERS),
  period: z.enum(VIP_PERIODS).nullable(),
  asset: z.string(),
  amount: z.string(),
  endsAt: z.string(),
  createdAt: z.string(),
});
export type VipOrder = z.infer<typeof VipOrderOutput>;
export const VipOrderListOutput = z.object({ items: z.array(VipOrderOutput), nextCursor: z.string().nullable() });
export const VipOrderListInput = z.object({ cursor: idCursor, limit: limitField });

export const VipTierInput = z.object({ tier: z.enum(VIP_TIERS, { error: 'vip.tierUnknown' }) });

/**
 * Buy a tier: without a running membership it starts now for the period; with one of a lower tier it is an
 * upgrade (prorated, the end stays); the same or a lower tier while one runs is refused (renew instead).
 */
export const VipBuyInput = z.object({
  tier: z.enum(VIP_TIERS, { error: 'vip.tierUnknown' }),
  period: z.enum(VIP_PERIODS, { error: 'vip.periodUnknown' }),
  /** An upgrade's price as the client showed it (`upgradePrice`): when the server's differs, nothing is charged. */
  price: z.string().max(64, { error: 'wallet.amountNumeric' }).optional(),
  tradePassword: tradePasswordField,
  idempotencyKey: idempotencyKeyField,
});
export type VipBuy = z.infer<typeof VipBuyInput>;

/**
 * Renew the current (or last) tier for a period. `tier` and `endsAt` are what the client showed: when the
 * membership changed meanwhile (another renewal or an upgrade landed first) nothing is charged and the caller
 * is told.
 */
export const VipRenewInput = z.object({
  tier: z.enum(VIP_TIERS, { error: 'vip.tierUnknown' }),
  period: z.enum(VIP_PERIODS, { error: 'vip.periodUnknown' }),
  endsAt: instantField('validation.invalid'),
  tradePassword: tradePasswordField,
  idempotencyKey: idempotencyKeyField,
});
export type VipRenew = z.infer<typeof VipRenewInput>;

export const VipPurchaseOutput = z.object({ order: VipOrderOutput, vip: VipMembershipOutput });
export type VipPurchase = z.infer<typeof VipPurchaseOutput>;

/** True when this membership grants its tier's perks now. */
export function isVipActive(vip: VipMembership | null | undefined, now: Date = new Date()): boolean {
  return !!vip && vip.status === 'active' && new Date(vip.endsAt).getTime() > now.getTime();
}
