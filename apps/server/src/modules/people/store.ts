import { and, eq, sql } from 'drizzle-orm';
import { type Database, query } from '../../db/client.ts';
import { publicUsers, userFollows } from '../../db/schema/index.ts';

/** The people module's SQL: public profiles and follows. */

export interface ProfileRow {
  id: number;
  uid: number;
  name: string | null;
  avatar: string | null;
  followers: number;
  following: number;
  followedByMe: boolean;
}

/** A person's public face with their follow counts and whether the viewer follows them: one query. */
export async function profileByUid(db: Database, uid: number, viewerId: number | null) {
  const viewer = viewerId ?? 0;
  const { rows } = await query<ProfileRow>(
    db,
    sql`select u.id, u.uid, coalesce(u.open_name, u.uname) as name, u.avatar,
          (select count(*)::int from user_follows f where f.followee_id = u.id) as followers,
          (select count(*)::int from user_follows f where f.follower_id = u.id) as following,
          exists (select 1 from user_follows f where f.followee_id = u.id and f.follower_id = ${viewer}) as "followedByMe"
        from public_users u where u.uid = ${uid}`,
  );
  const row = rows[0];
  return row ? { ...row, id: Number(row.id), uid: Number(row.uid) } : undefined;
}

export async function userIdByUid(db: Database, uid: number): Promise<number | undefined> {
  const [row] = await db.select({ id: publicUsers.id }).from(publicUsers).where(eq(publicUsers.uid, uid));
  return row?.id;
}

/** Following twice is one row (the pair is the key). */
export async function follow(db: Database, followerId: number, followeeId: number, at: Date) {
  await db.insert(userFollows).values({ followerId, followeeId, createdAt: at }).onConflictDoNothing();
}

export async function unfollow(db: Database, followerId: number, followeeId: number) {
  await db
    .delete(userFollows)
    .where(and(eq(userFollows.followerId, followerId), eq(userFollows.followeeId, followeeId)));
}
