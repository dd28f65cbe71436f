import { withSchemas } from '../api-route.ts';
import { EmptyInput } from '../auth.ts';
import {
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
import { vipApi as api } from './vip.ts';

/** The vip module's calls with their schemas: what the server registers and development builds parse with. */
export const vipSchemas = {
  vipinfoQueryList: withSchemas(api.vipinfoQueryList, EmptyInput, VipTierListOutput),
  vipinfoQuery: withSchemas(api.vipinfoQuery, VipTierInput, VipTierDetailOutput),
  uservipQueryUserCurrentVip: withSchemas(api.uservipQueryUserCurrentVip, EmptyInput, CurrentVipOutput),
  uservipQueryList: withSchemas(api.uservipQueryList, VipOrderListInput, VipOrderListOutput),
  uservipBuyVip: withSchemas(api.uservipBuyVip, VipBuyInput, VipPurchaseOutput),
  uservipRenew: withSchemas(api.uservipRenew, VipRenewInput, VipPurchaseOutput),
};
