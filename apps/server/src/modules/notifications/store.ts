import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { pgArray } from '../../db/arrays.ts';
import { type Database, query, type Tx } from '../../db/client.ts';
import { chatRoomMutes, noticePreferences, noticeSettings, notices } from '../../db/schema/index.ts';
import type { NoticeParams } from '../../platform/notice-format.ts';

/** The SQL of notifications: the inbox, deliveries, preferences, settings and room mutes. */

export type NoticeRow = typeof notices.$inferSelect;
export type SettingsRow = typeof noticeSettings.$inferSelect;
type Db = Database | Tx;

/** What an insert of one event's notices needs. */
export interface NoticeInsert {
  category: string;
  kind: string;
  key: string;
  params: NoticeParams;
  link: string | null;
  /** Recipients (a chunk of them). */
  userIds: number[];
  /** Skip those who muted this chat room. */
  roomId: number | null;
  /** Whether the inbox channel is on when the user chose nothing; `fixed` overrides any choice. */
  inappDefault: boolean;
  inappFixed: boolean;
  now: Date;
}

/** What delivering a new notice outside the app needs about its recipient. */
export interface Recipient {
  userId: number;
  email: string;
  push: boolean | null;
  emailOn: boolean | null;
  quietStart: number | null;
  quietEnd: number | null;
  timezone: string | null;
  language: string | null;
}

/** A notice this statement inserted, with what its outside channels need about its recipient. */
export interface InsertedNotice {
  id: number;
  userId: number;
  read: boolean;
  recipient: Recipient;
}

/**
 * One event's notices for a chunk of recipients in one statement: deleted accounts and those who muted the room are
 * left out, a notice someone has already (same key) is not inserted again, and a recipient with the inbox channel
 * off gets the row already read. Answers only the rows this statement inserted, each with its recipient's address,
 * settings and stored push/email choices for the category (read in the same statement).
 */
export async function insertNotices(tx: Tx, insert: NoticeInsert): Promise<InsertedNotice[]> {
  const now = insert.now.toISOString();
  const readAt = insert.inappFixed
    ? sql`null::timestamptz`
    : sql`case when coalesce(p.enabled, ${insert.inappDefault}) then null else ${now}::timestamptz end`;
  const unmuted =
    insert.roomId === null
      ? sql``
      : sql`and not exists (select 1 from chat_room_mutes m where m.user_id = u.id and m.room_id = ${insert.roomId})`;
  const { rows } = await query<{
    id: string | number;
    user_id: string | number;
    read: boolean;
    email: string;
    push: boolean | null;
    email_on: boolean | null;
    quiet_start: number | null;
    quiet_end: number | null;
    timezone: string | null;
    language: string | null;
  }>(
    tx,
    sql`with ins as (
          insert into notices (user_id, category, kind, key, params, link, created_at, read_at)
          select u.id, ${insert.category}, ${insert.kind}, ${insert.key}, ${JSON.stringify(insert.params)}::jsonb,
                 ${insert.link}, ${now}::timestamptz, ${readAt}
          from users u
          left join notice_preferences p on p.user_id = u.id and p.category = ${insert.category} and p.channel = 'inapp'
          where u.id = any(${pgArray(insert.userIds)}::bigint[]) and u.deleted_at is null ${unmuted}
          order by u.id
          on conflict (user_id, key) do nothing
          returning id, user_id, read_at is not null as read)
        select ins.id, ins.user_id, ins.read, u.email, pp.enabled as push, pe.enabled as email_on,
               s.quiet_start, s.quiet_end, s.timezone, s.language
        from ins
        join users u on u.id = ins.user_id
        left join notice_settings s on s.user_id = ins.user_id
        left join notice_preferences pp on pp.user_id = ins.user_id and pp.category = ${insert.category} and pp.channel = 'push'
        left join notice_preferences pe on pe.user_id = ins.user_id and pe.category = ${insert.category} and pe.channel = 'email'
        order by ins.user_id`,
  );
  return rows.map((row) => ({
    id: Number(row.id),
    userId: Number(row.user_id),
    read: row.read,
    recipient: {
      userId: Number(row.user_id),
      email: row.email,
      push: row.push,
      emailOn: row.email_on,
      quietStart: row.quiet_start === null ? null : Number(row.quiet_start),
      quietEnd: row.quiet_end === null ? null : Number(row.quiet_end),
      timezone: row.timezone,
      language: row.language,
    },
  }));
}

/** Push deliveries, one statement for a chunk. */
export async function insertPushDeliveries(tx: Tx, rows: { noticeId: number; at: Date }[]): Promise<void> {
  if (rows.length === 0) return;
  await query(
    tx,
    sql`insert into notice_deliveries (notice_id, channel, next_attempt_at)
        select n, 'push', t from unnest(${pgArray(rows.map((row) => row.noticeId))}::bigint[],
                                      ${pgArray(rows.map((row) => row.at.toISOString()))}::timestamptz[]) as w(n, t)
        on conflict do nothing`,
  );
}

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
    sql`select id from users where id = ${userId} and deleted_at is null`,
  );
  return rows.length > 0;
}

/** A push delivery claimed by the worker, with what it needs to be written. */
export interface ClaimedDelivery {
  noticeId: number;
  userId: number;
  kind: string;
  key: string;
  params: NoticeParams;
  link: string | null;
  /** Read since it was created (a notice kept out of the inbox is created read, and still pushed). */
  read: boolean;
  language: string | null;
  attempts: number;
}

/**
 * Claims due push deliveries (FOR UPDATE SKIP LOCKED) and pushes each one's next attempt forward (1, 2, 4 …
 * minutes, at most 6 hours) in the same statement, so no other process takes it while it is being sent and a send
 * cut short is tried again later.
 */
export async function claimDueDeliveries(
  db: Db,
  now: Date,
  limit: number,
  maxAttempts: number,
): Promise<ClaimedDelivery[]> {
  const at = now.toISOString();
  const { rows } = await query<{
    notice_id: string | number;
    user_id: string | number;
    kind: string;
    key: string;
    params: NoticeParams;
    link: string | null;
    read: boolean;
    language: string | null;
    attempts: number;
  }>(
    db,
    sql`update notice_deliveries d set attempts = d.attempts + 1,
          next_attempt_at = ${at}::timestamptz + least(power(2, d.attempts), 360) * interval '1 minute'
        from notices n left join notice_settings s on s.user_id = n.user_id
        where n.id = d.notice_id and (d.notice_id, d.channel) in (
          select notice_id, channel from notice_deliveries
          where done_at is null and next_attempt_at <= ${at}::timestamptz and attempts < ${maxAttempts}
          order by next_attempt_at, notice_id limit ${limit} for update skip locked)
        returning d.notice_id, n.user_id, n.kind, n.key, n.params, n.link, coalesce(n.read_at > n.created_at, false) as read,
                  s.language, d.attempts`,
  );
  return rows.map((row) => ({
    noticeId: Number(row.notice_id),
    userId: Number(row.user_id),
    kind: row.kind,
    key: row.key,
    params: typeof row.params === 'string' ? JSON.parse(row.params) : row.params,
    link: row.link,
    read: row.read,
    language: row.language,
    attempts: Number(row.attempts),
  }));
}

export async function finishDelivery(db: Db, noticeId: number, outcome: string, at: Date | null): Promise<void> {
  await query(
    db,
    sql`update notice_deliveries set outcome = ${outcome}, done_at = ${at === null ? null : at.toISOString()}::timestamptz
        where notice_id = ${noticeId} and channel = 'push'`,
  );
}

/** Push deliveries due and not done, counted up to `limit`. */
export async function deliveryBacklog(db: Db, now: Date, limit: number, maxAttempts: number): Promise<number> {
  const { rows } = await query<{ due: number }>(
    db,
    sql`select count(*)::int as due from (
          select 1 from notice_deliveries
          where done_at is null and next_attempt_at <= ${now.toISOString()}::timestamptz and attempts < ${maxAttempts}
          limit ${limit}) due`,
  );
  return Number(rows[0]?.due ?? 0);
}

/**
 * Deleting an account: what notifications kept about the person (the inbox, whose deliveries go with it,
 * preferences, quiet hours and language, muted rooms). Push addresses are the push module's to forget.
 */
export async function forgetRecipient(tx: Tx, userId: number): Promise<void> {
  await tx.execute(sql`delete from notices where user_id = ${userId}`);
  await tx.execute(sql`delete from notice_preferences where user_id = ${userId}`);
  await tx.execute(sql`delete from notice_settings where user_id = ${userId}`);
  await tx.execute(sql`delete from chat_room_mutes where user_id = ${userId}`);
}
