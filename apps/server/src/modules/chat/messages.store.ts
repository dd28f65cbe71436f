import { and, eq, type SQL, sql } from 'drizzle-orm';
import { type Database, errorChain, query, type Tx } from '../../db/client.ts';
import { chatMessages } from '../../db/schema/index.ts';
import { namedQuery } from './named-query.ts';

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

/** What a sent message stores beside itself: its text for search (`search.store.ts` `searchEntry`), if any. */
export interface SentMessageSearch {
  norm: string;
  /** The grams, as one array parameter. */
  grams: SQL;
}

/** What a sender's message is stored with; its number comes from the claim. */
export type SentValues = Pick<
  MessageRow,
  'roomId' | 'kind' | 'ref' | 'senderId' | 'body' | 'imageId' | 'replyTo' | 'mentions' | 'clientId' | 'createdAt'
>;

/**
 * A sender's message and its search entry as parts of a statement (`message`, then `texts` and `grams`): under
 * `seq`, or under the number `claimSend`'s statement claims (its `claimed` part). The message was never indexed
 * (its number is new), so nothing is removed first as `indexMessageText` does; hits are ranked by the message's own
 * time, as there. No "on conflict": a client id used already fails the statement (`isClientIdTaken`).
 */
export function sentMessageParts(
  values: SentValues,
  search: SentMessageSearch | null,
  seq?: number,
): { parts: SQL; name: string } {
  const at = sql`floor(extract(epoch from message.created_at) * 1000)::bigint`;
  const index = search
    ? sql`, texts as (
            insert into chat_search_texts (room_id, seq, at, norm)
            select room_id, seq, ${at}, ${search.norm} from message
          ), grams as (
            insert into chat_search_grams (gram, at, room_id, seq)
            select gram, ${at}, room_id, seq from message, unnest(${search.grams}) as gram
          )`
    : sql``;
  const parts = sql`message as (
      insert into chat_messages
        (room_id, seq, kind, sender_id, body, image_id, reply_to, mentions, created_at, client_id, ref)
      select ${values.roomId}, ${seq ?? sql`claimed.last_seq`}, ${values.kind}, ${values.senderId}, ${values.body},
        ${values.imageId}, ${values.replyTo}, ${JSON.stringify(values.mentions)}::jsonb,
        ${values.createdAt.toISOString()}, ${values.clientId}, ${values.ref}
      ${seq === undefined ? sql`from claimed` : sql``}
      returning *
    )${index}`;
  // One name per text the parts can have (`named-query.ts`).
  return { parts, name: `${seq === undefined ? 'claimed' : 'numbered'}_${search ? 'indexed' : 'plain'}` };
}

/** Stores a sender's message under a number claimed in this transaction, with its search entry: one statement. */
export async function insertSentMessageIndexed(
  tx: Tx,
  values: SentValues,
  search: SentMessageSearch | null,
  seq: number,
): Promise<MessageRow> {
  const { parts, name } = sentMessageParts(values, search, seq);
  const { rows } = await namedQuery<{ row: Record<string, unknown> }>(
    tx,
    `chat_insert_${name}`,
    sql`with ${parts} select to_jsonb(message) as row from message`,
  );
  return messageFromJson(rows[0]!.row);
}

/**
 * Whether a statement failed because the sender's client id is stored already (a resend after a lost ack, or one
 * racing the first): the index on (room, sender, client id) refused it, and nothing of the statement was kept.
 */
export function isClientIdTaken(error: unknown): boolean {
  for (const { code, constraint } of errorChain(error)) {
    if (code === '23505' && constraint === 'chat_messages_client_idx') return true;
  }
  return false;
}

export const dateOrNull = (value: unknown) =>
  value === null || value === undefined ? null : new Date(value as string);
const numberOrNull = (value: unknown) => (value === null || value === undefined ? null : Number(value));

/** A message row as `to_jsonb` gives it (the same on both databases). */
export function messageFromJson(json: Record<string, unknown>): MessageRow {
  return {
    roomId: Number(json.room_id),
    seq: Number(json.seq),
    kind: json.kind as MessageRow['kind'],
    senderId: numberOrNull(json.sender_id),
    body: json.body as string,
    imageId: (json.image_id as string | null) ?? null,
    replyTo: numberOrNull(json.reply_to),
    mentions: json.mentions as string[],
    event: (json.event as string | null) ?? null,
    targetId: numberOrNull(json.target_id),
    deletedAt: dateOrNull(json.deleted_at),
    createdAt: new Date(json.created_at as string),
    clientId: (json.client_id as string | null) ?? null,
    ref: (json.ref as string | null) ?? null,
    editedAt: dateOrNull(json.edited_at),
  };
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
