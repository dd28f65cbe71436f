import { and, asc, eq, gt, inArray } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client.ts';
import { chatMembers, publicUsers } from '../../db/schema/index.ts';

/** The chat module's SQL for notices and room activity: who is in a room, which rooms a user is in. */

type Db = Database | Tx;

/** A page of a room's members (not banned) by user id, after `afterUserId`: what a room-wide notice fans out to. */
export async function memberIdsPage(db: Db, roomId: number, afterUserId: number, limit: number): Promise<number[]> {
  const rows = await db
    .select({ userId: chatMembers.userId })
    .from(chatMembers)
    .where(and(eq(chatMembers.roomId, roomId), eq(chatMembers.banned, false), gt(chatMembers.userId, afterUserId)))
    .orderBy(asc(chatMembers.userId))
    .limit(limit);
  return rows.map((row) => row.userId);
}

/** Of these users, the ones in the room (not banned). */
export async function membersAmong(db: Db, roomId: number, userIds: number[]): Promise<Set<number>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .select({ userId: chatMembers.userId })
    .from(chatMembers)
    .where(and(eq(chatMembers.roomId, roomId), eq(chatMembers.banned, false), inArray(chatMembers.userId, userIds)));
  return new Set(rows.map((row) => row.userId));
}

/** The rooms a user is in (not banned): what their chat sockets follow for the unread badge. */
export async function roomIdsOfUser(db: Db, userId: number): Promise<number[]> {
  const rows = await db
    .select({ roomId: chatMembers.roomId })
    .from(chatMembers)
    .where(and(eq(chatMembers.userId, userId), eq(chatMembers.banned, false)));
  return rows.map((row) => row.roomId);
}

/** A user's display name (the name others see in chat). */
export async function displayNameOf(db: Db, userId: number): Promise<string> {
  const [row] = await db
    .select({ uname: publicUsers.uname, openName: publicUsers.openName })
    .from(publicUsers)
    .where(eq(publicUsers.id, userId));
  return row?.openName ?? row?.uname ?? '';
}
