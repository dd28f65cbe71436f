import { formatAmount, VIP_PERKS, type VipMembership, type VipOrder, type VipTier } from '@polaris/contract';
import type { MembershipRow, OrderRow, TierRow } from './store.ts';

export function presentTier(tier: TierRow): VipTier {
  return {
    code: tier.code,
    rank: tier.rank,
    asset: tier.assetCode,
    priceMonth: formatAmount(BigInt(tier.priceMonth), tier.decimals),
    priceYear: formatAmount(BigInt(tier.priceYear), tier.decimals),
    redPacketMultiplier: VIP_PERKS[tier.code].redPacketMultiplier,
    withdrawFeeDiscount: VIP_PERKS[tier.code].withdrawFeeDiscount,
  };
}

/** A membership past its end reads as expired at once, whether or not the expiry worker has marked it yet. */
export function presentMembership(row: MembershipRow, now: Date): VipMembership {
  return {
    tier: row.tierCode as VipMembership['tier'],
    status: row.status === 'active' && row.endsAt.getTime() > now.getTime() ? 'active' : 'expired',
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
  };
}

export function presentOrder(order: OrderRow, decimals: number): VipOrder {
  return {
    id: String(order.id),
    kind: order.kind,
    tier: order.tierCode as VipOrder['tier'],
    period: order.period,
    asset: order.assetCode,
    amount: formatAmount(BigInt(order.amount), decimals),
    endsAt: order.endsAt.toISOString(),
    createdAt: order.createdAt.toISOString(),
  };
}
