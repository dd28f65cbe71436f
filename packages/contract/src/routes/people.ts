import { route } from '../api-route.ts';
import type { PeopleRefInput, PublicProfileOutput } from '../people.ts';

/** The people module's calls (apps/server/src/modules/people): paths and types only; schemas in people.schemas.ts. */
export const peopleApi = {
  profile: route<typeof PeopleRefInput, typeof PublicProfileOutput>('GET', '/people/profile'),
  follow: route<typeof PeopleRefInput, typeof PublicProfileOutput>('POST', '/people/follow'),
  unfollow: route<typeof PeopleRefInput, typeof PublicProfileOutput>('POST', '/people/unfollow'),
};
