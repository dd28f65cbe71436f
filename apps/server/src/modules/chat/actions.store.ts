import { and, asc, eq, sql } from 'drizzle-orm';
import { type Database, query, type Tx } from '../../db/client.ts';
import { chatMessages, chatMessageVersions, chatPins, chatReactionRevs, chatReactions } from '../../db/schema/index.ts';
import { type MessageWithNames, senders } from './messages.store.ts';

/** The chat module's SQL for actions on one message: reactions, edits and their versions, pins. */

type Db = Database | Tx;

// Reactions

/** Gives a reaction; false when the member had given it already (the key claims it once). */
export async function addReaction(tx: Tx, values: typeof chatReactions.$inferInsert): Promise<boolean> {
  const rows = await tx
    .insert(chatReactions)
    .values(values)
    .onConflictDoNothing()
    .returning({ seq: chatReactions.seq });
  return rows.length > 0;
}

/** Takes a reaction back; false when there was none. */
export async function removeReaction(tx: Tx, roomId: number, seq: number, userId: number, emoji: string) {
  const rows = await tx
    .delete(chatReactions)
    .where(
      and(
        eq(chatReactions.roomId, roomId),
        eq(chatReactions.seq, seq),
        eq(chatReactions.userId, userId),
        eq(chatReactions.emoji, emoji),
      ),
    )
    .returning({ seq: chatReactions.seq });
  return rows.length > 0;
}

/** The message's next reaction revision; the upsert holds its row until commit, serialising the message's changes. */
export async function nextReactionRev(tx: Tx, roomId: number, seq: number): Promise<number> {
  const [row] = await tx
    .insert(chatReactionRevs)
    .values({ roomId, seq, rev: 1 })
    .onConflictDoUpdate({
      target: [chatReactionRevs.roomId, chatReactionRevs.seq],
      set: { rev: sql`${chatReactionRevs.rev} + 1` },
    })
    .returning({ rev: chatReactionRevs.rev });
  return Number(row!.rev);
}

export interface ReactionTally {
  seq: number;
  emoji: string;
  count: number;
  mine: boolean;
  rev: number;
}

/** The reactions of these messages of a room, counted per kind, with the viewer's own: one query for a page. */
export async function reactionTallies(db: Db, roomId: number, seqs: number[], viewerId: number) {
  if (seqs.length === 0) return [];
  const { rows } = await query<ReactionTally>(
    db,
    sql`select r.seq, r.emoji, count(*)::int as count, bool_or(r.user_id = ${viewerId}) as mine, coalesce(v.rev, 0) as rev
        from chat_reactions r left join chat_reaction_revs v on v.room_id = r.room_id and v.seq = r.seq
        where r.room_id = ${roomId} and r.seq in ${seqs}
        group by r.seq, r.emoji, v.rev`,
  );
  return rows.map((row) => ({ ...row, seq: Number(row.seq), count: Number(row.count), rev: Number(row.rev) }));
}

/** Who gave the message's reactions (of one kind, or every kind), earliest first. */
export async function reactorsOf(db: Db, roomId: number, seq: number, emoji: string | null, limit: number) {
  const kind = emoji === null ? sql`` : sql`and r.emoji = ${emoji}`;
  const { rows } = await query<{ uid: number; name: string | null; avatar: string | null; emoji: string }>(
    db,
    sql`select u.uid, coalesce(u.open_name, u.uname) as name, u.avatar, r.emoji
        from chat_reactions r join public_users u on u.id = r.user_id
        where r.room_id = ${roomId} and r.seq = ${seq} ${kind}
        order by r.created_at asc, r.user_id asc limit ${limit}`,
  );
  return rows;
}

/** Reactions given to a message by others than its author since `since`: how many people, and which kinds. */
export async function reactionsSince(db: Db, roomId: number, seq: number, authorId: number, since: Date) {
  const { rows } = await query<{ people: number; emojis: string[] | null }>(
    db,
    sql`select count(distinct user_id)::int as people, array_agg(distinct emoji) as emojis from chat_reactions
        where room_id = ${roomId} and seq = ${seq} and user_id <> ${authorId} and created_at >= ${since.toISOString()}`,
  );
  return { people: Number(rows[0]?.people ?? 0), emojis: rows[0]?.emojis ?? [] };
}

// Edits

/** The message, locked until the edit's transaction ends. */
export async function lockMessage(tx: Tx, roomId: number, seq: number) {
  const [row] = await tx
    .select()
    .from(chatMessages)
    .where(and(eq(chatMessages.roomId, roomId), eq(chatMessages.seq, seq)))
    .for('update');
  return row;
}

/** Keeps the text an edit replaces as the message's next version. */
export async function insertVersion(
  tx: Tx,
  values: { roomId: number; seq: number; body: string; mentions: string[]; replacedAt: Date },
) {
  await tx.insert(chatMessageVersions).values({
    ...values,
    version: sql`(select coalesce(max(version), 0) + 1 from chat_message_versions where room_id = ${values.roomId} and seq = ${values.seq})`,
  });
}

export async function setEditedText(tx: Tx, roomId: number, seq: number, body: string, mentions: string[], at: Date) {
  await tx
    .update(chatMessages)
    .set({ body, mentions, editedAt: at })
    .where(and(eq(chatMessages.roomId, roomId), eq(chatMessages.seq, seq)));
}

export async function versionsOf(db: Db, roomId: number, seq: number) {
  return db
    .select()
    .from(chatMessageVersions)
    .where(and(eq(chatMessageVersions.roomId, roomId), eq(chatMessageVersions.seq, seq)))
    .orderBy(asc(chatMessageVersions.version));
}

// Pins

/**
 * Pins a message into the room's lowest free slot. The unique (room, slot) key is the claim: two pins at once that
 * pick the same slot leave one of them with nothing (the caller looks again), and there are only CHAT_PIN_LIMIT slots.
 */
export async function claimPinSlot(db: Db, roomId: number, seq: number, userId: number, at: Date, limit: number) {
  const { rows } = await query<{ slot: number }>(
    db,
    sql`insert into chat_pins (room_id, seq, slot, pinned_by, pinned_at)
        select ${roomId}, ${seq}, s, ${userId}, ${at.toISOString()} from generate_series(1, ${limit}) s
        where s not in (select slot from chat_pins where room_id = ${roomId}) order by s limit 1
        on conflict do nothing returning slot`,
  );
  return rows.length > 0;
}

export async function isPinned(db: Db, roomId: number, seq: number) {
  const [row] = await db
    .select({ seq: chatPins.seq })
    .from(chatPins)
    .where(and(eq(chatPins.roomId, roomId), eq(chatPins.seq, seq)));
  return row !== undefined;
}

export async function pinCount(db: Db, roomId: number) {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(chatPins).where(eq(chatPins.roomId, roomId));
  return Number(row?.n ?? 0);
}

export async function deletePin(db: Db, roomId: number, seq: number) {
  await db.delete(chatPins).where(and(eq(chatPins.roomId, roomId), eq(chatPins.seq, seq)));
}

/** A room's pinned messages with their senders, the latest pinned first: one query. */
export async function pinnedMessages(db: Db, roomId: number) {
  const { rows } = await query<
    MessageWithNames & { pinnedAt: Date | string; pinnedByUid: number | null; editedAt: Date | string | null }
  >(
    db,
    sql`select m.room_id as "roomId", m.seq, m.kind, m.sender_id as "senderId", m.body, m.image_id as "imageId", m.ref,
          m.reply_to as "replyTo", m.mentions, m.event, m.target_id as "targetId", m.deleted_at as "deletedAt",
          m.created_at as "createdAt", m.edited_at as "editedAt", s.uid as "senderUid",
          coalesce(s.open_name, s.uname) as "senderName", s.avatar as "senderAvatar", t.uid as "targetUid",
          coalesce(t.open_name, t.uname) as "targetName", p.pinned_at as "pinnedAt", pu.uid as "pinnedByUid"
        from chat_pins p join chat_messages m on m.room_id = p.room_id and m.seq = p.seq ${senders}
        left join public_users pu on pu.id = p.pinned_by
        where p.room_id = ${roomId} order by p.pinned_at desc, p.seq desc`,
  );
  return rows;
}
