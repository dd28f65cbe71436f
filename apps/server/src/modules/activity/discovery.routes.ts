import { activitySchemas } from '@polaris/contract/schemas';
import type { Router } from '../../platform/router.ts';
import type { DiscoveryService } from './discovery.service.ts';

const tags = ['activity'];

/** Finding activities: the lists, explore, categories and cities, one activity, and the user's own. */
export function discoveryRoutes(router: Router, { discovery }: { discovery: DiscoveryService }): void {
  router.route({
    ...activitySchemas.list,
    summary: 'Upcoming public activities: city, category, today/week/weekend/month, free, online, search; by cursor',
    tags,
    auth: 'public',
    handler: ({ input }) => discovery.list(input),
  });

  router.route({
    ...activitySchemas.explore,
    summary: 'Explore page: featured, this week, free, and counts per category',
    tags,
    auth: 'public',
    handler: ({ input }) => discovery.explore(input.city, input.tz),
  });

  router.route({
    ...activitySchemas.categories,
    summary: 'Every category with its number of upcoming public activities',
    tags,
    auth: 'public',
    handler: async ({ input }) => ({ items: await discovery.categories(input.city) }),
  });

  router.route({
    ...activitySchemas.cities,
    summary: 'Cities with upcoming public activities, busiest first (preferred-city list)',
    tags,
    auth: 'public',
    handler: async () => ({ items: await discovery.cities() }),
  });

  router.route({
    ...activitySchemas.detail,
    summary:
      "One activity with the caller's registration and what they may do (`can`); someone else's draft is not found",
    tags,
    auth: 'optional',
    handler: ({ input, user }) => discovery.detail(input.id, user?.id ?? null),
  });

  router.route({
    ...activitySchemas.mine,
    summary: 'Activities the user joined or hosts',
    tags,
    auth: 'user',
    handler: ({ input, user }) => discovery.mine(user.id, input),
  });

  router.route({
    ...activitySchemas.hosting,
    summary:
      'Activities the user organizes or co-hosts, one group at a time (upcoming, drafts, past), with the count of each group; by cursor',
    tags,
    auth: 'user',
    handler: ({ input, user }) => discovery.hosting(user.id, input),
  });
}
