import { and, eq, sql } from 'drizzle-orm';
import { type Database, query, type Tx } from '../../db/client.ts';
import { chatMessages } from '../../db/schema/index.ts';

export type MessageRow = typeof chatMessages.$inferSelect;
/** A message with what its presenter needs of the sender and target. */
export type MessageWithNames = MessageRow & {
  senderUid: number | null;
  senderName: string | null;
  senderAvatar?: string | null;
  targetUid: number | null;
  targetName?: string | null;
};

/** The chat module's SQL for messages: storing, finding, deleting and reading them in sequence order. */

type Db = Database | Tx;

export async function insertMessage(tx: Tx, values: typeof chatMessages.$inferInsert): Promise<MessageRow> {
  const [row] = await tx.insert(chatMessages).values(values).returning();
  return row!;
}

/** Stores a sender's message unless one with the same client id is stored already (then nothing is returned). */
export async function insertSentMessage(tx: Tx, values: typeof chatMessages.$inferInsert) {
  const [row] = await tx.insert(chatMessages).values(values).onConflictDoNothing().returning();
  return row;
}

/** The seq of a sender's message by its client id. */
export async function seqByClientId(db: Db, roomId: number, senderId: number, clientId: string) {
  const [row] = await db
    .select({ seq: chatMessages.seq })
    .from(chatMessages)
    .where(
      and(eq(chatMessages.roomId, roomId), eq(chatMessages.senderId, senderId), eq(chatMessages.clientId, clientId)),
    );
  return row?.seq;
}

export async function messageBySeq(db: Db, roomId: number, seq: number): Promise<MessageRow | undefined> {
  const [row] = await db
    .select()
    .from(chatMessages)
    .where(and(eq(chatMessages.roomId, roomId), eq(chatMessages.seq, seq)));
  return row;
}

export async function markDeleted(tx: Db, roomId: number, seq: number, at: Date) {
  await tx
    .update(chatMessages)
    .set({ deletedAt: at, body: '', imageId: null, mentions: [] })
    .where(and(eq(chatMessages.roomId, roomId), eq(chatMessages.seq, seq)));
}

export const senders = sql`left join public_users s on s.id = m.sender_id left join public_users t on t.id = m.target_id`;
const messageColumns = sql`m.room_id as "roomId", m.seq, m.kind, m.sender_id as "senderId", m.body, m.image_id as "imageId", m.ref,
  m.reply_to as "replyTo", m.mentions, m.event, m.target_id as "targetId", m.deleted_at as "deletedAt", m.created_at as "createdAt",
  m.edited_at as "editedAt", s.uid as "senderUid", coalesce(s.open_name, s.uname) as "senderName", s.avatar as "senderAvatar", t.uid as "targetUid",
  coalesce(t.open_name, t.uname) as "targetName"`;

/** Messages older than `beforeSeq` (the newest without it), newest first. */
export async function messagesBefore(db: Db, roomId: number, beforeSeq: number | null, limit: number) {
  const before = beforeSeq === null ? sql`` : sql`and m.seq < ${beforeSeq}`;
  const { rows } = await query<MessageWithNames>(
    db,
    sql`select ${messageColumns} from chat_messages m ${senders}
        where m.room_id = ${roomId} ${before} order by m.seq desc limit ${limit}`,
  );
  return rows;
}

/** Messages after `afterSeq`, oldest first: what a resuming client missed. */
export async function messagesAfter(db: Db, roomId: number, afterSeq: number, limit: number) {
  const { rows } = await query<MessageWithNames>(
    db,
    sql`select ${messageColumns} from chat_messages m ${senders}
        where m.room_id = ${roomId} and m.seq > ${afterSeq} order by m.seq asc limit ${limit}`,
  );
  return rows;
}
