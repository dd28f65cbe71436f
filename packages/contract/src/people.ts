import { z } from 'zod';

/** Public profiles and follows (docs/people.md). */

const uid = z.coerce
  .string()
  .trim()
  .regex(/^\d{1,15}$/, { error: 'validation.invalid' });

/** `userUid`, not `uid`: `uid` in a query names the caller (identity keys never reach a route's input). */
export const PeopleRefInput = z.object({ userUid: uid });

export const PublicProfileOutput = z.object({
  uid: z.string(),
  name: z.string().nullable(),
  avatar: z.string().nullable(),
  followers: z.number().int(),
  following: z.number().int(),
  /** Whether the caller follows them; null when signed out or it is the caller. */
  followedByMe: z.boolean().nullable(),
});
export type PublicProfile = z.infer<typeof PublicProfileOutput>;
