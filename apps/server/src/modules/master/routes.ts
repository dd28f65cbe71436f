import { masterSchemas } from '@polaris/contract/schemas';
import type { Router } from '../../platform/router.ts';
import type { CreatorEarningsService } from './service.ts';

const tags = ['master'];

/** Creator earnings: the statistics and distribution screens (SPEC §2) and the withdrawal to the wallet. */
export function masterRoutes(router: Router, earnings: CreatorEarningsService): void {
  router.route({
    ...masterSchemas.openMasterInfo,
    summary: 'Whether I am a creator (404 if not): my activities, sign-ups and earnings per asset',
    tags,
    auth: 'user',
    handler: ({ user }) => earnings.info(user.id),
  });
  router.route({
    ...masterSchemas.openMasterCount,
    summary: 'Activities I created per UTC day, the last 7 or 30 days',
    tags,
    auth: 'user',
    handler: ({ user, input }) => earnings.activitiesByDay(user.id, input.days),
  });
  router.route({
    ...masterSchemas.openMasterSignupCount,
    summary: 'Sign-ups to my activities per UTC day, the last 7 or 30 days',
    tags,
    auth: 'user',
    handler: ({ user, input }) => earnings.signupsByDay(user.id, input.days),
  });
  router.route({
    ...masterSchemas.openMasterEarnings,
    summary: 'What my activities earned in one asset per UTC day, the last 7 or 30 days',
    tags,
    auth: 'user',
    handler: ({ user, input }) => earnings.earningsByDay(user.id, input),
  });
  router.route({
    ...masterSchemas.openMasterEarningsCoin,
    summary: 'My earnings per asset: earned, frozen, withdrawable, withdrawn',
    tags,
    auth: 'user',
    handler: async ({ user }) => ({ balances: await earnings.balances(user.id) }),
  });
  router.route({
    ...masterSchemas.openTicketFrozenBalance,
    summary: 'My earnings still in the payout hold and those withdrawable, per asset',
    tags,
    auth: 'user',
    handler: async ({ user }) => ({ balances: await earnings.balances(user.id) }),
  });
  router.route({
    ...masterSchemas.openTicketActivityEarnings,
    summary: 'What each of my activities earned, newest first, with when it leaves the hold',
    tags,
    auth: 'user',
    handler: ({ user, input }) => earnings.earningsList(user.id, input),
  });
  router.route({
    ...masterSchemas.openTicketUserWithdrawal,
    summary: 'My withdrawals of earnings to the wallet, newest first',
    tags,
    auth: 'user',
    handler: ({ user, input }) => earnings.withdrawals(user.id, input),
  });
  router.route({
    ...masterSchemas.openMasterWithdraw,
    summary: 'Withdraw released earnings to my wallet, at once (trade password, idempotent)',
    tags,
    auth: 'user',
    region: 'gated',
    rateLimit: 'auth',
    handler: ({ user, input }) => earnings.withdraw(user.id, input),
  });
}
