import { sql } from 'drizzle-orm';
import { pgArray } from '../../db/arrays.ts';
import { type Database, query, type Tx } from '../../db/client.ts';
import type { NoticeParams } from '../../platform/notice-format.ts';

/**
 * The SQL of the outside channels: one statement writes a batch's inbox rows and their delivery rows (push, email);
 * each channel's worker claims its own rows with SKIP LOCKED.
 */

type Db = Database | Tx;
type Attachment = { filename: string; contentType: string; content: string };

/** One outside channel of the event's category: on when `fixed` says so, else the stored choice, else `byDefault`. */
interface ChannelRule {
  channel: 'push' | 'email';
  fixed: boolean | null;
  byDefault: boolean;
}

/** What recording one event's notices for a chunk of recipients needs. */
export interface NoticeRecord {
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
  /** The outside channels that may be on (a channel fixed off is left out). */
  channels: ChannelRule[];
  /** Files the email carries (a calendar invite), kept on its delivery row. */
  attachments: Attachment[] | null;
  now: Date;
}

/**
 * One event's notices for a chunk of recipients, and a delivery row per outside channel each allows, in ONE
 * statement (a writable CTE): deleted accounts and those who muted the room are left out, a notice someone has
 * already (same key) is not inserted again (nor its deliveries), and a recipient with the inbox channel off gets the
 * row already read. Nothing is rendered here: the workers write the push and the mail when they send them. Atomic
 * on its own (one statement): a caller with one chunk needs no transaction around it. Answers the rows it inserted.
 */
export async function recordNotices(
  db: Db,
  record: NoticeRecord,
): Promise<{ id: number; userId: number; read: boolean }[]> {
  const now = record.now.toISOString();
  const readAt = record.inappFixed
    ? sql`null::timestamptz`
    : sql`case when coalesce(p.enabled, ${record.inappDefault}) then null else ${now}::timestamptz end`;
  const unmuted =
    record.roomId === null
      ? sql``
      : sql`and not exists (select 1 from chat_room_mutes m where m.user_id = u.id and m.room_id = ${record.roomId})`;
  const attachments = record.attachments?.length ? JSON.stringify(record.attachments) : null;
  // A channel fixed off is never written.
  const channels = record.channels.filter((rule) => rule.fixed !== false);
  const deliveries =
    channels.length === 0
      ? sql``
      : sql`, out as (
          insert into notice_deliveries (notice_id, channel, next_attempt_at, attachments)
          select ins.id, c.channel, ${now}::timestamptz, case when c.channel = 'email' then ${attachments}::jsonb end
          from ins
          cross join unnest(${pgArray(channels.map((rule) => rule.channel))}::text[],
                            ${pgArray(channels.map((rule) => String(rule.fixed === true)))}::boolean[],
                            ${pgArray(channels.map((rule) => String(rule.byDefault)))}::boolean[]) as c(channel, always, by_default)
          left join notice_preferences q on q.user_id = ins.user_id and q.category = ${record.category} and q.channel = c.channel
          where c.always or coalesce(q.enabled, c.by_default))`;
  const { rows } = await query<{ id: string | number; user_id: string | number; read: boolean }>(
    db,
    sql`with ins as (
          insert into notices (user_id, category, kind, key, params, link, created_at, read_at)
          select u.id, ${record.category}, ${record.kind}, ${record.key}, ${JSON.stringify(record.params)}::jsonb,
                 ${record.link}, ${now}::timestamptz, ${readAt}
          from public_users u
          left join notice_preferences p on p.user_id = u.id and p.category = ${record.category} and p.channel = 'inapp'
          where u.id = any(${pgArray(record.userIds)}::bigint[]) and u.deleted_at is null ${unmuted}
          order by u.id
          on conflict (user_id, key) do nothing
          returning id, user_id, read_at is not null as read)${deliveries}
        select id, user_id, read from ins order by user_id`,
  );
  return rows.map((row) => ({ id: Number(row.id), userId: Number(row.user_id), read: row.read }));
}

/** A push delivery claimed by the worker, with what it needs to be written and when it may go. */
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
  quietStart: number | null;
  quietEnd: number | null;
  timezone: string | null;
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
    quiet_start: number | null;
    quiet_end: number | null;
    timezone: string | null;
    attempts: number;
  }>(
    db,
    sql`update notice_deliveries d set attempts = d.attempts + 1,
          next_attempt_at = ${at}::timestamptz + least(power(2, d.attempts), 360) * interval '1 minute'
        from notices n left join notice_settings s on s.user_id = n.user_id
        where n.id = d.notice_id and d.channel = 'push' and d.notice_id in (
          select notice_id from notice_deliveries
          where channel = 'push' and done_at is null and next_attempt_at <= ${at}::timestamptz and attempts < ${maxAttempts}
          order by next_attempt_at, notice_id limit ${limit} for update skip locked)
        returning d.notice_id, n.user_id, n.kind, n.key, n.params, n.link, coalesce(n.read_at > n.created_at, false) as read,
                  s.language, s.quiet_start, s.quiet_end, s.timezone, d.attempts`,
  );
  return rows.map((row) => ({
    noticeId: Number(row.notice_id),
    userId: Number(row.user_id),
    kind: row.kind,
    key: row.key,
    params: jsonColumn(row.params),
    link: row.link,
    read: row.read,
    language: row.language,
    quietStart: row.quiet_start === null ? null : Number(row.quiet_start),
    quietEnd: row.quiet_end === null ? null : Number(row.quiet_end),
    timezone: row.timezone,
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

/** A claimed push that found its recipient in quiet hours: it waits for their end, the attempt not counted. */
export async function deferDelivery(db: Db, noticeId: number, until: Date): Promise<void> {
  await query(
    db,
    sql`update notice_deliveries set next_attempt_at = ${until.toISOString()}::timestamptz,
          attempts = greatest(attempts - 1, 0), outcome = 'quiet hours'
        where notice_id = ${noticeId} and channel = 'push'`,
  );
}

/** Deliveries (push, and email not yet written into the mail queue) due and not done, counted up to `limit`. */
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

/** An email delivery claimed to be written into the mail queue. */
export interface ClaimedMail {
  noticeId: number;
  userId: number;
  category: string;
  kind: string;
  params: NoticeParams;
  link: string | null;
  language: string | null;
  attachments: Attachment[] | null;
}

/**
 * Inside the transaction that queues their mail: takes due email deliveries (FOR UPDATE SKIP LOCKED) and marks them
 * done in the same statement, so each is queued once across processes (a rollback gives them back).
 */
export async function takeDueMails(tx: Tx, now: Date, limit: number): Promise<ClaimedMail[]> {
  const at = now.toISOString();
  const { rows } = await query<{
    notice_id: string | number;
    user_id: string | number;
    category: string;
    kind: string;
    params: NoticeParams;
    link: string | null;
    language: string | null;
    attachments: Attachment[] | null;
  }>(
    tx,
    sql`with due as (
          select notice_id from notice_deliveries
          where channel = 'email' and done_at is null and next_attempt_at <= ${at}::timestamptz
          order by next_attempt_at, notice_id limit ${limit} for update skip locked),
        done as (
          update notice_deliveries d set done_at = ${at}::timestamptz, outcome = 'queued', attempts = d.attempts + 1
          from due where d.notice_id = due.notice_id and d.channel = 'email'
          returning d.notice_id, d.attachments)
        select done.notice_id, n.user_id, n.category, n.kind, n.params, n.link, s.language, done.attachments
        from done
        join notices n on n.id = done.notice_id
        join public_users u on u.id = n.user_id and u.deleted_at is null
        left join notice_settings s on s.user_id = n.user_id
        order by done.notice_id`,
  );
  return rows.map((row) => ({
    noticeId: Number(row.notice_id),
    userId: Number(row.user_id),
    category: row.category,
    kind: row.kind,
    params: jsonColumn(row.params),
    link: row.link,
    language: row.language,
    attachments: row.attachments === null ? null : jsonColumn(row.attachments),
  }));
}

/** A jsonb column read through raw SQL: parsed by node-postgres, a string from some drivers. */
function jsonColumn<T>(value: T | string): T {
  return typeof value === 'string' ? (JSON.parse(value) as T) : value;
}
