import { and, asc, desc, eq, isNull, lt, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { type Database, query, type Tx } from '../../db/client.ts';
import { inviteRewards, publicAssets, users } from '../../db/schema/index.ts';

export type RewardRow = typeof inviteRewards.$inferSelect;

export async function assetDecimals(db: Database | Tx, code: string): Promise<number> {
  const [row] = await db
    .select({ decimals: publicAssets.decimals })
    .from(publicAssets)
    .where(eq(publicAssets.code, code));
  if (!row) throw new Error(`asset ${code} is not in the catalogue`);
  return row.decimals;
}

/** Serialises every bind: two people naming each other at the same moment cannot both pass the loop check. */
export async function lockBinds(tx: Tx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('invite:bind'))`);
}

export async function lockUser(tx: Tx, userId: number) {
  const [row] = await tx
    .select({ id: users.id, invitedBy: users.invitedBy, createdAt: users.createdAt })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  return row;
}

/**
 * The user's inviter, with the user row held FOR SHARE until the transaction ends: a bind (which takes it FOR
 * UPDATE) either finished before, and is seen here, or waits and then sees this action's reward row.
 */
export async function shareInviterOf(tx: Tx, userId: number) {
  const inviter = alias(users, 'inviter');
  const [row] = await tx
    .select({ invitedBy: users.invitedBy, inviterDeletedAt: inviter.deletedAt })
    .from(users)
    .leftJoin(inviter, eq(inviter.id, users.invitedBy))
    .where(eq(users.id, userId))
    .for('share', { of: users });
  return row;
}

/**
 * The owner of an invite code (a live account) first, then whoever invited them, and so on up the chain, in
 * one statement. The depth cap only guards against a loop that the bind rule should have made impossible.
 */
export async function inviterChain(db: Database | Tx, inviteCode: string) {
  const result = await query<{ id: string; uname: string | null; open_name: string | null; email: string }>(
    db,
    sql`with recursive chain(id, invited_by, depth) as (
          select id, invited_by, 0 from users where invite_code = ${inviteCode} and deleted_at is null
          union all
          select u.id, u.invited_by, c.depth + 1 from users u join chain c on u.id = c.invited_by where c.depth < 1000
        )
        select c.id, u.uname, u.open_name, u.email from chain c join users u on u.id = c.id order by c.depth`,
  );
  return result.rows.map((row) => ({
    id: Number(row.id),
    uname: row.uname,
    openName: row.open_name,
    email: row.email,
  }));
}

export async function setInviter(tx: Tx, userId: number, inviterId: number): Promise<boolean> {
  const done = await tx
    .update(users)
    .set({ invitedBy: inviterId })
    .where(and(eq(users.id, userId), isNull(users.invitedBy)))
    .returning({ id: users.id });
  return done.length === 1;
}

export async function rewardOf(db: Database | Tx, inviteeId: number): Promise<RewardRow | undefined> {
  const [row] = await db.select().from(inviteRewards).where(eq(inviteRewards.inviteeId, inviteeId));
  return row;
}

/** The claim: the first qualifying action of this user writes the row; any other finds it taken (undefined). */
export async function claimReward(tx: Tx, values: typeof inviteRewards.$inferInsert): Promise<RewardRow | undefined> {
  const [row] = await tx.insert(inviteRewards).values(values).onConflictDoNothing().returning();
  return row;
}

/** An owed reward paid, with the parts actually paid (a deleted account's part is zero); no entry when both are. */
export async function markPaid(
  tx: Tx,
  inviteeId: number,
  paid: { entryId: number | null; inviterAmount: bigint; inviteeAmount: bigint },
  now: Date,
): Promise<void> {
  await tx
    .update(inviteRewards)
    .set({
      status: 'paid',
      entryId: paid.entryId,
      inviterAmount: paid.inviterAmount.toString(),
      inviteeAmount: paid.inviteeAmount.toString(),
      paidAt: now,
    })
    .where(and(eq(inviteRewards.inviteeId, inviteeId), eq(inviteRewards.status, 'owed')));
}

/** The oldest owed rewards, locked; those another process holds are skipped. */
export async function lockOwed(tx: Tx, limit: number): Promise<RewardRow[]> {
  return tx
    .select()
    .from(inviteRewards)
    .where(eq(inviteRewards.status, 'owed'))
    .orderBy(asc(inviteRewards.qualifiedAt), asc(inviteRewards.inviteeId))
    .limit(limit)
    .for('update', { skipLocked: true });
}

/** The user's reward if it is owed, locked; nothing when another process is paying it right now. */
export async function lockOwedOf(tx: Tx, inviteeId: number): Promise<RewardRow | undefined> {
  const [row] = await tx
    .select()
    .from(inviteRewards)
    .where(and(eq(inviteRewards.inviteeId, inviteeId), eq(inviteRewards.status, 'owed')))
    .for('update', { skipLocked: true });
  return row;
}

export async function countOwed(db: Database | Tx): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(inviteRewards)
    .where(eq(inviteRewards.status, 'owed'));
  return row?.n ?? 0;
}

/** My invite code, sign-up date, my inviter (as a person) and my own reward as an invitee: one statement. */
export async function selfOf(db: Database, userId: number) {
  const inviter = alias(users, 'inviter');
  const [row] = await db
    .select({
      inviteCode: users.inviteCode,
      createdAt: users.createdAt,
      invitedBy: users.invitedBy,
      inviter: {
        email: inviter.email,
        uname: inviter.uname,
        openName: inviter.openName,
        deletedAt: inviter.deletedAt,
      },
      rewardStatus: inviteRewards.status,
      rewardAmount: inviteRewards.inviteeAmount,
    })
    .from(users)
    .leftJoin(inviter, eq(inviter.id, users.invitedBy))
    .leftJoin(inviteRewards, eq(inviteRewards.inviteeId, users.id))
    .where(eq(users.id, userId));
  return row;
}

export async function totalsOf(db: Database, inviterId: number) {
  const [row] = await db
    .select({
      invited: sql<number>`count(*)::int`,
      rewarded: sql<number>`(count(*) filter (where ${inviteRewards.status} = 'paid'))::int`,
      earned: sql<string>`coalesce(sum(${inviteRewards.inviterAmount}) filter (where ${inviteRewards.status} = 'paid'), 0)::text`,
      owed: sql<string>`coalesce(sum(${inviteRewards.inviterAmount}) filter (where ${inviteRewards.status} = 'owed'), 0)::text`,
    })
    .from(users)
    .leftJoin(inviteRewards, eq(inviteRewards.inviteeId, users.id))
    .where(eq(users.invitedBy, inviterId));
  return row!;
}

/** The people who joined through me, newest first, with their reward: one statement per page. */
export async function inviteesOf(db: Database, inviterId: number, page: { beforeId: number | null; limit: number }) {
  return db
    .select({
      id: users.id,
      email: users.email,
      uname: users.uname,
      openName: users.openName,
      deletedAt: users.deletedAt,
      createdAt: users.createdAt,
      status: inviteRewards.status,
      amount: inviteRewards.inviterAmount,
    })
    .from(users)
    .leftJoin(inviteRewards, eq(inviteRewards.inviteeId, users.id))
    .where(and(eq(users.invitedBy, inviterId), page.beforeId === null ? undefined : lt(users.id, page.beforeId)))
    .orderBy(desc(users.id))
    .limit(page.limit);
}

/** Invite rewards owed and not paid yet, counted up to `limit`: a bounded query on the due index, for the backlog metric (docs/jobs.md). */
export async function countOwedBounded(db: Database, limit: number): Promise<number> {
  const { rows } = await query<{ n: number }>(
    db,
    sql`select count(*)::int as n from (select 1 from invite_rewards where status = 'owed' limit ${limit}) due`,
  );
  return Number(rows[0]?.n ?? 0);
}
