import { and, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import { pgArray } from '../../db/arrays.ts';
import { type Database, query, type Tx } from '../../db/client.ts';
import { redPacketClaims, redPackets } from '../../db/schema/index.ts';

/** The SQL of red packets. Reads take a fixed number of queries whatever the number of rows. */

export type PacketRow = typeof redPackets.$inferSelect;
type Db = Database | Tx;

export async function insertPacket(tx: Tx, values: typeof redPackets.$inferInsert): Promise<PacketRow> {
  const [row] = await tx.insert(redPackets).values(values).returning();
  return row!;
}

export async function setSendEntry(tx: Tx, id: number, entryId: number): Promise<void> {
  await tx.update(redPackets).set({ sendEntryId: entryId }).where(eq(redPackets.id, id));
}

export async function packetByCode(db: Db, code: string): Promise<PacketRow | undefined> {
  const [row] = await db.select().from(redPackets).where(eq(redPackets.code, code));
  return row;
}

export async function packetById(db: Db, id: number): Promise<PacketRow | undefined> {
  const [row] = await db.select().from(redPackets).where(eq(redPackets.id, id));
  return row;
}

/** The packets of a batch of claims, locked in id order so batches in other processes queue behind, not across. */
export async function lockPacketsByCode(tx: Tx, codes: string[]): Promise<PacketRow[]> {
  return tx.select().from(redPackets).where(inArray(redPackets.code, codes)).orderBy(redPackets.id).for('update');
}

/** What a batch's (packet, user) pairs already claimed. */
export async function claimsOf(tx: Db, pairs: { packetId: number; userId: number }[]) {
  if (pairs.length === 0) return [];
  const { rows } = await query<{ packet_id: string; user_id: string; amount: string; claimed_at: string }>(
    tx,
    sql`select c.packet_id, c.user_id, c.amount::text, c.claimed_at from red_packet_claims c
        join unnest(${pgArray(pairs.map((p) => p.packetId))}::bigint[], ${pgArray(pairs.map((p) => p.userId))}::bigint[])
          as w(p, u) on c.packet_id = w.p and c.user_id = w.u`,
  );
  return rows.map((row) => ({
    packetId: Number(row.packet_id),
    userId: Number(row.user_id),
    amount: BigInt(row.amount),
    claimedAt: new Date(row.claimed_at),
  }));
}

/** Which of the (sender, user) pairs are a follower and whom they follow. */
export async function followingPairs(tx: Db, pairs: { senderId: number; userId: number }[]): Promise<Set<string>> {
  if (pairs.length === 0) return new Set();
  const { rows } = await query<{ follower_id: string; followee_id: string }>(
    tx,
    sql`select f.follower_id, f.followee_id from public_follows f
        join unnest(${pgArray(pairs.map((p) => p.userId))}::bigint[], ${pgArray(pairs.map((p) => p.senderId))}::bigint[])
          as w(u, s) on f.follower_id = w.u and f.followee_id = w.s`,
  );
  return new Set(rows.map((row) => `${row.followee_id}:${row.follower_id}`));
}

/** Which of the (room, user) pairs are members of the room, not banned. */
export async function roomMemberPairs(tx: Db, pairs: { roomId: number; userId: number }[]): Promise<Set<string>> {
  if (pairs.length === 0) return new Set();
  const { rows } = await query<{ room_id: string; user_id: string }>(
    tx,
    sql`select m.room_id, m.user_id from chat_room_members m
        join unnest(${pgArray(pairs.map((p) => p.roomId))}::bigint[], ${pgArray(pairs.map((p) => p.userId))}::bigint[])
          as w(r, u) on m.room_id = w.r and m.user_id = w.u`,
  );
  return new Set(rows.map((row) => `${row.room_id}:${row.user_id}`));
}

/** Which of the (activity, user) pairs hold an approved ticket that was checked in: presence, proven. */
export async function checkedInPairs(tx: Db, pairs: { activityId: number; userId: number }[]): Promise<Set<string>> {
  if (pairs.length === 0) return new Set();
  const { rows } = await query<{ activity_id: string; user_id: string }>(
    tx,
    sql`select r.activity_id, r.user_id from activity_attendance r
        join unnest(${pgArray(pairs.map((p) => p.activityId))}::bigint[], ${pgArray(pairs.map((p) => p.userId))}::bigint[])
          as w(a, u) on r.activity_id = w.a and r.user_id = w.u
        where r.status = 'approved' and r.checked_in`,
  );
  return new Set(rows.map((row) => `${row.activity_id}:${row.user_id}`));
}

export async function insertClaims(tx: Tx, claims: (typeof redPacketClaims.$inferInsert)[]): Promise<void> {
  if (claims.length > 0) await tx.insert(redPacketClaims).values(claims);
}

/** What is left in each packet after a batch, in one statement. */
export async function writeRemaining(tx: Tx, packets: { id: number; amount: bigint; count: number }[]) {
  if (packets.length === 0) return;
  await tx.execute(
    sql`update red_packets p set remaining_amount = v.amount, remaining_count = v.count
        from unnest(${pgArray(packets.map((p) => p.id))}::bigint[], ${pgArray(packets.map((p) => p.amount))}::numeric[],
                    ${pgArray(packets.map((p) => p.count))}::int[]) as v(id, amount, count)
        where p.id = v.id`,
  );
}

/** Expired packets not settled yet (what is left in them stays recorded: it is what went back), locked; skipped when another worker holds them. */
export async function lockDuePackets(tx: Tx, now: Date, limit: number, skip: number[] = []): Promise<PacketRow[]> {
  return tx
    .select()
    .from(redPackets)
    .where(
      and(
        sql`${redPackets.settledAt} is null`,
        lt(redPackets.expiresAt, now),
        sql`${redPackets.id} <> all(${pgArray(skip)}::bigint[])`,
      ),
    )
    .orderBy(redPackets.expiresAt)
    .limit(limit)
    .for('update', { skipLocked: true });
}

export async function markSettled(
  tx: Tx,
  id: number,
  values: { settledAt: Date; refundEntryId: number | null },
): Promise<void> {
  await tx.update(redPackets).set(values).where(eq(redPackets.id, id));
}

/** A packet's claims, newest first, from `beforeId` on, with the claimers' names. */
export async function claimsPage(db: Db, packetId: number, beforeId: number | null, limit: number) {
  const { rows } = await query<{
    id: string;
    amount: string;
    entry_id: string;
    claimed_at: string;
    uid: string;
    name: string | null;
    avatar: string | null;
  }>(
    db,
    sql`select c.id, c.amount::text, c.entry_id, c.claimed_at, u.uid, coalesce(u.open_name, u.uname) as name, u.avatar
        from red_packet_claims c join public_users u on u.id = c.user_id
        where c.packet_id = ${packetId} ${beforeId !== null ? sql`and c.id < ${beforeId}` : sql``}
        order by c.id desc limit ${limit}`,
  );
  return rows;
}

/** The largest share of a packet (the first to reach it on a tie), for "luckiest". */
export async function luckiestClaimId(db: Db, packetId: number): Promise<number | null> {
  const { rows } = await query<{ id: string }>(
    db,
    sql`select id from red_packet_claims where packet_id = ${packetId} order by amount desc, id asc limit 1`,
  );
  return rows[0] ? Number(rows[0].id) : null;
}

/** People by id: uid, display name, avatar. */
export async function peopleByIds(db: Db, ids: number[]) {
  const people = new Map<number, { uid: string; name: string; avatar: string | null }>();
  if (ids.length === 0) return people;
  const { rows } = await query<{ id: string; uid: string; name: string | null; avatar: string | null }>(
    db,
    sql`select id, uid, name, avatar from public_users
        where id = any(${pgArray([...new Set(ids)])}::bigint[])`,
  );
  for (const row of rows) {
    people.set(Number(row.id), { uid: String(row.uid), name: row.name ?? '', avatar: row.avatar });
  }
  return people;
}

/** Activities by id: public code and title. */
export async function activitiesByIds(db: Db, ids: number[]) {
  const found = new Map<number, { id: string; title: string }>();
  if (ids.length === 0) return found;
  const { rows } = await query<{ id: string; code: string; title: string }>(
    db,
    sql`select id, code, title from public_activities where id = any(${pgArray([...new Set(ids)])}::bigint[])`,
  );
  for (const row of rows) found.set(Number(row.id), { id: row.code, title: row.title });
  return found;
}

/** The caller's share of each packet, for lists. */
export async function mySharesOf(db: Db, userId: number, packetIds: number[]) {
  const shares = new Map<number, { amount: bigint; claimedAt: Date }>();
  if (packetIds.length === 0) return shares;
  const rows = await db
    .select({
      packetId: redPacketClaims.packetId,
      amount: redPacketClaims.amount,
      claimedAt: redPacketClaims.claimedAt,
    })
    .from(redPacketClaims)
    .where(and(eq(redPacketClaims.userId, userId), inArray(redPacketClaims.packetId, packetIds)));
  for (const row of rows) shares.set(row.packetId, { amount: BigInt(row.amount), claimedAt: row.claimedAt });
  return shares;
}

export async function sentPage(db: Db, userId: number, beforeId: number | null, limit: number) {
  return db
    .select()
    .from(redPackets)
    .where(and(eq(redPackets.senderId, userId), beforeId !== null ? lt(redPackets.id, beforeId) : undefined))
    .orderBy(desc(redPackets.id))
    .limit(limit);
}

export async function receivedPage(db: Db, userId: number, beforeId: number | null, limit: number) {
  return db
    .select({ claim: redPacketClaims, packet: redPackets })
    .from(redPacketClaims)
    .innerJoin(redPackets, eq(redPackets.id, redPacketClaims.packetId))
    .where(and(eq(redPacketClaims.userId, userId), beforeId !== null ? lt(redPacketClaims.id, beforeId) : undefined))
    .orderBy(desc(redPacketClaims.id))
    .limit(limit);
}

/** Counts and sums per asset of what a user sent, received, and still has held in open packets. */
export async function myTotals(db: Db, userId: number) {
  const { rows } = await query<{ role: string; asset_code: string; n: string; total: string }>(
    db,
    sql`select 'sent' as role, asset_code, count(*)::text as n, sum(amount)::text as total
          from red_packets where sender_id = ${userId} group by asset_code
        union all
        select 'received', p.asset_code, count(*)::text, sum(c.amount)::text
          from red_packet_claims c join red_packets p on p.id = c.packet_id where c.user_id = ${userId}
          group by p.asset_code
        union all
        select 'held', asset_code, count(*)::text, sum(remaining_amount)::text
          from red_packets where sender_id = ${userId} and settled_at is null and remaining_count > 0
          group by asset_code`,
  );
  return rows.map((row) => ({ role: row.role, asset: row.asset_code, count: Number(row.n), total: BigInt(row.total) }));
}

/** Red packets past their expiry and not settled yet, counted up to `limit`: a bounded query on the due index, for the backlog metric (docs/jobs.md). */
export async function countDuePackets(db: Database, now: Date, limit: number): Promise<number> {
  const { rows } = await query<{ n: number }>(
    db,
    sql`select count(*)::int as n from (select 1 from red_packets where settled_at is null and expires_at < ${now.toISOString()}::timestamptz limit ${limit}) due`,
  );
  return Number(rows[0]?.n ?? 0);
}

/** What red packet money moved for (wallet/ports.ts `EntryPurpose`): the packet's code, by packet id. */
export async function packetPurposes(tx: Tx, ids: number[]) {
  const rows = await tx
    .select({ id: redPackets.id, code: redPackets.code })
    .from(redPackets)
    .where(inArray(redPackets.id, ids));
  return new Map(rows.map((row) => [row.id, { type: 'redpacket' as const, id: row.code, title: null }]));
}

/** Red packets the person sent that are not settled yet (their leftover comes back to them): blocks deleting them. */
export async function unsettledSentBy(db: Db, userId: number): Promise<number> {
  const { rows } = await query<{ n: number }>(
    db,
    sql`select count(*)::int as n from red_packets where sender_id = ${userId} and settled_at is null`,
  );
  return Number(rows[0]?.n ?? 0);
}
