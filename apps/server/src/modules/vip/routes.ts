import {
  CurrentVipOutput,
  EmptyInput,
  VipBuyInput,
  VipOrderListInput,
  VipOrderListOutput,
  VipPurchaseOutput,
  VipRenewInput,
  VipTierDetailOutput,
  VipTierInput,
  VipTierListOutput,
} from '@polaris/contract';
import type { Router } from '../../platform/router.ts';
import type { VipService } from './service.ts';

const tags = ['vip'];

export function vipRoutes(router: Router, vip: VipService): void {
  router.route({
    method: 'GET',
    path: '/vipinfo/queryList',
    summary: 'The membership tiers, their prices per month and year, and their perks',
    tags,
    auth: 'optional',
    input: EmptyInput,
    output: VipTierListOutput,
    handler: () => vip.tiers(),
  });
  router.route({
    method: 'GET',
    path: '/vipinfo/query',
    summary: 'One tier; for a member of a lower tier, what upgrading to it costs now',
    tags,
    auth: 'optional',
    input: VipTierInput,
    output: VipTierDetailOutput,
    handler: ({ input, user }) => vip.tier(input.tier, user?.id ?? null),
  });
  router.route({
    method: 'GET',
    path: '/uservip/queryUserCurrentVip',
    summary: "The caller's membership: tier, status and end, or null",
    tags,
    auth: 'user',
    input: EmptyInput,
    output: CurrentVipOutput,
    handler: async ({ user }) => ({ vip: await vip.current(user.id) }),
  });
  router.route({
    method: 'GET',
    path: '/uservip/queryList',
    summary: "The caller's membership purchases, newest first",
    tags,
    auth: 'user',
    input: VipOrderListInput,
    output: VipOrderListOutput,
    handler: ({ input, user }) => vip.orders(user.id, input),
  });
  router.route({
    method: 'POST',
    path: '/uservip/buyVip',
    summary:
      'Buy a tier for a month or a year, or upgrade to it (prorated) from the wallet (trade password, idempotent)',
    tags,
    auth: 'user',
    region: 'gated',
    input: VipBuyInput,
    output: VipPurchaseOutput,
    handler: ({ input, user, language }) => vip.buy(user, input, language),
  });
  router.route({
    method: 'POST',
    path: '/uservip/renew',
    summary: 'Renew the current or last tier for a month or a year from the wallet (trade password, idempotent)',
    tags,
    auth: 'user',
    region: 'gated',
    input: VipRenewInput,
    output: VipPurchaseOutput,
    handler: ({ input, user, language }) => vip.renew(user, input, language),
  });
}
