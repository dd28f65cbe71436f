import { sql } from 'drizzle-orm';
import { type Database, query, type Tx } from '../../db/client.ts';
import { chatSearchGrams } from '../../db/schema/index.ts';
import { type MessageWithNames, senders } from './messages.store.ts';
import { normalise, textGrams } from './search-text.ts';

/** The chat module's SQL for message search (docs/chat.md "Search"): the index, written with the message, and the query. */

type Db = Database | Tx;

/**
 * Indexes a message's text (replacing what was indexed for it), in the caller's transaction: the send path calls it
 * after the insert, an edit with the new text. The time that orders hits is the message's own (`created_at`), so an
 * edited message keeps its place. Text without grams (empty, one letter) is not indexed: no query could find it.
 */
export async function indexMessageText(tx: Tx, roomId: number, seq: number, body: string) {
  await unindexMessage(tx, roomId, seq);
  const norm = normalise(body);
  const grams = textGrams(norm);
  if (grams.length === 0) return;
  const { rows } = await query<{ at: string | number }>(
    tx,
    sql`insert into chat_search_texts (room_id, seq, at, norm)
        select room_id, seq, floor(extract(epoch from created_at) * 1000)::bigint, ${norm} from chat_messages
        where room_id = ${roomId} and seq = ${seq} and kind <> 'system'
        returning at`,
  );
  if (!rows[0]) return;
  const at = Number(rows[0].at);
  await tx.insert(chatSearchGrams).values(grams.map((gram) => ({ gram, at, roomId, seq })));
}

/** Removes a message from the index (deleted, or about to be indexed again); nothing when it was not indexed. */
export async function unindexMessage(tx: Tx, roomId: number, seq: number) {
  const { rows } = await query<{ at: string | number; norm: string }>(
    tx,
    sql`delete from chat_search_texts where room_id = ${roomId} and seq = ${seq} returning at, norm`,
  );
  const row = rows[0];
  if (!row) return;
  const grams = textGrams(row.norm);
  if (grams.length === 0) return;
  // By the whole key (the grams are those of the stored text), so the delete uses the index.
  await query(
    tx,
    sql`delete from chat_search_grams
        where gram = any(${textArray(grams)}) and at = ${Number(row.at)}
          and room_id = ${roomId} and seq = ${seq}`,
  );
}

/** A PostgreSQL array literal's element: quoted, with quotes and backslashes escaped. */
function arrayElement(value: string) {
  return `"${value.replace(/[\\"]/g, (char) => `\\${char}`)}"`;
}

const textArray = (values: readonly string[]) => sql`${`{${values.map(arrayElement).join(',')}}`}::text[]`;

export interface SearchPosition {
  at: number;
  roomId: number;
  seq: number;
}

export type HitRow = MessageWithNames & {
  at: string | number;
  roomName: string;
  roomKind: string;
  roomCity: string | null;
  peerName: string | null;
  peerUid: number | null;
};

/**
 * Messages holding every gram and the normalised query, newest first, after `from`: in one room (`roomId`, paged by
 * seq) or in every room the reader is an active member of now (paged by time, room and seq). One statement whatever
 * the number of rooms; `grams` is not empty, its first the most selective.
 */
export async function searchMessages(
  db: Db,
  input: {
    readerId: number;
    roomId: number | null;
    grams: readonly string[];
    query: string;
    from: SearchPosition | null;
    limit: number;
  },
): Promise<HitRow[]> {
  const [first, ...rest] = input.grams;
  const others = rest.map(
    (gram) =>
      sql`and exists (select 1 from chat_search_grams o where o.gram = ${gram} and o.at = g.at and o.room_id = g.room_id and o.seq = g.seq)`,
  );
  const scope =
    input.roomId === null
      ? sql`and g.room_id in (select me.room_id from chat_members me where me.user_id = ${input.readerId} and not me.banned)`
      : sql`and g.room_id = ${input.roomId}`;
  const from = input.from;
  const after =
    from === null
      ? sql``
      : input.roomId === null
        ? sql`and (g.at, g.room_id, g.seq) < (${from.at}, ${from.roomId}, ${from.seq})`
        : sql`and g.seq < ${from.seq}`;
  const order = input.roomId === null ? sql`g.at desc, g.room_id desc, g.seq desc` : sql`g.seq desc`;
  const { rows } = await query<HitRow>(
    db,
    sql`with hits as (
          select g.at, g.room_id, g.seq from chat_search_grams g
          join chat_search_texts x on x.room_id = g.room_id and x.seq = g.seq
          where g.gram = ${first!} ${scope} ${after} ${sql.join(others, sql` `)}
            and strpos(x.norm, ${input.query}) > 0
          order by ${order}
          limit ${input.limit}
        )
        select h.at, m.room_id as "roomId", m.seq, m.kind, m.sender_id as "senderId", m.body, m.image_id as "imageId",
          m.ref, m.reply_to as "replyTo", m.mentions, m.event, m.target_id as "targetId", m.deleted_at as "deletedAt",
          m.created_at as "createdAt", s.uid as "senderUid", coalesce(s.open_name, s.uname) as "senderName",
          s.avatar as "senderAvatar", t.uid as "targetUid", coalesce(t.open_name, t.uname) as "targetName",
          r.name as "roomName", r.kind as "roomKind", r.city as "roomCity",
          p.uid as "peerUid", coalesce(p.open_name, p.uname) as "peerName"
        from hits h
        join chat_messages m on m.room_id = h.room_id and m.seq = h.seq
        join chat_rooms r on r.id = h.room_id
        ${senders}
        left join public_users p on r.kind = 'direct' and p.id = case
          when split_part(r.direct_key, ':', 1)::bigint = ${input.readerId}
          then split_part(r.direct_key, ':', 2)::bigint else split_part(r.direct_key, ':', 1)::bigint end
        where m.deleted_at is null
        order by ${input.roomId === null ? sql`h.at desc, h.room_id desc, h.seq desc` : sql`h.seq desc`}`,
  );
  return rows;
}

/** Messages of any kind but system with text and no index row yet, oldest first: what the backfill indexes next. */
export async function unindexedMessages(db: Db, limit: number) {
  const { rows } = await query<{ roomId: string | number; seq: string | number; body: string; createdAt: string }>(
    db,
    sql`select m.room_id as "roomId", m.seq, m.body, m.created_at as "createdAt" from chat_messages m
        where m.kind <> 'system' and m.deleted_at is null and m.body <> ''
          and not exists (select 1 from chat_search_texts x where x.room_id = m.room_id and x.seq = m.seq)
        order by m.room_id, m.seq limit ${limit}`,
  );
  return rows.map((row) => ({
    roomId: Number(row.roomId),
    seq: Number(row.seq),
    body: row.body,
    at: new Date(row.createdAt),
  }));
}
