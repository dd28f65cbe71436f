import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { liveStages, publicUsers } from '../../db/schema/index.ts';

/** The live module's SQL: live stages, read with their owner's public names. */

export type StageRow = typeof liveStages.$inferSelect;
export type StageStatus = StageRow['status'];
export type StageWithOwner = StageRow & { ownerUid: number; ownerName: string | null; ownerAvatar: string | null };

export type NewStage = Pick<StageRow, 'ownerId' | 'title' | 'coverImageId' | 'audience' | 'roomId'>;

export async function insertStage(db: Database, values: NewStage, now: Date): Promise<StageRow> {
  const [row] = await db
    .insert(liveStages)
    .values({ ...values, status: 'scheduled', createdAt: now, updatedAt: now })
    .returning();
  return row!;
}

const withOwner = {
  stage: liveStages,
  ownerUid: publicUsers.uid,
  uname: publicUsers.uname,
  openName: publicUsers.openName,
  avatar: publicUsers.avatar,
};
type OwnerRow = {
  stage: StageRow;
  ownerUid: number;
  uname: string | null;
  openName: string | null;
  avatar: string | null;
};
const owned = (row: OwnerRow): StageWithOwner => ({
  ...row.stage,
  ownerUid: row.ownerUid,
  ownerName: row.openName ?? row.uname ?? null,
  ownerAvatar: row.avatar,
});

export async function stageWithOwner(db: Database, id: number): Promise<StageWithOwner | undefined> {
  const [row] = await db
    .select(withOwner)
    .from(liveStages)
    .innerJoin(publicUsers, eq(publicUsers.id, liveStages.ownerId))
    .where(eq(liveStages.id, id));
  return row ? owned(row) : undefined;
}

const onAir = inArray(liveStages.status, ['live', 'paused']);

/** Stages on air open to anyone with the link (of one broadcaster when `ownerUid`), latest started first. */
export async function publicStagesOnAir(db: Database, limit: number, ownerUid?: number): Promise<StageWithOwner[]> {
  const rows = await db
    .select(withOwner)
    .from(liveStages)
    .innerJoin(publicUsers, eq(publicUsers.id, liveStages.ownerId))
    .where(
      and(onAir, eq(liveStages.audience, 'link'), ownerUid === undefined ? undefined : eq(publicUsers.uid, ownerUid)),
    )
    .orderBy(desc(liveStages.startedAt), desc(liveStages.id))
    .limit(limit);
  return rows.map(owned);
}

/** The latest stage on air of each of these rooms that has one. */
export async function stagesOnAirByRoom(db: Database, roomIds: number[]): Promise<Map<number, number>> {
  const rows = await db
    .select({ id: liveStages.id, roomId: liveStages.roomId })
    .from(liveStages)
    .where(and(onAir, inArray(liveStages.roomId, roomIds)))
    .orderBy(liveStages.id);
  return new Map(rows.map((row) => [row.roomId!, row.id]));
}

/**
 * Moves a stage to `to` only from one of `from`, in one statement, so two processes (or two taps) cannot both
 * make the same move; undefined when the stage was not in one of those states.
 */
export async function moveStage(
  db: Database,
  id: number,
  from: StageStatus[],
  to: StageStatus,
  times: { startedAt?: Date; endedAt?: Date },
  now: Date,
): Promise<StageRow | undefined> {
  const [row] = await db
    .update(liveStages)
    .set({ status: to, ...times, updatedAt: now })
    .where(and(eq(liveStages.id, id), inArray(liveStages.status, from)))
    .returning();
  return row;
}
