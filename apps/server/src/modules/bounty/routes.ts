import { bountySchemas } from '@polaris/contract/schemas';
import type { Router } from '../../platform/router.ts';
import type { BountyService } from './service.ts';

const tags = ['bounty'];

export function bountyRoutes(router: Router, bounties: BountyService): void {
  router.route({
    ...bountySchemas.create,
    summary:
      'Create a task bounty and escrow its pool (trade password, idempotency key); with roomId it is posted to the room',
    tags,
    auth: 'user',
    region: 'gated',
    handler: ({ input, user }) => bounties.create(user, input),
  });
  router.route({
    ...bountySchemas.list,
    summary: "Browse bounties: search, category, open or all, an activity's or a room's; newest first",
    tags,
    auth: 'optional',
    handler: ({ input, user }) => bounties.list(user?.id ?? null, input),
  });
  router.route({
    ...bountySchemas.detail,
    summary: 'One bounty, with the caller’s submission and whether they may submit',
    tags,
    auth: 'optional',
    handler: ({ input, user }) => bounties.detail(user?.id ?? null, input.id),
  });
  router.route({
    ...bountySchemas.submit,
    summary: 'Submit to an open bounty (one live submission per person)',
    tags,
    auth: 'user',
    handler: ({ input, user }) => bounties.submissions.submit(user.id, input),
  });
  router.route({
    ...bountySchemas.submissions,
    summary: "A bounty's submissions: all of them for its creator, one's own for anyone else",
    tags,
    auth: 'user',
    handler: ({ input, user }) => bounties.submissions.list(user.id, input),
  });
  router.route({
    ...bountySchemas.review,
    summary: 'The creator approves a submission (paid from escrow at once) or rejects it with a reason',
    tags,
    auth: 'user',
    region: 'gated',
    handler: ({ input, user }) => bounties.submissions.review(user.id, input),
  });
  router.route({
    ...bountySchemas.mine,
    summary: 'Bounties I created, or my submissions with their bounty',
    tags,
    auth: 'user',
    handler: ({ input, user }) => bounties.mine(user.id, input),
  });
}
