import { route } from '../api-route.ts';
import type { EmptyInput } from '../auth.ts';
import type * as s from '../vip.ts';

/** The vip module's calls (apps/server/src/modules/vip): paths and types only; schemas in vip.schemas.ts. */
export const vipApi = {
  vipinfoQueryList: route<typeof EmptyInput, typeof s.VipTierListOutput>('GET', '/vipinfo/queryList'),
  vipinfoQuery: route<typeof s.VipTierInput, typeof s.VipTierDetailOutput>('GET', '/vipinfo/query'),
  uservipQueryUserCurrentVip: route<typeof EmptyInput, typeof s.CurrentVipOutput>(
    'GET',
    '/uservip/queryUserCurrentVip',
  ),
  uservipQueryList: route<typeof s.VipOrderListInput, typeof s.VipOrderListOutput>('GET', '/uservip/queryList'),
  uservipBuyVip: route<typeof s.VipBuyInput, typeof s.VipPurchaseOutput>('POST', '/uservip/buyVip'),
  uservipRenew: route<typeof s.VipRenewInput, typeof s.VipPurchaseOutput>('POST', '/uservip/renew'),
};
