import { type PublicProfile, Status } from '@polaris/contract';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../platform/errors.ts';
import { follow, type ProfileRow, profileByUid, unfollow, userIdByUid } from './store.ts';

const present = (row: ProfileRow, viewerId: number | null): PublicProfile => ({
  uid: String(row.uid),
  name: row.name,
  avatar: row.avatar,
  followers: row.followers,
  following: row.following,
  followedByMe: viewerId === null || viewerId === row.id ? null : row.followedByMe,
});

/** Public profiles (what anyone may see of a person: name, avatar, follow counts) and following people. */
export class PeopleService {
  constructor(private readonly deps: { db: Database; now: () => Date }) {}

  async profile(uid: string, viewerId: number | null): Promise<PublicProfile> {
    const row = await profileByUid(this.deps.db, Number(uid), viewerId);
    if (!row) throw new AppError(Status.notFound, 'people.notFound');
    return present(row, viewerId);
  }

  async follow(userId: number, uid: string, on: boolean): Promise<PublicProfile> {
    const targetId = await userIdByUid(this.deps.db, Number(uid));
    if (targetId === undefined) throw new AppError(Status.notFound, 'people.notFound');
    if (targetId === userId) throw new AppError(Status.conflict, 'people.self');
    if (on) await follow(this.deps.db, userId, targetId, this.deps.now());
    else await unfollow(this.deps.db, userId, targetId);
    return this.profile(uid, userId);
  }
}
