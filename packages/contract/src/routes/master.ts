import { route } from '../api-route.ts';
import type {
  ActivityEarningsOutput,
  MasterCountOutput,
  MasterDaysInput,
  MasterEarningsInput,
  MasterEarningsOutput,
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
};
