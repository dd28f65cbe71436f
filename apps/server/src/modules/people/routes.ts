import { PeopleRefInput, PublicProfileOutput } from '@polaris/contract';
import type { Router } from '../../platform/router.ts';
import type { PeopleService } from './service.ts';

const tags = ['people'];

export function peopleRoutes(router: Router, people: PeopleService): void {
  router.route({
    method: 'GET',
    path: '/people/profile',
    summary: "A person's public profile: name, avatar, follow counts, and whether the caller follows them",
    tags,
    auth: 'optional',
    input: PeopleRefInput,
    output: PublicProfileOutput,
    handler: ({ input, user }) => people.profile(input.userUid, user?.id ?? null),
  });
  router.route({
    method: 'POST',
    path: '/people/follow',
    summary: 'Follow a person (following twice changes nothing)',
    tags,
    auth: 'user',
    input: PeopleRefInput,
    output: PublicProfileOutput,
    handler: ({ input, user }) => people.follow(user.id, input.userUid, true),
  });
  router.route({
    method: 'POST',
    path: '/people/unfollow',
    summary: 'Stop following a person',
    tags,
    auth: 'user',
    input: PeopleRefInput,
    output: PublicProfileOutput,
    handler: ({ input, user }) => people.follow(user.id, input.userUid, false),
  });
}
