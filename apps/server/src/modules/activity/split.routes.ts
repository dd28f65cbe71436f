import { activitySchemas } from '@polaris/contract/schemas';
import type { Router } from '../../platform/router.ts';
import type { SplitService } from './split.service.ts';

// The creator-earnings screens' tag: the split is the activity's terms, the screens are the creator's (SPEC §2).
const tags = ['master'];

/** The split's terms (organizer) and the distribution screen of everyone who shares in an activity's money. */
export function splitRoutes(router: Router, { split }: { split: SplitService }): void {
  router.route({
    ...activitySchemas.openMasterDistribution,
    summary: 'Activities whose ticket money I share in: my roles, the split rule, my part frozen and released',
    tags,
    auth: 'user',
    handler: ({ user, input }) => split.distribution(user.id, input),
  });
  router.route({
    ...activitySchemas.openMasterSplit,
    summary: 'Set an activity’s referral and co-host shares (organizer; after a paid sign-up only raises)',
    tags,
    auth: 'user',
    handler: ({ user, input }) => split.save(user.id, input),
  });
}
