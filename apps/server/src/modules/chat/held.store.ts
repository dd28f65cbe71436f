import { and, eq, sql } from 'drizzle-orm';
import { type Database, query, type Tx } from '../../db/client.ts';
import { chatHeldMessages } from '../../db/schema/index.ts';

/** The chat module's SQL for messages held for an admin's approval (docs/chat.md "Held links"). */

type Db = Database | Tx;
export type HeldRow = typeof chatHeldMessages.$inferSelect;
export type HeldView = HeldRow & { authorUid: number | string; authorName: string | null };

/** Whether the user has ever had a message published in the room (a system line about them is not theirs). */
export async function hasPublished(db: Db, roomId: number, senderId: number) {
  const { rows } = await query<{ one: number }>(
    db,
    sql`select 1 as one from chat_messages
        where room_id = ${roomId} and sender_id = ${senderId} and kind <> 'system' limit 1`,
  );
  return rows.length > 0;
}

/** Stores a held message; a second with the same client id stores nothing and answers the first. */
export async function insertHeld(tx: Tx, values: typeof chatHeldMessages.$inferInsert): Promise<HeldRow> {
  const [row] = await tx.insert(chatHeldMessages).values(values).onConflictDoNothing().returning();
  if (row) return row;
  const [first] = await tx
    .select()
    .from(chatHeldMessages)
    .where(
      and(
        eq(chatHeldMessages.roomId, values.roomId),
        eq(chatHeldMessages.senderId, values.senderId),
        eq(chatHeldMessages.clientId, values.clientId!),
      ),
    );
  return first!;
}

/**
 * Moves a held message to `approved` or `rejected`, only while it is still held: of two admins acting at once one
 * gets the row, the other nothing (its update waits for the first's commit, then finds the status changed).
 */
export async function decideHeld(
  tx: Db,
  roomId: number,
  id: number,
  status: 'approved' | 'rejected',
  by: number,
  at: Date,
) {
  const [row] = await tx
    .update(chatHeldMessages)
    .set({ status, decidedBy: by, decidedAt: at })
    .where(and(eq(chatHeldMessages.id, id), eq(chatHeldMessages.roomId, roomId), eq(chatHeldMessages.status, 'held')))
    .returning();
  return row;
}

export async function setHeldSeq(tx: Tx, id: number, seq: number) {
  await tx.update(chatHeldMessages).set({ seq }).where(eq(chatHeldMessages.id, id));
}

const VIEW = sql`select h.*, u.uid as author_uid, coalesce(u.open_name, u.uname) as author_name
                 from chat_held_messages h join public_users u on u.id = h.sender_id`;

interface ViewRecord {
  id: number | string;
  room_id: number | string;
  sender_id: number | string;
  body: string;
  image_id: string | null;
  reply_to: number | string | null;
  client_id: string | null;
  status: HeldRow['status'];
  seq: number | string | null;
  decided_by: number | string | null;
  decided_at: Date | string | null;
  created_at: Date | string;
  author_uid: number | string;
  author_name: string | null;
}

const num = (value: number | string | null) => (value === null ? null : Number(value));
const toView = (r: ViewRecord): HeldView => ({
  id: Number(r.id),
  roomId: Number(r.room_id),
  senderId: Number(r.sender_id),
  body: r.body,
  imageId: r.image_id,
  replyTo: num(r.reply_to),
  clientId: r.client_id,
  status: r.status,
  seq: num(r.seq),
  decidedBy: num(r.decided_by),
  decidedAt: r.decided_at === null ? null : new Date(r.decided_at),
  createdAt: new Date(r.created_at),
  authorUid: r.author_uid,
  authorName: r.author_name,
});

/** A room's messages waiting for an admin, oldest first, with their authors' names: one query. */
export async function heldQueue(db: Db, roomId: number, limit: number) {
  const { rows } = await query<ViewRecord>(
    db,
    sql`${VIEW} where h.room_id = ${roomId} and h.status = 'held' order by h.id limit ${limit}`,
  );
  return rows.map(toView);
}

/** A member's own messages of a room that wait or were refused, oldest first: one query. */
export async function ownHeld(db: Db, roomId: number, senderId: number, limit: number) {
  const { rows } = await query<ViewRecord>(
    db,
    sql`select * from (${VIEW} where h.room_id = ${roomId} and h.sender_id = ${senderId} and h.status <> 'approved'
        order by h.id desc limit ${limit}) mine order by id`,
  );
  return rows.map(toView);
}

export async function heldById(db: Db, roomId: number, id: number) {
  const { rows } = await query<ViewRecord>(db, sql`${VIEW} where h.room_id = ${roomId} and h.id = ${id}`);
  return rows.map(toView)[0];
}

/** The ids of a room's owner and admins (not banned): told when a message starts waiting for them. */
export async function adminIdsOf(db: Db, roomId: number): Promise<number[]> {
  const { rows } = await query<{ id: number | string }>(
    db,
    sql`select user_id as id from chat_members where room_id = ${roomId} and role in ('owner', 'admin') and not banned`,
  );
  return rows.map((row) => Number(row.id));
}
