import { route } from '../api-route.ts';
import type { EmptyInput } from '../auth.ts';
import type {
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

/** The master module's calls (apps/server/src/modules/master): paths and types only; schemas in master.schemas.ts. */
export const masterApi = {
  openMasterCount: route<typeof MasterDaysInput, typeof MasterCountOutput>('GET', '/open/master/count'),
  openMasterSignupCount: route<typeof MasterDaysInput, typeof MasterCountOutput>('GET', '/open/master/signup-count'),
  openMasterEarnings: route<typeof MasterEarningsInput, typeof MasterEarningsOutput>('GET', '/open/master/earnings'),
  openTicketActivityEarnings: route<typeof MasterPageInput, typeof ActivityEarningsOutput>(
    'GET',
    '/open/ticket/activity-earnings',
  ),
  openTicketUserWithdrawal: route<typeof MasterPageInput, typeof MasterWithdrawalsOutput>(
    'GET',
    '/open/ticket/user-withdrawal',
  ),
  openMasterWithdraw: route<typeof MasterWithdrawInput, typeof MasterWithdrawOutput>('POST', '/open/master/withdraw'),
  openMasterInfo: route<typeof EmptyInput, typeof MasterInfoOutput>('GET', '/open/master/info'),
  openMasterEarningsCoin: route<typeof EmptyInput, typeof MasterBalancesOutput>('GET', '/open/master/earnings-coin'),
  openTicketFrozenBalance: route<typeof EmptyInput, typeof MasterBalancesOutput>('GET', '/open/ticket/frozen-balance'),
};
