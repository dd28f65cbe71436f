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
    /** Only admins may post polls. */
    pollsByAdmins: boolean('polls_by_admins').notNull().default(false),
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
    kind: text('kind', { enum: ['text', 'image', 'system', 'redpacket', 'bounty', 'poll'] }).notNull(),
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
    /** When its author last edited it; the versions it replaced are in `chat_message_versions`. */
    editedAt: at('edited_at'),
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

/** One member's reaction of one kind on a message: the key claims it, so a member gives each kind once. */
export const chatReactions = pgTable(
  'chat_reactions',
  {
    roomId: bigint('room_id', { mode: 'number' }).notNull(),
    seq: bigint('seq', { mode: 'number' }).notNull(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    emoji: text('emoji').notNull(),
    createdAt: at('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.roomId, t.seq, t.userId, t.emoji] })],
);

/**
 * A message's reaction revision: every change takes the next one (the upsert locks the row, so a message's changes
 * are serialised), and the counts read after it go out with it, so a client keeps the newest whatever the order.
 */
export const chatReactionRevs = pgTable(
  'chat_reaction_revs',
  {
    roomId: bigint('room_id', { mode: 'number' }).notNull(),
    seq: bigint('seq', { mode: 'number' }).notNull(),
    rev: bigint('rev', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.roomId, t.seq] })],
);

/** The texts an edit replaced, for moderators: version 1 is what was sent. */
export const chatMessageVersions = pgTable(
  'chat_message_versions',
  {
    roomId: bigint('room_id', { mode: 'number' }).notNull(),
    seq: bigint('seq', { mode: 'number' }).notNull(),
    version: integer('version').notNull(),
    body: text('body').notNull(),
    mentions: jsonb('mentions').$type<string[]>().notNull().default([]),
    replacedAt: at('replaced_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.roomId, t.seq, t.version] })],
);

/**
 * A room's pinned messages. Each takes one of CHAT_PIN_LIMIT slots, claimed by the unique (room, slot) key, so
 * pins made at the same moment never pass the limit.
 */
export const chatPins = pgTable(
  'chat_pins',
  {
    roomId: bigint('room_id', { mode: 'number' }).notNull(),
    seq: bigint('seq', { mode: 'number' }).notNull(),
    slot: smallint('slot').notNull(),
    pinnedBy: bigint('pinned_by', { mode: 'number' }).references(() => users.id),
    pinnedAt: at('pinned_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.roomId, t.seq] }),
    uniqueIndex('chat_pins_slot_idx').on(t.roomId, t.slot),
    check('chat_pins_slot', sql`${t.slot} between 1 and 10`),
  ],
);

/**
 * A room's polls (docs/chat.md "Polls"), each shown by a `poll` message (`ref` = the poll's id, `seq` = the message's).
 * `version` grows with every vote and the closing, under the poll's row lock, so results carry an order.
 */
export const chatPolls = pgTable(
  'chat_polls',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    roomId: bigint('room_id', { mode: 'number' })
      .notNull()
      .references(() => chatRooms.id),
    seq: bigint('seq', { mode: 'number' }).notNull(),
    authorId: bigint('author_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    question: text('question').notNull(),
    options: jsonb('options').$type<string[]>().notNull(),
    multiple: boolean('multiple').notNull(),
    anonymous: boolean('anonymous').notNull(),
    audience: text('audience', { enum: ['members', 'ticketHolders', 'checkedIn'] }).notNull(),
    closesAt: at('closes_at'),
    /** Closed early by its author or an admin. */
    closedAt: at('closed_at'),
    version: integer('version').notNull().default(0),
    createdAt: at('created_at').notNull(),
  },
  (t) => [uniqueIndex('chat_polls_message_idx').on(t.roomId, t.seq)],
);

/**
 * One ballot per member and poll (the primary key claims it): a new vote replaces the choices. For an anonymous poll
 * the row is what stops a second vote and lets the voter see their own; no answer ever lists who chose what.
 */
export const chatPollVotes = pgTable(
  'chat_poll_votes',
  {
    pollId: bigint('poll_id', { mode: 'number' })
      .notNull()
      .references(() => chatPolls.id),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    choices: jsonb('choices').$type<number[]>().notNull(),
    votedAt: at('voted_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.pollId, t.userId] })],
);

/**
 * Message search (docs/chat.md "Search"): each searchable message's text, normalised (NFKC, lower case), which the
 * final substring check reads, and when it was sent (milliseconds), which orders hits across rooms.
 */
export const chatSearchTexts = pgTable(
  'chat_search_texts',
  {
    roomId: bigint('room_id', { mode: 'number' }).notNull(),
    seq: bigint('seq', { mode: 'number' }).notNull(),
    at: bigint('at', { mode: 'number' }).notNull(),
    norm: text('norm').notNull(),
  },
  (t) => [primaryKey({ columns: [t.roomId, t.seq] })],
);

/**
 * The search grams of each searchable message (chat/search-text.ts: Chinese/Japanese/Korean character pairs, word
 * prefixes), keyed gram first and newest last so one index answers both "which messages hold this gram, newest
 * first" and "does this message hold that gram".
 */
export const chatSearchGrams = pgTable(
  'chat_search_grams',
  {
    gram: text('gram').notNull(),
    at: bigint('at', { mode: 'number' }).notNull(),
    roomId: bigint('room_id', { mode: 'number' }).notNull(),
    seq: bigint('seq', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.gram, t.at, t.roomId, t.seq] })],
);

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
  /** A link from a member who has never had a message published here waits for an admin (`chat_held_messages`). */
  holdFirstLinks: boolean('hold_first_links').notNull().default(false),
  updatedAt: at('updated_at').notNull(),
});

/**
 * Messages held for an admin's approval (a first-time poster's link, docs/chat.md "Held links"): stored, so nothing
 * acknowledged is lost, but outside `chat_messages` until approved, so no history, search, unread count or notice
 * sees them. Approving claims the room's next number then and copies the message there (`seq`); `status` moves
 * once, by a conditional update, so two admins acting at once act once.
 */
export const chatHeldMessages = pgTable(
  'chat_held_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    roomId: bigint('room_id', { mode: 'number' })
      .notNull()
      .references(() => chatRooms.id),
    senderId: bigint('sender_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    body: text('body').notNull().default(''),
    imageId: text('image_id'),
    replyTo: bigint('reply_to', { mode: 'number' }),
    clientId: text('client_id'),
    status: text('status', { enum: ['held', 'approved', 'rejected'] })
      .notNull()
      .default('held'),
    /** The message's number once approved. */
    seq: bigint('seq', { mode: 'number' }),
    decidedBy: bigint('decided_by', { mode: 'number' }),
    decidedAt: at('decided_at'),
    createdAt: at('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('chat_held_client_idx').on(t.roomId, t.senderId, t.clientId).where(sql`${t.clientId} is not null`),
    index('chat_held_room_idx').on(t.roomId, t.status, t.id),
    index('chat_held_sender_idx').on(t.senderId, t.roomId),
  ],
);

/**
 * Where the search backfill stands (docs/chat.md "Search", messages stored before migration 0046): one row, the last
 * message key done in `(room_id, seq)` order, and when the whole table was done. A batch holds this row's lock from
 * reading it to its commit, so two processes never index one batch each.
 */
export const chatSearchBackfill = pgTable('chat_search_backfill', {
  id: smallint('id').primaryKey(),
  roomId: bigint('room_id', { mode: 'number' }).notNull().default(0),
  seq: bigint('seq', { mode: 'number' }).notNull().default(0),
  indexed: bigint('indexed', { mode: 'number' }).notNull().default(0),
  doneAt: at('done_at'),
});
