import { isVipActive, type VipMembership, type VipPeriod, type VipTier } from '@polaris/contract';

/** What the membership page offers for a tier, given the caller's membership (docs/membership.md). */
export type VipOffer =
  /** No running membership: buy this tier for the period. */
  | 'buy'
  /** The tier of the running membership, or the last one when it has ended: add the period. */
  | 'renew'
  /** A higher tier than the running one: upgrade, prorated, until the same end. */
  | 'upgrade'
  /** A lower tier than the running one: not offered until it ends. */
  | 'lower';

export function offerFor(tier: VipTier, vip: VipMembership | null | undefined, tiers: VipTier[], now: Date): VipOffer {
  if (!vip || !isVipActive(vip, now)) return vip?.tier === tier.code ? 'renew' : 'buy';
  if (vip.tier === tier.code) return 'renew';
  const current = tiers.find((item) => item.code === vip.tier);
  return current && current.rank > tier.rank ? 'lower' : 'upgrade';
}

export function priceFor(tier: VipTier, period: VipPeriod): string {
  return period === 'month' ? tier.priceMonth : tier.priceYear;
}

/** Whole days left, rounded up (a membership ending in an hour has one day left); 0 once it has ended. */
export function daysLeft(vip: VipMembership | null | undefined, now: Date): number {
  if (!vip || !isVipActive(vip, now)) return 0;
  return Math.ceil((new Date(vip.endsAt).getTime() - now.getTime()) / 86_400_000);
}
