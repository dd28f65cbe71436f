import { peopleSchemas } from '@polaris/contract/schemas';
import type { Router } from '../../platform/router.ts';
import type { PeopleService } from './service.ts';

const tags = ['people'];

export function peopleRoutes(router: Router, people: PeopleService): void {
  router.route({
    ...peopleSchemas.profile,
    summary: "A person's public profile: name, avatar, follow counts, and whether the caller follows them",
    tags,
    auth: 'optional',
    handler: ({ input, user }) => people.profile(input.userUid, user?.id ?? null),
  });
  router.route({
    ...peopleSchemas.follow,
    summary: 'Follow a person (following twice changes nothing)',
    tags,
    auth: 'user',
    handler: ({ input, user }) => people.follow(user.id, input.userUid, true),
  });
  router.route({
    ...peopleSchemas.unfollow,
    summary: 'Stop following a person',
    tags,
    auth: 'user',
    handler: ({ input, user }) => people.follow(user.id, input.userUid, false),
  });
}
