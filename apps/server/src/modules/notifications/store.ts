import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { pgArray } from '../../db/arrays.ts';
import { type Database, query, type Tx } from '../../db/client.ts';
import { chatRoomMutes, noticePreferences, noticeSettings, notices } from '../../db/schema/index.ts';

/** The SQL of notifications: the inbox, preferences, settings and room mutes (deliveries: deliveries.store.ts). */

export type NoticeRow = typeof notices.$inferSelect;
export type SettingsRow = typeof noticeSettings.$inferSelect;
type Db = Database | Tx;

/**
 * A page of a user's notices, newest first by when they happened (ties by id), after the cursor's (time, id). By
 * time, not id: a notice's row may be written after a later one's (a worker's batch, a replayed event), and the
 * inbox reads in the order things happened.
 */
export async function listNotices(
  db: Db,
  userId: number,
  options: { after?: { at: Date; id: number }; limit: number; category?: string },
): Promise<NoticeRow[]> {
  const after = options.after;
  return db
    .select()
    .from(notices)
    .where(
      and(
        eq(notices.userId, userId),
        after === undefined
          ? undefined
          : sql`(${notices.createdAt}, ${notices.id}) < (${after.at.toISOString()}::timestamptz, ${after.id})`,
        options.category === undefined ? undefined : eq(notices.category, options.category),
      ),
    )
    .orderBy(desc(notices.createdAt), desc(notices.id))
    .limit(options.limit);
}

/** Unread notices per category, for several users at once (on the partial unread index). */
export async function unreadByCategory(db: Db, userIds: number[]) {
  if (userIds.length === 0) return [];
  const { rows } = await query<{ user_id: string | number; category: string; n: number }>(
    db,
    sql`select user_id, category, count(*)::int as n from notices
        where user_id = any(${pgArray(userIds)}::bigint[]) and read_at is null
        group by user_id, category`,
  );
  return rows.map((row) => ({ userId: Number(row.user_id), category: row.category, count: Number(row.n) }));
}

/** Marks some of the user's notices read, or all of them (of one category). Answers how many changed. */
export async function markRead(
  db: Db,
  userId: number,
  target: { ids: number[] } | { category?: string },
  at: Date,
): Promise<number> {
  const which =
    'ids' in target
      ? inArray(notices.id, target.ids)
      : target.category === undefined
        ? undefined
        : eq(notices.category, target.category);
  const changed = await db
    .update(notices)
    .set({ readAt: at })
    .where(and(eq(notices.userId, userId), isNull(notices.readAt), which))
    .returning({ id: notices.id });
  return changed.length;
}

export async function preferencesOf(db: Db, userId: number) {
  return db
    .select({
      category: noticePreferences.category,
      channel: noticePreferences.channel,
      enabled: noticePreferences.enabled,
    })
    .from(noticePreferences)
    .where(eq(noticePreferences.userId, userId));
}

export async function upsertPreferences(
  tx: Db,
  userId: number,
  rows: { category: string; channel: string; enabled: boolean }[],
): Promise<void> {
  if (rows.length === 0) return;
  await tx
    .insert(noticePreferences)
    .values(rows.map((row) => ({ userId, ...row })))
    .onConflictDoUpdate({
      target: [noticePreferences.userId, noticePreferences.category, noticePreferences.channel],
      set: { enabled: sql`excluded.enabled` },
    });
}

export async function settingsOf(db: Db, userId: number): Promise<SettingsRow | undefined> {
  const [row] = await db.select().from(noticeSettings).where(eq(noticeSettings.userId, userId));
  return row;
}

/** Writes the named settings, keeping the others. */
export async function upsertSettings(
  tx: Db,
  userId: number,
  values: Partial<Omit<SettingsRow, 'userId'>>,
): Promise<void> {
  await tx
    .insert(noticeSettings)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: noticeSettings.userId, set: values });
}

/** Records the language outside channels write in, when it differs (no write otherwise). */
export async function recordLanguage(db: Db, userId: number, language: string): Promise<void> {
  await query(
    db,
    sql`insert into notice_settings (user_id, language) values (${userId}, ${language})
        on conflict (user_id) do update set language = excluded.language
        where notice_settings.language is distinct from excluded.language`,
  );
}

export async function setRoomMute(db: Db, userId: number, roomId: number, muted: boolean): Promise<void> {
  if (muted) await db.insert(chatRoomMutes).values({ userId, roomId }).onConflictDoNothing();
  else await db.delete(chatRoomMutes).where(and(eq(chatRoomMutes.userId, userId), eq(chatRoomMutes.roomId, roomId)));
}

export async function roomMuted(db: Db, userId: number, roomId: number): Promise<boolean> {
  const { rows } = await query<{ one: number }>(
    db,
    sql`select 1 as one from chat_room_mutes where user_id = ${userId} and room_id = ${roomId}`,
  );
  return rows.length > 0;
}

export async function liveUser(db: Db, userId: number): Promise<boolean> {
  const { rows } = await query<{ id: string }>(
    db,
    sql`select id from public_users where id = ${userId} and deleted_at is null`,
  );
  return rows.length > 0;
}

/**
 * Deleting an account: what notifications kept about the person (the inbox and its deliveries,
 * preferences, quiet hours and language, muted rooms). Push addresses are the push module's to forget.
 */
export async function forgetRecipient(tx: Tx, userId: number): Promise<void> {
  // Deliveries have no foreign key to cascade from (migration 0031): they go first, by their notices.
  await tx.execute(
    sql`delete from notice_deliveries where notice_id in (select id from notices where user_id = ${userId})`,
  );
  await tx.execute(sql`delete from notices where user_id = ${userId}`);
  await tx.execute(sql`delete from notice_preferences where user_id = ${userId}`);
  await tx.execute(sql`delete from notice_settings where user_id = ${userId}`);
  await tx.execute(sql`delete from chat_room_mutes where user_id = ${userId}`);
}
