import { inviteSchemas } from '@polaris/contract/schemas';
import { requireOperator } from '../../platform/operator-guard.ts';
import type { Router } from '../../platform/router.ts';
import type { InviteService } from './service.ts';

const tags = ['invite'];

export function inviteRoutes(router: Router, invites: InviteService): void {
  router.route({
    ...inviteSchemas.userGetInvitedInfo,
    summary: 'My invite code and link, the reward rule, my totals, and the people who joined through me (paged)',
    tags,
    auth: 'user',
    handler: ({ input, user }) => invites.info(user.id, input),
  });
  router.route({
    ...inviteSchemas.userInviteBind,
    summary: 'Name an inviter after sign-up (once, within the window, before the first qualifying action)',
    tags,
    auth: 'user',
    handler: ({ input, user }) => invites.bind(user.id, input.inviteCode),
  });
}

/** Operator route (local machine, admin token): fund the referral pool and pay what is owed. */
export function inviteOperatorRoutes(router: Router, deps: { invites: InviteService; adminToken: string }): void {
  router.route({
    ...inviteSchemas.adminInviteFund,
    summary: 'Move money into the referral pool (from chain clearing) and pay owed invite rewards (operator token)',
    tags: ['operator'],
    auth: 'public',
    handler: async ({ input, request }) => {
      requireOperator(request, deps.adminToken);
      return deps.invites.fund(input.amount);
    },
  });
}
