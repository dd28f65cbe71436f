import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  pgView,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { at } from './columns.ts';
import { users } from './users.ts';

/**
 * Chat rooms. `last_seq` is the room's message counter: a message claims the next number with
 * `update chat_rooms set last_seq = last_seq + 1 … returning` in the transaction that stores it, so numbers
 * are gapless and a room's messages commit in number order (the row lock serialises senders).
 */
export const chatRooms = pgTable(
  'chat_rooms',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind', { enum: ['community', 'city', 'activity', 'direct'] }).notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    avatar: text('avatar'),
    joinPolicy: text('join_policy', { enum: ['public', 'invite'] }).notNull(),
    inviteToken: text('invite_token').notNull().unique(),
    /** A city room's city (one room per city), an activity room's activity. */
    city: text('city'),
    activityId: bigint('activity_id', { mode: 'number' }),
    /** A direct room's pair, `<lower user id>:<higher user id>`: one room per pair. */
    directKey: text('direct_key'),
    /** When the room stopped taking messages (its activity was cancelled); history stays readable. */
    closedAt: at('closed_at'),
    lastSeq: bigint('last_seq', { mode: 'number' }).notNull().default(0),
    slowModeSeconds: integer('slow_mode_seconds').notNull().default(0),
    announcement: text('announcement'),
    createdBy: bigint('created_by', { mode: 'number' }).references(() => users.id),
    createdAt: at('created_at').notNull(),
    lastMessageAt: at('last_message_at').notNull(),
  },
  (t) => [
    uniqueIndex('chat_rooms_city_idx').on(t.city).where(sql`${t.kind} = 'city'`),
    uniqueIndex('chat_rooms_activity_idx').on(t.activityId).where(sql`${t.kind} = 'activity'`),
    uniqueIndex('chat_rooms_direct_idx').on(t.directKey).where(sql`${t.kind} = 'direct'`),
    index('chat_rooms_name_idx').on(t.name),
  ],
);

/** Who is in a room, with their role, read position and sanctions. A left or kicked member's row is deleted; a ban stays. */
export const chatMembers = pgTable(
  'chat_members',
  {
    roomId: bigint('room_id', { mode: 'number' })
      .notNull()
      .references(() => chatRooms.id),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    role: text('role', { enum: ['owner', 'admin', 'member'] }).notNull(),
    readSeq: bigint('read_seq', { mode: 'number' }).notNull().default(0),
    mutedUntil: at('muted_until'),
    banned: boolean('banned').notNull().default(false),
    /** When the member last sent a message: slow mode claims the next send against it. */
    lastSentAt: at('last_sent_at'),
    joinedAt: at('joined_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.roomId, t.userId] }), index('chat_members_user_idx').on(t.userId)],
);

/**
 * Who is a member of a room, and with what role, for the other modules (docs/modules.md "Between modules"): the
 * banned are not members here; never read marks, mutes or sending times. A view in the database (migration 0042).
 */
export const chatRoomMembers = pgView('chat_room_members', {
  roomId: bigint('room_id', { mode: 'number' }).notNull(),
  userId: bigint('user_id', { mode: 'number' }).notNull(),
  role: text('role').notNull(),
}).existing();

export const chatMessages = pgTable(
  'chat_messages',
  {
    roomId: bigint('room_id', { mode: 'number' })
      .notNull()
      .references(() => chatRooms.id),
    seq: bigint('seq', { mode: 'number' }).notNull(),
    kind: text('kind', { enum: ['text', 'image', 'system', 'redpacket', 'bounty'] }).notNull(),
    senderId: bigint('sender_id', { mode: 'number' }).references(() => users.id),
    body: text('body').notNull().default(''),
    imageId: text('image_id'),
    replyTo: bigint('reply_to', { mode: 'number' }),
    mentions: jsonb('mentions').$type<string[]>().notNull().default([]),
    event: text('event'),
    targetId: bigint('target_id', { mode: 'number' }),
    deletedAt: at('deleted_at'),
    createdAt: at('created_at').notNull(),
    /** The sender's own id for the message: a resend after a lost ack finds the first instead of storing twice. */
    clientId: text('client_id'),
    /** What a red packet or bounty message points at: the packet's code or the bounty's id. */
    ref: text('ref'),
  },
  (t) => [
    primaryKey({ columns: [t.roomId, t.seq] }),
    uniqueIndex('chat_messages_client_idx').on(t.roomId, t.senderId, t.clientId).where(sql`${t.clientId} is not null`),
  ],
);

/** Every announcement a room has pinned, newest last; the room row holds the current one. */
export const chatAnnouncements = pgTable('chat_announcements', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  roomId: bigint('room_id', { mode: 'number' })
    .notNull()
    .references(() => chatRooms.id),
  body: text('body').notNull(),
  authorId: bigint('author_id', { mode: 'number' })
    .notNull()
    .references(() => users.id),
  createdAt: at('created_at').notNull(),
});

/** Whom a user blocked (docs/chat.md "Blocks, reports and automatic moderation"): one row per pair. */
export const chatBlocks = pgTable(
  'chat_blocks',
  {
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    blockedId: bigint('blocked_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    createdAt: at('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.blockedId] }), index('chat_blocks_blocked_idx').on(t.blockedId)],
);

/**
 * Reports of a message (`seq`) or of a person (`seq` null) in a room. One open report per reporter and target,
 * claimed by a partial unique index; a direct room's reports go to the operators, the others to the room's admins.
 */
export const chatReports = pgTable(
  'chat_reports',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    reporterId: bigint('reporter_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    roomId: bigint('room_id', { mode: 'number' })
      .notNull()
      .references(() => chatRooms.id),
    seq: bigint('seq', { mode: 'number' }),
    targetId: bigint('target_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    reason: text('reason').notNull(),
    note: text('note').notNull().default(''),
    status: text('status', { enum: ['open', 'resolved', 'dismissed'] })
      .notNull()
      .default('open'),
    action: text('action'),
    resolvedBy: bigint('resolved_by', { mode: 'number' }),
    resolvedAt: at('resolved_at'),
    createdAt: at('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('chat_reports_open_idx')
      .on(t.reporterId, t.roomId, sql`coalesce(${t.seq}, -1)`, t.targetId)
      .where(sql`${t.status} = 'open'`),
    index('chat_reports_room_idx').on(t.roomId, t.status),
  ],
);

/**
 * A room's automatic moderation, set by its admins: words a message may not contain (kept normalised: NFKC, lower
 * case) and how many hours a member must have been in the room before posting links. No row: no rules.
 */
export const chatRoomRules = pgTable('chat_room_rules', {
  roomId: bigint('room_id', { mode: 'number' })
    .primaryKey()
    .references(() => chatRooms.id),
  blockedWords: jsonb('blocked_words').$type<string[]>().notNull().default([]),
  linkMinHours: integer('link_min_hours').notNull().default(0),
  updatedAt: at('updated_at').notNull(),
});
