import { and, desc, eq, ilike, inArray, sql } from 'drizzle-orm';
import { type Database, query, type Tx } from '../../db/client.ts';
import { chatAnnouncements, chatMembers, chatRoomRules, chatRooms, publicUsers } from '../../db/schema/index.ts';
import type { MemberRow } from './members.store.ts';
import { type MessageWithNames, senders } from './messages.store.ts';

export * from './members.store.ts';
export type { MessageRow, MessageWithNames } from './messages.store.ts';

/**
 * The chat module's SQL: rooms and announcements here; members and a send's claim in `members.store.ts`, messages in
 * `messages.store.ts` (both re-exported, so the module's services import one store).
 */

export type RoomRow = typeof chatRooms.$inferSelect;

export type RoomWithCount = RoomRow & { memberCount: number };

type Db = Database | Tx;

export async function insertRoom(tx: Db, values: typeof chatRooms.$inferInsert): Promise<RoomRow> {
  const [row] = await tx.insert(chatRooms).values(values).returning();
  return row!;
}

/** A room of a kind keyed by city or activity, created once: a second insert finds the first. */
export async function insertKeyedRoom(tx: Db, values: typeof chatRooms.$inferInsert): Promise<RoomRow | undefined> {
  const [row] = await tx.insert(chatRooms).values(values).onConflictDoNothing().returning();
  return row;
}

export async function roomById(db: Db, id: number): Promise<RoomRow | undefined> {
  const [row] = await db.select().from(chatRooms).where(eq(chatRooms.id, id));
  return row;
}
/**
 * Of these rooms, each that exists with its join policy and the viewer's membership (none for a guest): what the
 * visibility rule (`canSee`) needs, in one query whatever their number.
 */
export async function roomsWithMember(db: Db, roomIds: number[], userId: number | null) {
  if (roomIds.length === 0) return [];
  const rows = await db
    .select({ room: { id: chatRooms.id, joinPolicy: chatRooms.joinPolicy }, member: chatMembers })
    .from(chatRooms)
    .leftJoin(chatMembers, and(eq(chatMembers.roomId, chatRooms.id), eq(chatMembers.userId, userId ?? 0)))
    .where(inArray(chatRooms.id, roomIds));
  return rows.map((row) => ({ room: row.room, member: row.member ?? undefined }));
}

/** A room with the user's membership row, display name and avatar, in one query (every call in a room starts here). */
export async function roomWithMember(db: Db, roomId: number, userId: number) {
  const [row] = await db
    .select(memberColumns)
    .from(chatRooms)
    .leftJoin(chatMembers, and(eq(chatMembers.roomId, chatRooms.id), eq(chatMembers.userId, userId)))
    .leftJoin(publicUsers, eq(publicUsers.id, userId))
    .where(eq(chatRooms.id, roomId));
  return row && withMember(row);
}

/** What `roomWithMember` and `roomWithSender` read: the room, the caller's membership and their public name. */
const memberColumns = {
  room: chatRooms,
  member: chatMembers,
  uname: publicUsers.uname,
  openName: publicUsers.openName,
  avatar: publicUsers.avatar,
};

function withMember(row: {
  room: RoomRow;
  member: MemberRow | null;
  uname: string | null;
  openName: string | null;
  avatar: string | null;
}) {
  return {
    room: row.room,
    member: row.member ?? undefined,
    name: row.openName ?? row.uname ?? null,
    avatar: row.avatar ?? null,
  };
}

export type RoomRulesRow = typeof chatRoomRules.$inferSelect;

/** The send's first read (`roomWithSender`), prepared once per database handle (see `named-query.ts`). */
const sendersRead = new WeakMap<Database, ReturnType<typeof prepareRoomWithSender>>();

function prepareRoomWithSender(db: Database) {
  const userId = sql.placeholder('userId');
  return db
    .select({ ...memberColumns, rules: chatRoomRules })
    .from(chatRooms)
    .leftJoin(chatMembers, and(eq(chatMembers.roomId, chatRooms.id), eq(chatMembers.userId, userId)))
    .leftJoin(publicUsers, eq(publicUsers.id, userId))
    .leftJoin(chatRoomRules, eq(chatRoomRules.roomId, chatRooms.id))
    .where(eq(chatRooms.id, sql.placeholder('roomId')))
    .prepare('chat_room_with_sender');
}

/** `roomWithMember` and the room's automatic moderation rules (none when it has none): what a send starts with. */
export async function roomWithSender(db: Database, roomId: number, userId: number) {
  let read = sendersRead.get(db);
  if (!read) {
    read = prepareRoomWithSender(db);
    sendersRead.set(db, read);
  }
  const [row] = await read.execute({ roomId, userId });
  return row && { ...withMember(row), rules: row.rules ?? undefined };
}

export async function roomByInviteToken(db: Db, token: string): Promise<RoomRow | undefined> {
  const [row] = await db.select().from(chatRooms).where(eq(chatRooms.inviteToken, token));
  return row;
}
export async function roomByCity(db: Db, city: string): Promise<RoomRow | undefined> {
  const [row] = await db
    .select()
    .from(chatRooms)
    .where(and(eq(chatRooms.kind, 'city'), eq(chatRooms.city, city)));
  return row;
}
export async function roomByActivity(db: Db, activityId: number): Promise<RoomRow | undefined> {
  const [row] = await db
    .select()
    .from(chatRooms)
    .where(and(eq(chatRooms.kind, 'activity'), eq(chatRooms.activityId, activityId)));
  return row;
}

export async function directRoom(db: Db, key: string): Promise<RoomRow | undefined> {
  const [row] = await db
    .select()
    .from(chatRooms)
    .where(and(eq(chatRooms.kind, 'direct'), eq(chatRooms.directKey, key)));
  return row;
}

/** The other person of each direct room, for a viewer in them: one query. */
export async function peersOf(db: Db, roomIds: number[], viewerId: number) {
  const { rows } = await query<{
    room_id: string | number;
    uid: string | number;
    name: string | null;
    avatar: string | null;
  }>(
    db,
    sql`select r.id as room_id, u.uid, coalesce(u.open_name, u.uname) as name, u.avatar
        from chat_rooms r
        join public_users u on u.id = case when split_part(r.direct_key, ':', 1)::bigint = ${viewerId}
          then split_part(r.direct_key, ':', 2)::bigint else split_part(r.direct_key, ':', 1)::bigint end
        where r.id in ${roomIds} and r.kind = 'direct'`,
  );
  return new Map(
    rows.map((row) => [Number(row.room_id), { uid: String(row.uid), name: row.name, avatar: row.avatar }]),
  );
}

/** The admins (not the owner) of a room, by user id. */
export async function adminsOf(db: Db, roomId: number): Promise<number[]> {
  const rows = await db
    .select({ userId: chatMembers.userId })
    .from(chatMembers)
    .where(and(eq(chatMembers.roomId, roomId), eq(chatMembers.role, 'admin'), eq(chatMembers.banned, false)));
  return rows.map((row) => row.userId);
}

/** Closes a room once: false when it was closed already. */
export async function closeRoom(tx: Db, roomId: number, at: Date): Promise<boolean> {
  const [row] = await tx
    .update(chatRooms)
    .set({ closedAt: at })
    .where(and(eq(chatRooms.id, roomId), sql`${chatRooms.closedAt} is null`))
    .returning({ id: chatRooms.id });
  return row !== undefined;
}

export async function memberCount(db: Db, roomId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(chatMembers)
    .where(and(eq(chatMembers.roomId, roomId), eq(chatMembers.banned, false)));
  return row?.n ?? 0;
}

export async function updateRoom(tx: Db, id: number, values: Partial<typeof chatRooms.$inferInsert>) {
  const [row] = await tx.update(chatRooms).set(values).where(eq(chatRooms.id, id)).returning();
  return row;
}

/**
 * Claims the room's next sequence number. The row stays locked until the transaction ends, so the messages of
 * one room commit in sequence order.
 */
export async function claimSeq(tx: Tx, roomId: number, at: Date): Promise<number | undefined> {
  const [row] = await tx
    .update(chatRooms)
    .set({ lastSeq: sql`${chatRooms.lastSeq} + 1`, lastMessageAt: at })
    .where(eq(chatRooms.id, roomId))
    .returning({ seq: chatRooms.lastSeq });
  return row?.seq;
}

export interface MyRoomRow {
  room: RoomRow;
  memberCount: number;
  role: MemberRow['role'];
  mutedUntil: Date | null;
  readSeq: number;
  last: MessageWithNames | null;
}

/** The rooms a user is in (not banned), newest activity first, each with its last message: one query. */
export async function myRooms(db: Db, userId: number): Promise<MyRoomRow[]> {
  const { rows } = await query<{
    room: Record<string, unknown>;
    member_count: number;
    role: MemberRow['role'];
    muted_until: string | null;
    read_seq: string | number;
    last: MessageWithNames | null;
  }>(
    db,
    sql`select to_jsonb(r) as room, mc.n::int as member_count, me.role, me.muted_until, me.read_seq, lm.last
        from chat_members me
        join chat_rooms r on r.id = me.room_id
        cross join lateral (select count(*) as n from chat_members c where c.room_id = r.id and not c.banned) mc
        left join lateral (
          select jsonb_build_object(${sql.raw(lastMessageJson)}) as last
          from chat_messages m ${senders}
          where m.room_id = r.id and m.seq = r.last_seq
        ) lm on true
        where me.user_id = ${userId} and not me.banned
        order by r.last_message_at desc, r.id desc`,
  );
  return rows.map((row) => ({
    room: roomFromJson(row.room),
    memberCount: row.member_count,
    role: row.role,
    mutedUntil: row.muted_until ? new Date(row.muted_until) : null,
    readSeq: Number(row.read_seq),
    last: row.last ? { ...row.last, createdAt: new Date(row.last.createdAt as unknown as string) } : null,
  }));
}

const lastMessageJson = `'roomId', m.room_id, 'seq', m.seq, 'kind', m.kind, 'senderId', m.sender_id, 'body', m.body,
  'imageId', m.image_id, 'ref', m.ref, 'replyTo', m.reply_to, 'mentions', m.mentions, 'event', m.event, 'targetId', m.target_id,
  'deletedAt', m.deleted_at, 'createdAt', m.created_at, 'senderUid', s.uid, 'senderName', coalesce(s.open_name, s.uname),
  'senderAvatar', s.avatar,
  'targetUid', t.uid, 'targetName', coalesce(t.open_name, t.uname)`;

function roomFromJson(json: Record<string, unknown>): RoomRow {
  return {
    id: Number(json.id),
    kind: json.kind as RoomRow['kind'],
    name: json.name as string,
    description: json.description as string,
    avatar: (json.avatar as string | null) ?? null,
    joinPolicy: json.join_policy as RoomRow['joinPolicy'],
    inviteToken: json.invite_token as string,
    city: (json.city as string | null) ?? null,
    activityId: json.activity_id === null ? null : Number(json.activity_id),
    directKey: (json.direct_key as string | null) ?? null,
    closedAt: json.closed_at ? new Date(json.closed_at as string) : null,
    lastSeq: Number(json.last_seq),
    slowModeSeconds: Number(json.slow_mode_seconds),
    announcement: (json.announcement as string | null) ?? null,
    pollsByAdmins: json.polls_by_admins === true,
    createdBy: json.created_by === null ? null : Number(json.created_by),
    createdAt: new Date(json.created_at as string),
    lastMessageAt: new Date(json.last_message_at as string),
  };
}

/** Public rooms whose name contains `q`, latest activity first, with the caller's membership; not those they are banned from. */
export async function searchPublicRooms(
  db: Db,
  userId: number,
  q: string,
  limit: number,
): Promise<(RoomWithCount & { member: MemberRow | null })[]> {
  const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const rows = await db
    .select({
      room: chatRooms,
      member: chatMembers,
      memberCount: sql<number>`(select count(*)::int from chat_members c where c.room_id = ${chatRooms.id} and not c.banned)`,
    })
    .from(chatRooms)
    .leftJoin(chatMembers, and(eq(chatMembers.roomId, chatRooms.id), eq(chatMembers.userId, userId)))
    .where(
      and(eq(chatRooms.joinPolicy, 'public'), ilike(chatRooms.name, pattern), sql`${chatMembers.banned} is not true`),
    )
    .orderBy(desc(chatRooms.lastMessageAt), desc(chatRooms.id))
    .limit(limit);
  return rows.map((row) => ({ ...row.room, memberCount: row.memberCount, member: row.member }));
}

/** The database's name: what processes sharing it have in common. */
export async function databaseName(db: Db): Promise<string> {
  const { rows } = await query<{ name: string }>(db, sql`select current_database() as name`);
  return rows[0]!.name;
}

export async function insertAnnouncement(tx: Db, values: typeof chatAnnouncements.$inferInsert) {
  await tx.insert(chatAnnouncements).values(values);
}

export async function announcements(db: Db, roomId: number, limit: number) {
  return db
    .select({ body: chatAnnouncements.body, createdAt: chatAnnouncements.createdAt, authorUid: publicUsers.uid })
    .from(chatAnnouncements)
    .innerJoin(publicUsers, eq(publicUsers.id, chatAnnouncements.authorId))
    .where(eq(chatAnnouncements.roomId, roomId))
    .orderBy(desc(chatAnnouncements.id))
    .limit(limit);
}

/**
 * Unread messages over the rooms a user is in (not banned), leaving out rooms whose notices they muted: the
 * Community tab's badge.
 */
export async function unreadMessageCount(db: Db, userId: number): Promise<number> {
  const { rows } = await query<{ n: number }>(
    db,
    sql`select coalesce(sum(greatest(r.last_seq - me.read_seq, 0)), 0)::int as n
        from chat_members me join chat_rooms r on r.id = me.room_id
        where me.user_id = ${userId} and not me.banned
          and not exists (select 1 from muted_chat_rooms x where x.user_id = me.user_id and x.room_id = me.room_id)`,
  );
  return Number(rows[0]?.n ?? 0);
}
