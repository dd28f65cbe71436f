import { depositSchemas } from '@polaris/contract/schemas';
import type { Router } from '../../platform/router.ts';
import type { NoShowDepositService } from './deposit.service.ts';

const tags = ['activity'];

/** The no-show deposit's terms (docs/activities.md "No-show deposit"). */
export function depositRoutes(router: Router, { deposits }: { deposits: NoShowDepositService }): void {
  router.route({
    ...depositSchemas.get,
    summary: "An activity's no-show deposit and the caller's own deposit there",
    tags,
    auth: 'user',
    handler: ({ user, input }) => deposits.view(user.id, input.activityId),
  });
  router.route({
    ...depositSchemas.set,
    summary: 'Ask (or stop asking) a no-show deposit on a free activity (organizer; before anyone signs up)',
    tags,
    auth: 'user',
    handler: ({ user, input }) => deposits.set(user.id, input),
  });
}
