import { and, eq, type SQL, sql } from 'drizzle-orm';
import { type Database, query, type Tx } from '../../db/client.ts';
import { chatMembers, publicUsers } from '../../db/schema/index.ts';
import { dateOrNull, type MessageRow, messageFromJson } from './messages.store.ts';
import { namedQuery } from './named-query.ts';

/** The chat module's SQL of members: their rows, a send's claim (membership, slow mode, read position), the list. */

export type MemberRow = typeof chatMembers.$inferSelect;

type Db = Database | Tx;

export async function memberOf(db: Db, roomId: number, userId: number): Promise<MemberRow | undefined> {
  const [row] = await db
    .select()
    .from(chatMembers)
    .where(and(eq(chatMembers.roomId, roomId), eq(chatMembers.userId, userId)));
  return row;
}

export async function lockMember(tx: Tx, roomId: number, userId: number): Promise<MemberRow | undefined> {
  const [row] = await tx
    .select()
    .from(chatMembers)
    .where(and(eq(chatMembers.roomId, roomId), eq(chatMembers.userId, userId)))
    .for('update');
  return row;
}

/** Adds a member; an existing row (a member, or a ban) is left as it is and nothing is returned. */
export async function insertMember(tx: Db, values: typeof chatMembers.$inferInsert): Promise<MemberRow | undefined> {
  const [row] = await tx.insert(chatMembers).values(values).onConflictDoNothing().returning();
  return row;
}

export async function updateMember(tx: Db, roomId: number, userId: number, values: Partial<MemberRow>) {
  const [row] = await tx
    .update(chatMembers)
    .set(values)
    .where(and(eq(chatMembers.roomId, roomId), eq(chatMembers.userId, userId)))
    .returning();
  return row;
}

export async function deleteMember(tx: Db, roomId: number, userId: number) {
  await tx.delete(chatMembers).where(and(eq(chatMembers.roomId, roomId), eq(chatMembers.userId, userId)));
}

/**
 * Claims a send under slow mode: the member's last send moves to `at` only when it is at least `seconds` old,
 * so two concurrent sends cannot both pass.
 */
export async function claimSlowModeSend(tx: Tx, roomId: number, userId: number, at: Date, seconds: number) {
  const since = new Date(at.getTime() - seconds * 1000);
  const [row] = await tx
    .update(chatMembers)
    .set({ lastSentAt: at })
    .where(
      and(
        eq(chatMembers.roomId, roomId),
        eq(chatMembers.userId, userId),
        sql`(${chatMembers.lastSentAt} is null or ${chatMembers.lastSentAt} <= ${since.toISOString()})`,
      ),
    )
    .returning({ userId: chatMembers.userId });
  return row !== undefined;
}

export async function setReadSeq(db: Db, roomId: number, userId: number, seq: number) {
  await db
    .update(chatMembers)
    .set({
      readSeq: sql`greatest(${chatMembers.readSeq}, least(${seq}, (select last_seq from chat_rooms where id = ${roomId})))`,
    })
    .where(and(eq(chatMembers.roomId, roomId), eq(chatMembers.userId, userId)));
}

/**
 * The sender's side of a send, under the room's lock: their read position moves to their own message, and their
 * membership comes back (locked) to be checked; nothing when they are not in the room.
 */
export async function markSenderRead(tx: Tx, roomId: number, userId: number, seq: number) {
  const [row] = await tx
    .update(chatMembers)
    .set({ readSeq: sql`greatest(${chatMembers.readSeq}, ${seq})` })
    .where(and(eq(chatMembers.roomId, roomId), eq(chatMembers.userId, userId)))
    .returning();
  return row;
}

/**
 * A send's claim, in one statement: the sender's membership is locked and checked (in the room, not banned, not
 * muted at `now`); only then is the room's next sequence number claimed (locking the room, which serialises its
 * senders until commit) and the sender's read position moved to it. With `message` (`messages.store.ts`
 * `sentMessageParts`) the message and its search entry are stored by the same statement, so a plain message takes one
 * round trip and no transaction: a refused sender claims no number, and a client id used already fails the whole
 * statement (`isClientIdTaken`), number and all, so the room's numbers stay gapless. The member's row is locked
 * before the room's, as joining, leaving and approving a held message do.
 *
 * Answers the number (none: refused, or the room is gone), the member as locked (none: not in the room) and the
 * stored message.
 */
export async function claimSend(
  db: Db,
  { roomId, userId, now }: { roomId: number; userId: number; now: Date },
  message?: { parts: SQL; name: string },
): Promise<{ seq: number | undefined; member: MemberRow | undefined; row: MessageRow | undefined }> {
  const at = now.toISOString();
  const { rows } = await namedQuery<{
    seq: string | number | null;
    member: Record<string, unknown> | null;
    row: Record<string, unknown> | null;
  }>(
    db,
    message ? `chat_claim_${message.name}` : 'chat_claim',
    sql`with sender as (
          select * from chat_members where room_id = ${roomId} and user_id = ${userId} for update
        ), claimed as (
          update chat_rooms set last_seq = last_seq + 1, last_message_at = ${at}
          where id = ${roomId}
            and exists (select 1 from sender where not banned and (muted_until is null or muted_until <= ${at}))
          returning last_seq
        ), marked as (
          update chat_members m set read_seq = greatest(m.read_seq, claimed.last_seq)
          from claimed
          where m.room_id = ${roomId} and m.user_id = ${userId}
        )${message ? sql`, ${message.parts}` : sql``}
        select (select last_seq from claimed) as seq, (select to_jsonb(sender) from sender) as member,
          ${message ? sql`(select to_jsonb(message) from message)` : sql`null`} as row`,
  );
  const row = rows[0]!;
  return {
    seq: row.seq === null ? undefined : Number(row.seq),
    member: row.member ? memberFromJson(row.member) : undefined,
    row: row.row ? messageFromJson(row.row) : undefined,
  };
}

function memberFromJson(json: Record<string, unknown>): MemberRow {
  return {
    roomId: Number(json.room_id),
    userId: Number(json.user_id),
    role: json.role as MemberRow['role'],
    readSeq: Number(json.read_seq),
    mutedUntil: dateOrNull(json.muted_until),
    banned: json.banned === true,
    lastSentAt: dateOrNull(json.last_sent_at),
    joinedAt: new Date(json.joined_at as string),
  };
}

export interface MemberListRow {
  uid: number;
  name: string | null;
  avatar: string | null;
  role: MemberRow['role'];
  mutedUntil: Date | null;
}

/** Members (not banned) by role then join time; `q` matches names and the uid. */
export async function listMembers(db: Db, roomId: number, q: string, limit: number): Promise<MemberListRow[]> {
  const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const match = q ? sql`and (coalesce(u.open_name, u.uname, '') ilike ${pattern} or u.uid::text = ${q})` : sql``;
  const { rows } = await query<MemberListRow>(
    db,
    sql`select u.uid, coalesce(u.open_name, u.uname) as name, u.avatar, c.role, c.muted_until as "mutedUntil"
        from chat_members c join public_users u on u.id = c.user_id
        where c.room_id = ${roomId} and not c.banned ${match}
        order by case c.role when 'owner' then 0 when 'admin' then 1 else 2 end, c.joined_at, u.uid
        limit ${limit}`,
  );
  return rows.map((row) => ({
    ...row,
    uid: Number(row.uid),
    mutedUntil: row.mutedUntil ? new Date(row.mutedUntil) : null,
  }));
}

export async function userIdsByUid(db: Db, uids: number[]): Promise<Map<number, number>> {
  if (uids.length === 0) return new Map();
  const rows = await db
    .select({ id: publicUsers.id, uid: publicUsers.uid })
    .from(publicUsers)
    .where(sql`${publicUsers.uid} in ${uids}`);
  return new Map(rows.map((row) => [row.uid, row.id]));
}

export async function uidOf(db: Db, userId: number): Promise<number | undefined> {
  const [row] = await db.select({ uid: publicUsers.uid }).from(publicUsers).where(eq(publicUsers.id, userId));
  return row?.uid;
}
