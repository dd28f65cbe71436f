import { and, eq, inArray, sql } from 'drizzle-orm';
import { type Database, query, type Tx } from '../../db/client.ts';
import { pushSubscriptions } from '../../db/schema/index.ts';

/**
 * The push module's SQL: `push_subscriptions`, and (read only) the sessions they are bound to and the language
 * the notifications module keeps for outside channels.
 */

export type SubscriptionRow = typeof pushSubscriptions.$inferSelect;

/** Serialises one user's subscribing, so the per-user cap is claimed, never checked then written. */
export async function lockUserSubscriptions(tx: Tx, userId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`push-subscriptions:${userId}`}))`);
}

export async function subscriptionByEndpoint(tx: Tx, endpoint: string): Promise<SubscriptionRow | undefined> {
  const [row] = await tx.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint)).limit(1);
  return row;
}

export async function countSubscriptions(tx: Tx, userId: number): Promise<number> {
  const { rows } = await query<{ n: number | string }>(
    tx,
    sql`select count(*) as n from push_subscriptions where user_id = ${userId}`,
  );
  return Number(rows[0]?.n ?? 0);
}

/**
 * Saves a subscription. An endpoint is one browser (or device): subscribing it again, from another session or
 * another account signed in there, moves it to the newest session with its current keys.
 */
export async function saveSubscription(
  tx: Tx,
  values: Pick<SubscriptionRow, 'userId' | 'sessionId' | 'kind' | 'endpoint' | 'p256dh' | 'auth' | 'createdAt'>,
): Promise<void> {
  await tx
    .insert(pushSubscriptions)
    .values(values)
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: {
        userId: values.userId,
        sessionId: values.sessionId,
        kind: values.kind,
        p256dh: values.p256dh,
        auth: values.auth,
        createdAt: values.createdAt,
        lastSuccessAt: null,
      },
    });
}

/** Removes the caller's subscription of this endpoint or token; someone else's stays. */
export async function deleteOwnSubscription(db: Database, userId: number, endpoint: string): Promise<boolean> {
  const rows = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)))
    .returning({ id: pushSubscriptions.id });
  return rows.length > 0;
}

export async function deleteSessionsSubscriptions(db: Database, sessionIds: number[]): Promise<number> {
  if (sessionIds.length === 0) return 0;
  const rows = await db
    .delete(pushSubscriptions)
    .where(inArray(pushSubscriptions.sessionId, sessionIds))
    .returning({ id: pushSubscriptions.id });
  return rows.length;
}

export async function deleteUserSubscriptions(db: Database, userId: number): Promise<number> {
  const rows = await db
    .delete(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .returning({ id: pushSubscriptions.id });
  return rows.length;
}

export async function deleteSubscription(db: Database, id: number): Promise<void> {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
}

/**
 * Deletes the user's subscriptions whose session has ended (revoked or expired): the announcement that should
 * have removed them may have been missed by every process (pub/sub is at most once), so sending looks again.
 */
export async function deleteEndedSessionSubscriptions(db: Database, userId: number, now: Date): Promise<void> {
  await db.execute(sql`delete from push_subscriptions p using sessions s
    where p.user_id = ${userId} and s.id = p.session_id
      and (s.revoked_at is not null or s.expires_at <= ${now.toISOString()}::timestamptz)`);
}

export interface DeliverableRow {
  id: number;
  kind: 'web' | 'fcm' | 'apns';
  endpoint: string;
  p256dh: string | null;
  auth: string | null;
  /** The language outside channels write in for this user (the notifications' `notice_languages` view), or null. */
  language: string | null;
}

/** Where a push to this user goes now: subscriptions of sessions that still work, with the user's language. */
export async function deliverableSubscriptions(db: Database, userId: number, now: Date): Promise<DeliverableRow[]> {
  const { rows } = await query<DeliverableRow>(
    db,
    sql`select p.id, p.kind, p.endpoint, p.p256dh, p.auth,
        (select n.language from notice_languages n where n.user_id = ${userId}) as language
      from push_subscriptions p
      left join session_validity s on s.id = p.session_id
      where p.user_id = ${userId}
        and (p.session_id is null or (s.revoked_at is null and s.expires_at > ${now.toISOString()}::timestamptz))
      order by p.id`,
  );
  return rows.map((row) => ({ ...row, id: Number(row.id) }));
}

export async function markDelivered(db: Database, ids: number[], now: Date): Promise<void> {
  if (ids.length === 0) return;
  await db.update(pushSubscriptions).set({ lastSuccessAt: now }).where(inArray(pushSubscriptions.id, ids));
}

/** Deleting an account: every push address it registered. */
export async function forgetSubscriptions(tx: Tx, userId: number): Promise<void> {
  await tx.execute(sql`delete from push_subscriptions where user_id = ${userId}`);
}
