import { ActivitySplitOutput, DistributionInput, DistributionOutput, SplitInput } from '@polaris/contract';
import type { Router } from '../../platform/router.ts';
import type { SplitService } from './split.service.ts';

// The creator-earnings screens' tag: the split is the activity's terms, the screens are the creator's (SPEC §2).
const tags = ['master'];

/** The split's terms (organizer) and the distribution screen of everyone who shares in an activity's money. */
export function splitRoutes(router: Router, { split }: { split: SplitService }): void {
  router.route({
    method: 'GET',
    path: '/open/master/distribution',
    summary: 'Activities whose ticket money I share in: my roles, the split rule, my part frozen and released',
    tags,
    auth: 'user',
    input: DistributionInput,
    output: DistributionOutput,
    handler: ({ user, input }) => split.distribution(user.id, input),
  });
  router.route({
    method: 'POST',
    path: '/open/master/split',
    summary: 'Set an activity’s referral and co-host shares (organizer; after a paid sign-up only raises)',
    tags,
    auth: 'user',
    input: SplitInput,
    output: ActivitySplitOutput,
    handler: ({ user, input }) => split.save(user.id, input),
  });
}
