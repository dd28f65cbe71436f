import { type SQL, sql } from 'drizzle-orm';
import { type Database, query, type Tx } from '../../db/client.ts';
import { chatSearchGrams } from '../../db/schema/index.ts';
import { type MessageWithNames, type SentMessageSearch, senders } from './messages.store.ts';
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

/**
 * A message's entry in the index as a send writes it (`messages.store.ts` `sentMessageParts`); null for text no
 * query could find.
 */
export function searchEntry(body: string): SentMessageSearch | null {
  const norm = normalise(body);
  const grams = textGrams(norm);
  return grams.length === 0 ? null : { norm, grams: textArray(grams) };
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

/** How many messages the reader's rooms hold (their numbers, system messages included): one statement. */
export async function messagesInMyRooms(db: Db, readerId: number): Promise<number> {
  const { rows } = await query<{ n: string | number | null }>(
    db,
    sql`select coalesce(sum(r.last_seq), 0) as n from chat_members me join chat_rooms r on r.id = me.room_id
        where me.user_id = ${readerId} and not me.banned`,
  );
  return Number(rows[0]?.n ?? 0);
}

/** The grams by how many messages hold each (counted up to `cap`), fewest first: the rarest leads the search. */
export async function gramsByRarity(
  db: Db,
  grams: readonly string[],
  cap: number,
): Promise<{ gram: string; n: number }[]> {
  const { rows } = await query<{ gram: string; n: string | number }>(
    db,
    sql`select q.gram, (select count(*) from (select 1 from chat_search_grams c where c.gram = q.gram limit ${cap}) s) as n
        from unnest(${textArray(grams)}) as q(gram)`,
  );
  return rows.map((row) => ({ gram: row.gram, n: Number(row.n) })).sort((a, b) => a.n - b.n);
}

/**
 * Messages holding the normalised query, newest first, after `from`: in one room (`roomId`, paged by seq) or in
 * every room the reader is an active member of now (paged by time, room and seq). One statement whatever the
 * number of rooms. With `grams` (the rarest first) the walk follows the rarest gram's postings newest first,
 * keeping messages that hold the others too; without, it reads the rooms' texts (few messages: cheaper than
 * any index). Either way the substring check decides.
 */
export async function searchMessages(
  db: Db,
  input: {
    readerId: number;
    roomId: number | null;
    grams: readonly string[] | null;
    query: string;
    from: SearchPosition | null;
    limit: number;
  },
): Promise<HitRow[]> {
  const all = input.roomId === null;
  const from = input.from;
  const scope = (alias: string) =>
    all
      ? sql`${sql.raw(alias)}.room_id in (select me.room_id from chat_members me where me.user_id = ${input.readerId} and not me.banned)`
      : sql`${sql.raw(alias)}.room_id = ${input.roomId}`;
  const after = (alias: string) =>
    from === null
      ? sql``
      : all
        ? sql`and (${sql.raw(alias)}.at, ${sql.raw(alias)}.room_id, ${sql.raw(alias)}.seq) < (${from.at}, ${from.roomId}, ${from.seq})`
        : sql`and ${sql.raw(alias)}.seq < ${from.seq}`;
  const order = (alias: string) =>
    sql.raw(all ? `${alias}.at desc, ${alias}.room_id desc, ${alias}.seq desc` : `${alias}.seq desc`);
  let hits: SQL;
  if (input.grams === null) {
    hits = sql`select x.at, x.room_id, x.seq from chat_search_texts x
          where ${scope('x')} ${after('x')} and strpos(x.norm, ${input.query}) > 0
          order by ${order('x')} limit ${input.limit}`;
  } else {
    // `offset 0` keeps each check a lookup per posting, in the walk's order, so the walk stops at the limit: without
    // it a planner may turn them into joins over every posting of common grams (PGlite did, 50 times slower).
    const [first, ...rest] = input.grams;
    const others = rest.map(
      (gram) =>
        sql`and exists (select 1 from chat_search_grams o where o.gram = ${gram} and o.at = g.at and o.room_id = g.room_id and o.seq = g.seq offset 0)`,
    );
    hits = sql`select g.at, g.room_id, g.seq from chat_search_grams g
          where g.gram = ${first!} and ${scope('g')} ${after('g')} ${sql.join(others, sql` `)}
            and exists (select 1 from chat_search_texts x where x.room_id = g.room_id and x.seq = g.seq
              and strpos(x.norm, ${input.query}) > 0 offset 0)
          order by ${order('g')} limit ${input.limit}`;
  }
  const { rows } = await query<HitRow>(
    db,
    sql`with hits as (${hits})
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
        order by ${order('h')}`,
  );
  return rows;
}
