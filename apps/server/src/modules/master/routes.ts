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
} from '@polaris/contract';
import { z } from 'zod';
import type { Router } from '../../platform/router.ts';
import type { CreatorEarningsService } from './service.ts';

const tags = ['master'];

/** Creator earnings: the statistics and distribution screens (SPEC §2) and the withdrawal to the wallet. */
export function masterRoutes(router: Router, earnings: CreatorEarningsService): void {
  router.route({
    method: 'GET',
    path: '/open/master/info',
    summary: 'Whether I am a creator (404 if not): my activities, sign-ups and earnings per asset',
    tags,
    auth: 'user',
    input: z.object({}),
    output: MasterInfoOutput,
    handler: ({ user }) => earnings.info(user.id),
  });
  router.route({
    method: 'GET',
    path: '/open/master/count',
    summary: 'Activities I created per UTC day, the last 7 or 30 days',
    tags,
    auth: 'user',
    input: MasterDaysInput,
    output: MasterCountOutput,
    handler: ({ user, input }) => earnings.activitiesByDay(user.id, input.days),
  });
  router.route({
    method: 'GET',
    path: '/open/master/signup-count',
    summary: 'Sign-ups to my activities per UTC day, the last 7 or 30 days',
    tags,
    auth: 'user',
    input: MasterDaysInput,
    output: MasterCountOutput,
    handler: ({ user, input }) => earnings.signupsByDay(user.id, input.days),
  });
  router.route({
    method: 'GET',
    path: '/open/master/earnings',
    summary: 'What my activities earned in one asset per UTC day, the last 7 or 30 days',
    tags,
    auth: 'user',
    input: MasterEarningsInput,
    output: MasterEarningsOutput,
    handler: ({ user, input }) => earnings.earningsByDay(user.id, input),
  });
  router.route({
    method: 'GET',
    path: '/open/master/earnings-coin',
    summary: 'My earnings per asset: earned, frozen, withdrawable, withdrawn',
    tags,
    auth: 'user',
    input: z.object({}),
    output: MasterBalancesOutput,
    handler: async ({ user }) => ({ balances: await earnings.balances(user.id) }),
  });
  router.route({
    method: 'GET',
    path: '/open/ticket/frozen-balance',
    summary: 'My earnings still in the payout hold and those withdrawable, per asset',
    tags,
    auth: 'user',
    input: z.object({}),
    output: MasterBalancesOutput,
    handler: async ({ user }) => ({ balances: await earnings.balances(user.id) }),
  });
  router.route({
    method: 'GET',
    path: '/open/ticket/activity-earnings',
    summary: 'What each of my activities earned, newest first, with when it leaves the hold',
    tags,
    auth: 'user',
    input: MasterPageInput,
    output: ActivityEarningsOutput,
    handler: ({ user, input }) => earnings.earningsList(user.id, input),
  });
  router.route({
    method: 'GET',
    path: '/open/ticket/user-withdrawal',
    summary: 'My withdrawals of earnings to the wallet, newest first',
    tags,
    auth: 'user',
    input: MasterPageInput,
    output: MasterWithdrawalsOutput,
    handler: ({ user, input }) => earnings.withdrawals(user.id, input),
  });
  router.route({
    method: 'POST',
    path: '/open/master/withdraw',
    summary: 'Withdraw released earnings to my wallet, at once (trade password, idempotent)',
    tags,
    auth: 'user',
    region: 'gated',
    rateLimit: 'auth',
    input: MasterWithdrawInput,
    output: MasterWithdrawOutput,
    handler: ({ user, input }) => earnings.withdraw(user.id, input),
  });
}
