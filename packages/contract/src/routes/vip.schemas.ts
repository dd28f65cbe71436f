import { withSchemas } from '../api-route.ts';
import { EmptyInput } from '../auth.ts';
import * as s from '../vip.ts';
import { vipApi as api } from './vip.ts';

/** The vip module's calls with their schemas: what the server registers and development builds parse with. */
export const vipSchemas = {
  vipinfoQueryList: withSchemas(api.vipinfoQueryList, EmptyInput, s.VipTierListOutput),
  vipinfoQuery: withSchemas(api.vipinfoQuery, s.VipTierInput, s.VipTierDetailOutput),
  uservipQueryUserCurrentVip: withSchemas(api.uservipQueryUserCurrentVip, EmptyInput, s.CurrentVipOutput),
  uservipQueryList: withSchemas(api.uservipQueryList, s.VipOrderListInput, s.VipOrderListOutput),
  uservipBuyVip: withSchemas(api.uservipBuyVip, s.VipBuyInput, s.VipPurchaseOutput),
  uservipRenew: withSchemas(api.uservipRenew, s.VipRenewInput, s.VipPurchaseOutput),
};
