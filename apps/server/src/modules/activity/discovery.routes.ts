import {
  ActivityDetailInput,
  ActivityListInput,
  ActivityOutput,
  ActivityPageOutput,
  CategoriesOutput,
  CitiesOutput,
  EmptyInput,
  ExploreInput,
  ExploreOutput,
  HostingInput,
  HostingPageOutput,
  MyActivitiesInput,
} from '@polaris/contract';
import type { Router } from '../../platform/router.ts';
import type { DiscoveryService } from './discovery.service.ts';

const tags = ['activity'];

/** Finding activities: the lists, explore, categories and cities, one activity, and the user's own. */
export function discoveryRoutes(router: Router, { discovery }: { discovery: DiscoveryService }): void {
  router.route({
    method: 'GET',
    path: '/activity/list',
    summary: 'Upcoming public activities: city, category, today/week/weekend/month, free, online, search; by cursor',
    tags,
    auth: 'public',
    input: ActivityListInput,
    output: ActivityPageOutput,
    handler: ({ input }) => discovery.list(input),
  });

  router.route({
    method: 'GET',
    path: '/activity/explore',
    summary: 'Explore page: featured, this week, free, and counts per category',
    tags,
    auth: 'public',
    input: ExploreInput,
    output: ExploreOutput,
    handler: ({ input }) => discovery.explore(input.city, input.tz),
  });

  router.route({
    method: 'GET',
    path: '/activity/categories',
    summary: 'Every category with its number of upcoming public activities',
    tags,
    auth: 'public',
    input: ExploreInput.pick({ city: true }),
    output: CategoriesOutput,
    handler: async ({ input }) => ({ items: await discovery.categories(input.city) }),
  });

  router.route({
    method: 'GET',
    path: '/activity/cities',
    summary: 'Cities with upcoming public activities, busiest first (preferred-city list)',
    tags,
    auth: 'public',
    input: EmptyInput,
    output: CitiesOutput,
    handler: async () => ({ items: await discovery.cities() }),
  });

  router.route({
    method: 'GET',
    path: '/activity/detail',
    summary: "One activity with the caller's registration and abilities; someone else's draft is not found",
    tags,
    auth: 'optional',
    input: ActivityDetailInput,
    output: ActivityOutput,
    handler: ({ input, user }) => discovery.detail(input.id, user?.id ?? null),
  });

  router.route({
    method: 'GET',
    path: '/activity/mine',
    summary: 'Activities the user joined or hosts',
    tags,
    auth: 'user',
    input: MyActivitiesInput,
    output: ActivityPageOutput,
    handler: ({ input, user }) => discovery.mine(user.id, input),
  });

  router.route({
    method: 'GET',
    path: '/activity/hosting',
    summary:
      'Activities the user organizes or co-hosts, one group at a time (upcoming, drafts, past), with the count of each group; by cursor',
    tags,
    auth: 'user',
    input: HostingInput,
    output: HostingPageOutput,
    handler: ({ input, user }) => discovery.hosting(user.id, input),
  });
}
