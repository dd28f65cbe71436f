import { withSchemas } from '../api-route.ts';
import { EmptyInput } from '../auth.ts';
import * as s from '../master.ts';
import { masterApi as api } from './master.ts';

/** The master module's calls with their schemas: what the server registers and development builds parse with. */
export const masterSchemas = {
  openMasterCount: withSchemas(api.openMasterCount, s.MasterDaysInput, s.MasterCountOutput),
  openMasterSignupCount: withSchemas(api.openMasterSignupCount, s.MasterDaysInput, s.MasterCountOutput),
  openMasterEarnings: withSchemas(api.openMasterEarnings, s.MasterEarningsInput, s.MasterEarningsOutput),
  openTicketActivityEarnings: withSchemas(api.openTicketActivityEarnings, s.MasterPageInput, s.ActivityEarningsOutput),
  openTicketUserWithdrawal: withSchemas(api.openTicketUserWithdrawal, s.MasterPageInput, s.MasterWithdrawalsOutput),
  openMasterWithdraw: withSchemas(api.openMasterWithdraw, s.MasterWithdrawInput, s.MasterWithdrawOutput),
  openMasterInfo: withSchemas(api.openMasterInfo, EmptyInput, s.MasterInfoOutput),
  openMasterEarningsCoin: withSchemas(api.openMasterEarningsCoin, EmptyInput, s.MasterBalancesOutput),
  openTicketFrozenBalance: withSchemas(api.openTicketFrozenBalance, EmptyInput, s.MasterBalancesOutput),
};
