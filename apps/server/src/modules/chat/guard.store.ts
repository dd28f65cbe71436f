import { and, eq, sql } from 'drizzle-orm';
import { type Database, query, type Tx } from '../../db/client.ts';
import { chatBlocks, chatReports, chatRoomRules } from '../../db/schema/index.ts';

/** The chat module's SQL for blocks and reports (docs/chat.md "Blocks, reports and automatic moderation"). */

type Db = Database | Tx;
export type ReportRow = typeof chatReports.$inferSelect;

/** Blocks a person; blocking again changes nothing (the pair is the key). */
export async function insertBlock(db: Db, userId: number, blockedId: number, at: Date) {
  await db.insert(chatBlocks).values({ userId, blockedId, createdAt: at }).onConflictDoNothing();
}

export async function deleteBlock(db: Db, userId: number, blockedId: number) {
  await db.delete(chatBlocks).where(and(eq(chatBlocks.userId, userId), eq(chatBlocks.blockedId, blockedId)));
}

/** Whom the user blocked, newest first, with their public names: one query. */
export async function blockedPeople(db: Db, userId: number) {
  const { rows } = await query<{ uid: string | number; name: string | null; avatar: string | null; at: Date | string }>(
    db,
    sql`select u.uid, coalesce(u.open_name, u.uname) as name, u.avatar, b.created_at as at
        from chat_blocks b join public_users u on u.id = b.blocked_id
        where b.user_id = ${userId} order by b.created_at desc, u.uid`,
  );
  return rows;
}

/**
 * Whether either of two people blocked the other, each way, in one query: `theyBlocked` (the other blocked the
 * user) and `iBlocked` (the user blocked the other).
 */
export async function blocksBetween(db: Db, userId: number, otherId: number) {
  const rows = await db
    .select({ userId: chatBlocks.userId })
    .from(chatBlocks)
    .where(
      sql`(${chatBlocks.userId} = ${userId} and ${chatBlocks.blockedId} = ${otherId}) or (${chatBlocks.userId} = ${otherId} and ${chatBlocks.blockedId} = ${userId})`,
    );
  return { iBlocked: rows.some((r) => r.userId === userId), theyBlocked: rows.some((r) => r.userId === otherId) };
}

/** Of these direct rooms, those whose other person blocked the user: one query whatever their number. */
export async function directRoomsBlockingMe(db: Db, roomIds: number[], userId: number): Promise<Set<number>> {
  if (roomIds.length === 0) return new Set();
  const { rows } = await query<{ id: string | number }>(
    db,
    sql`select r.id from chat_rooms r join chat_blocks b on b.blocked_id = ${userId}
          and b.user_id = case when split_part(r.direct_key, ':', 1)::bigint = ${userId}
            then split_part(r.direct_key, ':', 2)::bigint else split_part(r.direct_key, ':', 1)::bigint end
        where r.id in ${roomIds} and r.kind = 'direct'`,
  );
  return new Set(rows.map((row) => Number(row.id)));
}

/**
 * Files a report, claimed by the partial unique index on (reporter, room, message, target) among open reports:
 * a repeat (or a hundred at once) finds the first and answers its id.
 */
export async function claimReport(db: Db, values: typeof chatReports.$inferInsert): Promise<number> {
  const [row] = await db.insert(chatReports).values(values).onConflictDoNothing().returning({ id: chatReports.id });
  if (row) return row.id;
  const [open] = await db
    .select({ id: chatReports.id })
    .from(chatReports)
    .where(
      and(
        eq(chatReports.reporterId, values.reporterId),
        eq(chatReports.roomId, values.roomId),
        sql`coalesce(${chatReports.seq}, -1) = ${values.seq ?? -1}`,
        eq(chatReports.targetId, values.targetId),
        eq(chatReports.status, 'open'),
      ),
    );
  return open!.id;
}

export interface ReportView {
  id: string | number;
  roomId: string | number;
  seq: string | number | null;
  reason: string;
  note: string;
  createdAt: Date | string;
  reporterUid: string | number;
  reporterName: string | null;
  targetUid: string | number;
  targetName: string | null;
  body: string | null;
  imageId: string | null;
  deletedAt: Date | string | null;
}

/**
 * Open reports, oldest first, with the reporter, the target and the reported message as it is now: one query.
 * `where` picks a room's (`roomId`) or the direct rooms' (the operators' queue).
 */
export async function openReports(db: Db, where: { roomId: number } | { direct: true }, limit: number) {
  const scope = 'roomId' in where ? sql`p.room_id = ${where.roomId}` : sql`r.kind = 'direct'`;
  const { rows } = await query<ReportView>(
    db,
    sql`select p.id, p.room_id as "roomId", p.seq, p.reason, p.note, p.created_at as "createdAt",
          a.uid as "reporterUid", coalesce(a.open_name, a.uname) as "reporterName",
          t.uid as "targetUid", coalesce(t.open_name, t.uname) as "targetName",
          m.body, m.image_id as "imageId", m.deleted_at as "deletedAt"
        from chat_reports p
        join chat_rooms r on r.id = p.room_id
        join public_users a on a.id = p.reporter_id
        join public_users t on t.id = p.target_id
        left join chat_messages m on m.room_id = p.room_id and m.seq = p.seq
        where p.status = 'open' and ${scope}
        order by p.created_at, p.id limit ${limit}`,
  );
  return rows;
}

export async function reportById(db: Db, id: number): Promise<ReportRow | undefined> {
  const [row] = await db.select().from(chatReports).where(eq(chatReports.id, id));
  return row;
}

/**
 * Closes every open report of the same target (the message, or the person in the room) in one statement: one
 * decision answers all who reported it. Only open ones, so two admins acting at once close it once.
 */
export async function closeReports(
  tx: Db,
  report: Pick<ReportRow, 'roomId' | 'seq' | 'targetId'>,
  values: { status: 'resolved' | 'dismissed'; action: string; resolvedBy: number | null; resolvedAt: Date },
) {
  const rows = await tx
    .update(chatReports)
    .set(values)
    .where(
      and(
        eq(chatReports.roomId, report.roomId),
        sql`coalesce(${chatReports.seq}, -1) = ${report.seq ?? -1}`,
        eq(chatReports.targetId, report.targetId),
        eq(chatReports.status, 'open'),
      ),
    )
    .returning({ id: chatReports.id });
  return rows.length;
}

/** A room's automatic moderation rules, or none. */
export async function roomRules(db: Db, roomId: number) {
  const [row] = await db.select().from(chatRoomRules).where(eq(chatRoomRules.roomId, roomId));
  return row;
}

export async function saveRoomRules(
  db: Db,
  roomId: number,
  values: { blockedWords: string[]; linkMinHours: number; holdFirstLinks: boolean },
  at: Date,
) {
  const [row] = await db
    .insert(chatRoomRules)
    .values({ roomId, ...values, updatedAt: at })
    .onConflictDoUpdate({ target: chatRoomRules.roomId, set: { ...values, updatedAt: at } })
    .returning();
  return row!;
}

/** The display names of a room's owner and admins, but `exceptId` (one query). */
export async function adminNames(db: Db, roomId: number, exceptId: number): Promise<string[]> {
  const { rows } = await query<{ name: string | null }>(
    db,
    sql`select coalesce(u.open_name, u.uname) as name from chat_members c join public_users u on u.id = c.user_id
        where c.room_id = ${roomId} and c.role in ('owner', 'admin') and not c.banned and c.user_id <> ${exceptId}`,
  );
  return rows.flatMap((row) => (row.name ? [row.name] : []));
}

/** A user's display name. */
export async function displayNameOf(db: Db, userId: number): Promise<string | null> {
  const { rows } = await query<{ name: string | null }>(
    db,
    sql`select coalesce(open_name, uname) as name from public_users where id = ${userId}`,
  );
  return rows[0]?.name ?? null;
}

/**
 * Rooms the two people are both in (neither banned), with each admin's display name other than the peer's own:
 * what a direct chat from `peerId` is checked against (does the peer pass for an admin of a room we share?).
 */
export async function sharedRoomAdmins(db: Db, userId: number, peerId: number) {
  const { rows } = await query<{ room_id: string | number; room_name: string; admin_name: string | null }>(
    db,
    sql`select r.id as room_id, r.name as room_name, coalesce(u.open_name, u.uname) as admin_name
        from chat_members me
        join chat_members peer on peer.room_id = me.room_id and peer.user_id = ${peerId} and not peer.banned
        join chat_rooms r on r.id = me.room_id and r.kind <> 'direct'
        join chat_members a on a.room_id = me.room_id and a.role in ('owner', 'admin') and not a.banned
             and a.user_id <> ${peerId}
        join public_users u on u.id = a.user_id
        where me.user_id = ${userId} and not me.banned
        order by r.id limit 500`,
  );
  return rows.map((row) => ({ roomId: String(row.room_id), roomName: row.room_name, adminName: row.admin_name }));
}
