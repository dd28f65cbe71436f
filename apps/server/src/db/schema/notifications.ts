import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  pgView,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { NoticeParams } from '../../platform/notice-format.ts';
import { at } from './columns.ts';
import { users } from './users.ts';

/**
 * The inbox: one row per recipient per thing that happened. `key` names the event (e.g.
 * `activity.approved:<registration id>`); the unique (user, key) pair is what makes a retry, a replay or a second
 * server process notify nobody twice. The text is written at read time from `kind` and `params`, in the reader's
 * language, so a notice follows the language the user reads in now.
 */
export const notices = pgTable(
  'notices',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** No foreign key: written only by a statement that selects its recipients from the users (migration 0048). */
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    category: text('category').notNull(),
    kind: text('kind').notNull(),
    key: text('key').notNull(),
    params: jsonb('params').$type<NoticeParams>().notNull(),
    /** The in-app path a tap opens (a deep link): a page of the contract's `PATHS` with its query. */
    link: text('link'),
    createdAt: at('created_at').notNull(),
    readAt: at('read_at'),
  },
  (t) => [
    uniqueIndex('notices_user_key_idx').on(t.userId, t.key),
    index('notices_user_time_idx').on(t.userId, t.createdAt, t.id),
    index('notices_unread_idx').on(t.userId, t.category).where(sql`${t.readAt} is null`),
  ],
);

/**
 * Which notices a user was sent, by key, for the modules that send a reminder once (`bountyDeadline:<id>`,
 * `membershipExpiring:…`): never a notice's content (migration 0043).
 */
export const noticeMarkers = pgView('notice_markers', {
  userId: bigint('user_id', { mode: 'number' }).notNull(),
  key: text('key').notNull(),
}).existing();

/**
 * A notice waiting to go out on one outside channel (`push`: Web Push and native push; `email`: written into the mail
 * queue by its worker). Written with the inbox row in one statement; claimed by each channel's worker with SKIP
 * LOCKED; `next_attempt_at` moves forward on a failure (backoff) and, for push, to the end of the recipient's quiet
 * hours (checked when it is sent).
 */
export const noticeDeliveries = pgTable(
  'notice_deliveries',
  {
    /** The notice's id; no foreign key: written only with its notice, deleted with it (migration 0031). */
    noticeId: bigint('notice_id', { mode: 'number' }).notNull(),
    channel: text('channel').notNull(),
    nextAttemptAt: at('next_attempt_at').notNull(),
    attempts: integer('attempts').notNull().default(0),
    doneAt: at('done_at'),
    /** Why the last attempt failed (for operators), or why it was dropped. */
    outcome: text('outcome'),
    /** Files an email carries (a calendar invite), kept beside its notice until the mail is written. */
    attachments: jsonb('attachments').$type<{ filename: string; contentType: string; content: string }[]>(),
  },
  (t) => [
    primaryKey({ columns: [t.noticeId, t.channel] }),
    index('notice_deliveries_due_idx').on(t.channel, t.nextAttemptAt).where(sql`${t.doneAt} is null`),
  ],
);

/** A user's choice for one category on one channel; no row means the default (docs/notifications.md). */
export const noticePreferences = pgTable(
  'notice_preferences',
  {
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    category: text('category').notNull(),
    channel: text('channel').notNull(),
    enabled: boolean('enabled').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.category, t.channel] })],
);

/**
 * Per user: quiet hours (minutes after midnight in `timezone`; start == end or null means none) and the language
 * outside channels write in (the one the user last used the app in).
 */
export const noticeSettings = pgTable(
  'notice_settings',
  {
    userId: bigint('user_id', { mode: 'number' })
      .primaryKey()
      .references(() => users.id),
    quietStart: smallint('quiet_start'),
    quietEnd: smallint('quiet_end'),
    timezone: text('timezone'),
    language: text('language'),
  },
  (t) => [
    check(
      'notice_settings_quiet',
      sql`(${t.quietStart} is null) = (${t.quietEnd} is null) and coalesce(${t.quietStart}, 0) between 0 and 1439 and coalesce(${t.quietEnd}, 0) between 0 and 1439`,
    ),
  ],
);

/** The language a user's outside channels write in, for the other modules; never the quiet hours (migration 0043). */
export const noticeLanguages = pgView('notice_languages', {
  userId: bigint('user_id', { mode: 'number' }).notNull(),
  language: text('language'),
}).existing();

/** A chat room whose messages raise no notice for this member (mentions and replies included). */
export const chatRoomMutes = pgTable(
  'chat_room_mutes',
  {
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    roomId: bigint('room_id', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.roomId] })],
);

/** Which rooms a user muted, for the chat's unread badge (migration 0043). */
export const mutedChatRooms = pgView('muted_chat_rooms', {
  userId: bigint('user_id', { mode: 'number' }).notNull(),
  roomId: bigint('room_id', { mode: 'number' }).notNull(),
}).existing();

/**
 * Where push goes: a Web Push subscription (`web`: endpoint + keys) or a native shell's token (`fcm`, `apns`:
 * endpoint holds the token). Bound to the session that made it: a session that ends takes its subscriptions with it.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** No foreign key: written only by a statement that selects its recipients from the users (migration 0048). */
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    sessionId: bigint('session_id', { mode: 'number' }),
    kind: text('kind').notNull(),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh'),
    auth: text('auth'),
    createdAt: at('created_at').notNull(),
    lastSuccessAt: at('last_success_at'),
  },
  (t) => [
    uniqueIndex('push_subscriptions_endpoint_idx').on(t.endpoint),
    index('push_subscriptions_user_idx').on(t.userId),
    index('push_subscriptions_session_idx').on(t.sessionId),
    check('push_subscriptions_kind', sql`${t.kind} in ('web', 'fcm', 'apns')`),
  ],
);

/**
 * An organizer's message to an activity's attendees. Workers fan it out in batches of recipients by user id
 * (`fanned_to` is the last user id reached), so a blast to 10,000 never holds a request.
 */
export const activityBlasts = pgTable(
  'activity_blasts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    activityId: bigint('activity_id', { mode: 'number' }).notNull(),
    authorId: bigint('author_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    /** Any of `going`, `waitlisted`, `checkedIn`. */
    audience: text('audience').array().notNull(),
    message: text('message').notNull(),
    createdAt: at('created_at').notNull(),
    sendAt: at('send_at').notNull(),
    fannedTo: bigint('fanned_to', { mode: 'number' }).notNull().default(0),
    recipients: integer('recipients').notNull().default(0),
    sentAt: at('sent_at'),
    cancelledAt: at('cancelled_at'),
    /**
     * The fan-out's lease: set when a worker claims the blast and pushed forward after each batch; another
     * process takes a blast over only once it has passed (the worker died). Null until the fan-out starts.
     */
    claimedUntil: at('claimed_until'),
  },
  (t) => [
    index('activity_blasts_activity_idx').on(t.activityId, t.id),
    index('activity_blasts_due_idx').on(t.sendAt).where(sql`${t.sentAt} is null and ${t.cancelledAt} is null`),
  ],
);

/**
 * Reminders before an activity: one row per activity and lead (minutes) once its fan-out is done, so workers
 * on several nodes send each reminder once (the notices' unique key guards each recipient).
 */
export const activityReminders = pgTable(
  'activity_reminders',
  {
    activityId: bigint('activity_id', { mode: 'number' }).notNull(),
    leadMinutes: integer('lead_minutes').notNull(),
    doneAt: at('done_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.activityId, t.leadMinutes] })],
);

/** Devices a user has signed in from (a hash of the user agent family), to say "a new device signed in". */
export const knownDevices = pgTable(
  'known_devices',
  {
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    device: text('device').notNull(),
    firstSeenAt: at('first_seen_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.device] })],
);

/**
 * What must be announced once a change commits, written in the change's own transaction (docs/notifications.md,
 * "The outbox"): `topic` names the handler a module registered, `payload` what it needs. The `noticeOutbox` worker
 * of any process claims due rows for a lease (`next_attempt_at` moved past the lease), runs the handler, and deletes
 * the row; a failure moves `next_attempt_at` forward (backoff), a crash lets the lease run out. Handlers announce
 * with the notices' keys, so a row run twice tells nobody twice.
 */
export const noticeOutbox = pgTable(
  'notice_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    topic: text('topic').notNull(),
    payload: jsonb('payload').notNull(),
    createdAt: at('created_at').notNull(),
    nextAttemptAt: at('next_attempt_at').notNull(),
    attempts: integer('attempts').notNull().default(0),
    /** Why the last attempt failed (for operators). */
    lastError: text('last_error'),
    /** A row written at most once while it waits (a window's batched notice): the first write of the key wins. */
    onceKey: text('once_key'),
  },
  (t) => [
    index('notice_outbox_due_idx').on(t.nextAttemptAt, t.id),
    uniqueIndex('notice_outbox_once_key').on(t.onceKey),
  ],
);
