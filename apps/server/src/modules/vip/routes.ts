import { vipSchemas } from '@polaris/contract/schemas';
import type { Router } from '../../platform/router.ts';
import type { VipService } from './service.ts';

const tags = ['vip'];

export function vipRoutes(router: Router, vip: VipService): void {
  router.route({
    ...vipSchemas.vipinfoQueryList,
    summary: 'The membership tiers, their prices per month and year, and their perks',
    tags,
    auth: 'optional',
    handler: () => vip.tiers(),
  });
  router.route({
    ...vipSchemas.vipinfoQuery,
    summary: 'One tier; for a member of a lower tier, what upgrading to it costs now',
    tags,
    auth: 'optional',
    handler: ({ input, user }) => vip.tier(input.tier, user?.id ?? null),
  });
  router.route({
    ...vipSchemas.uservipQueryUserCurrentVip,
    summary: "The caller's membership: tier, status and end, or null",
    tags,
    auth: 'user',
    handler: async ({ user }) => ({ vip: await vip.current(user.id) }),
  });
  router.route({
    ...vipSchemas.uservipQueryList,
    summary: "The caller's membership purchases, newest first",
    tags,
    auth: 'user',
    handler: ({ input, user }) => vip.orders(user.id, input),
  });
  router.route({
    ...vipSchemas.uservipBuyVip,
    summary:
      'Buy a tier for a month or a year, or upgrade to it (prorated) from the wallet (trade password, idempotent)',
    tags,
    auth: 'user',
    region: 'gated',
    handler: ({ input, user, language }) => vip.buy(user, input, language),
  });
  router.route({
    ...vipSchemas.uservipRenew,
    summary: 'Renew the current or last tier for a month or a year from the wallet (trade password, idempotent)',
    tags,
    auth: 'user',
    region: 'gated',
    handler: ({ input, user, language }) => vip.renew(user, input, language),
  });
}
