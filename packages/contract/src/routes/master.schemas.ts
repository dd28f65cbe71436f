import { withSchemas } from '../api-route.ts';
import { EmptyInput } from '../auth.ts';
import {
  ActivityEarningsOutput,
  MasterBalancesOutput,
  MasterCountOutput,
  MasterDaysInput,
  MasterEarningsInput,
  MasterEarningsOutput,
  MasterInfoOutput,
  MasterPageInput,
  MasterWithdrawalsOutput,
  MasterWithdrawInput,
  MasterWithdrawOutput,
} from '../master.ts';
import { masterApi as api } from './master.ts';

/** The master module's calls with their schemas: what the server registers and development builds parse with. */
export const masterSchemas = {
  openMasterCount: withSchemas(api.openMasterCount, MasterDaysInput, MasterCountOutput),
  openMasterSignupCount: withSchemas(api.openMasterSignupCount, MasterDaysInput, MasterCountOutput),
  openMasterEarnings: withSchemas(api.openMasterEarnings, MasterEarningsInput, MasterEarningsOutput),
  openTicketActivityEarnings: withSchemas(api.openTicketActivityEarnings, MasterPageInput, ActivityEarningsOutput),
  openTicketUserWithdrawal: withSchemas(api.openTicketUserWithdrawal, MasterPageInput, MasterWithdrawalsOutput),
  openMasterWithdraw: withSchemas(api.openMasterWithdraw, MasterWithdrawInput, MasterWithdrawOutput),
  openMasterInfo: withSchemas(api.openMasterInfo, EmptyInput, MasterInfoOutput),
  openMasterEarningsCoin: withSchemas(api.openMasterEarningsCoin, EmptyInput, MasterBalancesOutput),
  openTicketFrozenBalance: withSchemas(api.openTicketFrozenBalance, EmptyInput, MasterBalancesOutput),
};
