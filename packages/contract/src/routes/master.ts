import { route } from '../api-route.ts';
import type { EmptyInput } from '../auth.ts';
import type * as s from '../master.ts';

/** The master module's calls (apps/server/src/modules/master): paths and types only; schemas in master.schemas.ts. */
export const masterApi = {
  openMasterCount: route<typeof s.MasterDaysInput, typeof s.MasterCountOutput>('GET', '/open/master/count'),
  openMasterSignupCount: route<typeof s.MasterDaysInput, typeof s.MasterCountOutput>(
    'GET',
    '/open/master/signup-count',
  ),
  openMasterEarnings: route<typeof s.MasterEarningsInput, typeof s.MasterEarningsOutput>(
    'GET',
    '/open/master/earnings',
  ),
  openTicketActivityEarnings: route<typeof s.MasterPageInput, typeof s.ActivityEarningsOutput>(
    'GET',
    '/open/ticket/activity-earnings',
  ),
  openTicketUserWithdrawal: route<typeof s.MasterPageInput, typeof s.MasterWithdrawalsOutput>(
    'GET',
    '/open/ticket/user-withdrawal',
  ),
  openMasterWithdraw: route<typeof s.MasterWithdrawInput, typeof s.MasterWithdrawOutput>(
    'POST',
    '/open/master/withdraw',
  ),
  openMasterInfo: route<typeof EmptyInput, typeof s.MasterInfoOutput>('GET', '/open/master/info'),
  openMasterEarningsCoin: route<typeof EmptyInput, typeof s.MasterBalancesOutput>('GET', '/open/master/earnings-coin'),
  openTicketFrozenBalance: route<typeof EmptyInput, typeof s.MasterBalancesOutput>(
    'GET',
    '/open/ticket/frozen-balance',
  ),
};
