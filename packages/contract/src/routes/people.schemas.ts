import { withSchemas } from '../api-route.ts';
import { PeopleRefInput, PublicProfileOutput } from '../people.ts';
import { peopleApi as api } from './people.ts';

/** The people module's calls with their schemas: what the server registers and development builds parse with. */
export const peopleSchemas = {
  profile: withSchemas(api.profile, PeopleRefInput, PublicProfileOutput),
  follow: withSchemas(api.follow, PeopleRefInput, PublicProfileOutput),
  unfollow: withSchemas(api.unfollow, PeopleRefInput, PublicProfileOutput),
};
