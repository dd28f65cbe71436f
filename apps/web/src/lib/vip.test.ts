import type { VipMembership, VipTier } from '@polaris/contract';
import { describe, expect, it } from 'vitest';
import { daysLeft, offerFor, priceFor } from './vip.ts';

const tier = (code: VipTier['code'], rank: number): VipTier => ({
  code,
  rank,
  asset: 'USDT',
  priceMonth: String(rank * 10),
  priceYear: String(rank * 100),
  redPacketMultiplier: rank * 2,
  withdrawFeeDiscount: rank * 10,
});
const [plus, pro, max] = [tier('plus', 1), tier('pro', 2), tier('max', 3)];
const tiers = [plus, pro, max];
const now = new Date('2026-03-01T00:00:00Z');
const member = (code: VipTier['code'], endsAt: string, status: VipMembership['status'] = 'active'): VipMembership => ({
  tier: code,
  status,
  startsAt: '2026-02-01T00:00:00Z',
  endsAt,
});

describe('offerFor', () => {
  it('offers every tier to buy without a membership', () => {
    expect(tiers.map((item) => offerFor(item, null, tiers, now))).toEqual(['buy', 'buy', 'buy']);
  });

  it('offers to renew the running tier, upgrade to higher ones and nothing lower', () => {
    const vip = member('pro', '2026-03-10T00:00:00Z');
    expect(tiers.map((item) => offerFor(item, vip, tiers, now))).toEqual(['lower', 'renew', 'upgrade']);
  });

  it('offers to renew the last tier once it has ended, and to buy the others', () => {
    const ended = member('pro', '2026-02-28T00:00:00Z');
    expect(tiers.map((item) => offerFor(item, ended, tiers, now))).toEqual(['buy', 'renew', 'buy']);
    const marked = member('max', '2026-02-28T00:00:00Z', 'expired');
    expect(offerFor(max, marked, tiers, now)).toBe('renew');
  });
});

describe('priceFor and daysLeft', () => {
  it('picks the price of the period', () => {
    expect(priceFor(pro, 'month')).toBe('20');
    expect(priceFor(pro, 'year')).toBe('200');
  });

  it('counts days left rounded up, and none once ended', () => {
    expect(daysLeft(member('plus', '2026-03-01T01:00:00Z'), now)).toBe(1);
    expect(daysLeft(member('plus', '2026-03-31T00:00:00Z'), now)).toBe(30);
    expect(daysLeft(member('plus', '2026-02-28T00:00:00Z'), now)).toBe(0);
    expect(daysLeft(null, now)).toBe(0);
  });
});
