import { and, desc, eq, gt, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client.ts';
import { emailCodes, sessions, users } from '../../db/schema/index.ts';

/**
 * The auth module's SQL: accounts (the `users` row; the user module edits its profile names), email codes and
 * sessions.
 */

export type AccountRow = typeof users.$inferSelect;
export type EmailCodeRow = typeof emailCodes.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;

export async function findAccountByEmail(db: Database | Tx, email: string): Promise<AccountRow | undefined> {
  const [user] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  return user;
}

export async function findAccountById(db: Database | Tx, id: number): Promise<AccountRow | undefined> {
  const [user] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return user;
}

export async function inviteCodeTaken(tx: Tx, inviteCode: string): Promise<boolean> {
  return (await tx.select({ id: users.id }).from(users).where(eq(users.inviteCode, inviteCode))).length > 0;
}

export async function insertAccount(
  tx: Tx,
  values: {
    email: string;
    passwordHash: string;
    inviteCode: string;
    invitedBy: number | null;
    createdAt: Date;
    uname?: string | null;
  },
): Promise<AccountRow> {
  const [user] = await tx.insert(users).values(values).returning();
  if (!user) throw new Error('insert returned no user');
  return user;
}

export async function setPasswordHash(tx: Tx, userId: number, passwordHash: string): Promise<void> {
  await tx.update(users).set({ passwordHash }).where(eq(users.id, userId));
}

// Email codes

/** Serialises code requests for one address and purpose until the transaction ends. */
export async function lockCodeRequests(tx: Tx, email: string, purpose: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`vcode:${email}:${purpose}`}))`);
}

export async function lastCodeSentAt(tx: Tx, email: string, purpose: string): Promise<Date | undefined> {
  const [last] = await tx
    .select({ createdAt: emailCodes.createdAt })
    .from(emailCodes)
    .where(and(eq(emailCodes.email, email), eq(emailCodes.purpose, purpose)))
    .orderBy(desc(emailCodes.createdAt))
    .limit(1);
  return last?.createdAt;
}

export async function insertCode(
  tx: Tx,
  values: { email: string; purpose: string; codeHash: string; createdAt: Date; expiresAt: Date },
): Promise<void> {
  await tx.insert(emailCodes).values(values);
}

/** The newest code for an email and purpose, locked until the transaction ends. */
export async function lockNewestCode(tx: Tx, email: string, purpose: string): Promise<EmailCodeRow | undefined> {
  const [row] = await tx
    .select()
    .from(emailCodes)
    .where(and(eq(emailCodes.email, email), eq(emailCodes.purpose, purpose)))
    .orderBy(desc(emailCodes.createdAt))
    .limit(1)
    .for('update');
  return row;
}

export async function setCodeTries(tx: Tx, codeId: number, tries: number): Promise<void> {
  await tx.update(emailCodes).set({ tries }).where(eq(emailCodes.id, codeId));
}

export async function markCodeUsed(tx: Tx, codeId: number, usedAt: Date): Promise<void> {
  await tx.update(emailCodes).set({ usedAt }).where(eq(emailCodes.id, codeId));
}

// Sessions

export async function insertSession(
  tx: Tx,
  values: {
    userId: number;
    tokenHash: string;
    signingKey: string;
    userAgent: string | undefined;
    createdAt: Date;
    expiresAt: Date;
  },
): Promise<void> {
  await tx.insert(sessions).values(values);
}

/** What a session lookup reads: the session and the account it belongs to. */
const SESSION_COLUMNS = {
  sessionId: sessions.id,
  signingKey: sessions.signingKey,
  expiresAt: sessions.expiresAt,
  revokedAt: sessions.revokedAt,
  id: users.id,
  uid: users.uid,
  uuid: users.uuid,
  email: users.email,
};

/** A session by the hash of its token, with the account it belongs to. */
export async function findSessionByTokenHash(db: Database, tokenHash: string) {
  const [row] = await db
    .select(SESSION_COLUMNS)
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.tokenHash, tokenHash))
    .limit(1);
  return row;
}

/**
 * `findSessionByTokenHash` for many tokens in one statement (a crowd's requests, looked up together by the
 * session batcher in platform/session.ts), keyed by token hash.
 */
export async function findSessionsByTokenHashes(db: Database, tokenHashes: string[]) {
  if (tokenHashes.length === 0)
    return new Map<string, NonNullable<Awaited<ReturnType<typeof findSessionByTokenHash>>>>();
  const rows = await db
    .select({ tokenHash: sessions.tokenHash, ...SESSION_COLUMNS })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(inArray(sessions.tokenHash, tokenHashes));
  return new Map(rows.map(({ tokenHash, ...row }) => [tokenHash, row]));
}

/** Sessions of a user that are neither revoked nor expired at `now`, newest first. */
export function liveSessions(db: Database, userId: number, now: Date): Promise<SessionRow[]> {
  return db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)))
    .orderBy(desc(sessions.id));
}

/** Revokes one live session of the user; false when there is none with that id (or it is someone else's). */
export async function revokeOwnSession(db: Database, userId: number, sessionId: number, at: Date): Promise<boolean> {
  const [row] = await db
    .update(sessions)
    .set({ revokedAt: at })
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return row !== undefined;
}

/** Revokes one session; answers its id when it was live until now (none when it had ended already). */
export async function revokeSession(db: Database, sessionId: number, at: Date): Promise<number[]> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: at })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return rows.map((row) => row.id);
}

/** Ends every session of the user; answers the ids it ended. */
export async function revokeAllSessions(tx: Tx | Database, userId: number, at: Date): Promise<number[]> {
  const rows = await tx
    .update(sessions)
    .set({ revokedAt: at })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return rows.map((row) => row.id);
}

/** Ends every session of the user but `keepId` (the one that asked); answers the ids it ended. */
export async function revokeOtherSessions(tx: Tx | Database, userId: number, keepId: number, at: Date) {
  const rows = await tx
    .update(sessions)
    .set({ revokedAt: at })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), ne(sessions.id, keepId)))
    .returning({ id: sessions.id });
  return rows.map((row) => row.id);
}

/** Those of `ids` that are neither revoked nor expired at `now` (the chat sockets' heartbeat asks). */
export async function liveSessionIds(db: Database, ids: number[], now: Date): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(inArray(sessions.id, ids), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)));
  return new Set(rows.map((row) => row.id));
}

/**
 * Deleting an account (security/deletion.service.ts): wipes what identifies the person and keeps the row (journal
 * postings and history point at it). The email becomes a unique placeholder (so the address may sign up again),
 * the password can never match, names and avatar go, and every session ends.
 */
export async function anonymiseAccount(tx: Tx, userId: number, now: Date): Promise<void> {
  await tx.execute(sql`update users set
      email = 'deleted-' || uuid::text || '@deleted.invalid',
      password_hash = '!deleted',
      uname = null, open_name = null, avatar = null,
      deleted_at = ${now.toISOString()}::timestamptz
    where id = ${userId}`);
  await tx.execute(sql`update sessions set revoked_at = ${now.toISOString()}::timestamptz
    where user_id = ${userId} and revoked_at is null`);
}

/**
 * Locks the account row, first of the locks deleting it takes (its balances are next): every ledger entry holds the
 * rows of the users it touches (`FOR KEY SHARE`), so a payment either committed before this or waits and is refused.
 */
export async function lockAccountRow(tx: Tx, userId: number): Promise<void> {
  await tx.execute(sql`select id from users where id = ${userId} for update`);
}
