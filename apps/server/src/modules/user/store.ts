import { eq, inArray } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';

export type UserRow = typeof users.$inferSelect;

export async function findUserByEmail(db: Database, email: string): Promise<UserRow | undefined> {
  const [user] = await db.select().from(users).where(eq(users.email, email));
  return user;
}

export async function findUser(db: Database, userId: number): Promise<UserRow | undefined> {
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  return user;
}

/** Sets the names given (an absent one stays); undefined when there is no such user. */
export async function updateNames(
  db: Database,
  userId: number,
  names: { uname?: string; openName?: string },
): Promise<UserRow | undefined> {
  const [updated] = await db
    .update(users)
    .set({
      ...(names.uname !== undefined ? { uname: names.uname } : {}),
      ...(names.openName !== undefined ? { openName: names.openName } : {}),
    })
    .where(eq(users.id, userId))
    .returning();
  return updated;
}

/** Points the profile at a new avatar; undefined when there is no such user. */
export async function updateAvatar(db: Database, userId: number, avatar: string): Promise<UserRow | undefined> {
  const [updated] = await db.update(users).set({ avatar }).where(eq(users.id, userId)).returning();
  return updated;
}

/** The email addresses of these accounts (deleted ones included), by id. */
export async function emailsByIds(db: Database | Tx, userIds: number[]): Promise<Map<number, string>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.id, [...new Set(userIds)]));
  return new Map(rows.map((row) => [row.id, row.email]));
}
