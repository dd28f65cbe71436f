import { route } from '../api-route.ts';
import type { EmptyInput } from '../auth.ts';
import type {
  CurrentVipOutput,
  VipBuyInput,
  VipOrderListInput,
  VipOrderListOutput,
  VipPurchaseOutput,
  VipRenewInput,
  VipTierDetailOutput,
  VipTierInput,
  VipTierListOutput,
} from '../vip.ts';

/** The vip module's calls (apps/server/src/modules/vip): paths and types only; schemas in vip.schemas.ts. */
export const vipApi = {
  vipinfoQueryList: route<typeof EmptyInput, typeof VipTierListOutput>('GET', '/vipinfo/queryList'),
  vipinfoQuery: route<typeof VipTierInput, typeof VipTierDetailOutput>('GET', '/vipinfo/query'),
  uservipQueryUserCurrentVip: route<typeof EmptyInput, typeof CurrentVipOutput>('GET', '/uservip/queryUserCurrentVip'),
  uservipQueryList: route<typeof VipOrderListInput, typeof VipOrderListOutput>('GET', '/uservip/queryList'),
  uservipBuyVip: route<typeof VipBuyInput, typeof VipPurchaseOutput>('POST', '/uservip/buyVip'),
  uservipRenew: route<typeof VipRenewInput, typeof VipPurchaseOutput>('POST', '/uservip/renew'),
};
