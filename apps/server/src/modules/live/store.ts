import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { liveStages, users } from '../../db/schema/index.ts';

/** The live module's SQL: live stages, read with their owner's public names. */

export type StageRow = typeof liveStages.$inferSelect;
export type StageStatus = StageRow['status'];
export type StageWithOwner = StageRow & { ownerUid: number; ownerName: string | null };

export type NewStage = Pick<StageRow, 'ownerId' | 'title' | 'coverImageId' | 'audience' | 'roomId'>;

export async function insertStage(db: Database, values: NewStage, now: Date): Promise<StageRow> {
  const [row] = await db
    .insert(liveStages)
    .values({ ...values, status: 'scheduled', createdAt: now, updatedAt: now })
    .returning();
  return row!;
}

export async function stageWithOwner(db: Database, id: number): Promise<StageWithOwner | undefined> {
  const [row] = await db
    .select({ stage: liveStages, ownerUid: users.uid, uname: users.uname, openName: users.openName })
    .from(liveStages)
    .innerJoin(users, eq(users.id, liveStages.ownerId))
    .where(eq(liveStages.id, id));
  if (!row) return undefined;
  return { ...row.stage, ownerUid: row.ownerUid, ownerName: row.uname ?? row.openName ?? null };
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
