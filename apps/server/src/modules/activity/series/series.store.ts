import { and, asc, count, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../../db/client.ts';
import {
  activities,
  activitySeries,
  activitySeriesFollowers,
  activitySeriesOccurrences,
  type SeriesTemplate,
} from '../../../db/schema/index.ts';

/** The series' own SQL: its rule and template, the occurrences' claims, and who follows it. */

export type SeriesRow = typeof activitySeries.$inferSelect;
export type NewSeries = Omit<typeof activitySeries.$inferInsert, 'id'>;

interface OccurrenceRow {
  idx: number;
  activityId: number;
  code: string;
  startsAt: Date;
  endsAt: Date;
  status: string;
}

/** A new series with its first occurrence (the organizer's own activity, index 0). */
export async function insertSeries(tx: Tx, series: NewSeries, firstActivityId: number, firstStart: Date) {
  const [row] = await tx.insert(activitySeries).values(series).returning();
  await tx
    .insert(activitySeriesOccurrences)
    .values({ seriesId: row!.id, idx: 0, activityId: firstActivityId, startsAt: firstStart });
  return row!;
}

export async function seriesById(db: Database | Tx, id: number): Promise<SeriesRow | undefined> {
  const [row] = await db.select().from(activitySeries).where(eq(activitySeries.id, id));
  return row;
}

/**
 * Inside an occurrence's creating transaction: whether the series still makes occurrences, its row share-locked
 * so that ending it (an update) waits until this occurrence has committed or rolled back.
 */
export async function seriesOpenFor(tx: Tx, id: number): Promise<boolean> {
  const [row] = await tx
    .select({ endedAt: activitySeries.endedAt })
    .from(activitySeries)
    .where(eq(activitySeries.id, id))
    .for('share');
  return row !== undefined && row.endedAt === null;
}

/** The series row locked for a change of its rule or template. */
export async function lockSeries(tx: Tx, id: number): Promise<SeriesRow | undefined> {
  const [row] = await tx.select().from(activitySeries).where(eq(activitySeries.id, id)).for('update');
  return row;
}

/** Series still making occurrences, oldest first, for the worker. */
export async function liveSeriesIds(db: Database, limit: number): Promise<number[]> {
  const rows = await db
    .select({ id: activitySeries.id })
    .from(activitySeries)
    .where(isNull(activitySeries.endedAt))
    .orderBy(asc(activitySeries.id))
    .limit(limit);
  return rows.map((row) => row.id);
}

/** The series an activity is an occurrence of, with its index. */
export async function occurrenceOf(db: Database | Tx, activityId: number) {
  const [row] = await db
    .select({ seriesId: activitySeriesOccurrences.seriesId, idx: activitySeriesOccurrences.idx })
    .from(activitySeriesOccurrences)
    .where(eq(activitySeriesOccurrences.activityId, activityId));
  return row;
}

/** The indexes already claimed of a series. */
export async function claimedIndexes(db: Database | Tx, seriesId: number): Promise<Set<number>> {
  const rows = await db
    .select({ idx: activitySeriesOccurrences.idx })
    .from(activitySeriesOccurrences)
    .where(eq(activitySeriesOccurrences.seriesId, seriesId));
  return new Set(rows.map((row) => row.idx));
}

/**
 * Claims (series, index) in the creating transaction: false when another worker has it (PostgreSQL makes a
 * second inserter wait for the first's commit, then finds the key taken).
 */
export async function claimOccurrence(tx: Tx, seriesId: number, idx: number, startsAt: Date): Promise<boolean> {
  const rows = await tx
    .insert(activitySeriesOccurrences)
    .values({ seriesId, idx, startsAt })
    .onConflictDoNothing()
    .returning({ idx: activitySeriesOccurrences.idx });
  return rows.length > 0;
}

export async function linkOccurrence(tx: Tx, seriesId: number, idx: number, activityId: number) {
  await tx
    .update(activitySeriesOccurrences)
    .set({ activityId })
    .where(and(eq(activitySeriesOccurrences.seriesId, seriesId), eq(activitySeriesOccurrences.idx, idx)));
}

const occurrenceColumns = {
  idx: activitySeriesOccurrences.idx,
  activityId: activities.id,
  code: activities.code,
  startsAt: activities.startsAt,
  endsAt: activities.endsAt,
  status: activities.status,
};

/** Occurrences ending after `after`, soonest first. */
export async function occurrencesEndingAfter(db: Database | Tx, seriesId: number, after: Date, limit = 50) {
  const rows: OccurrenceRow[] = await db
    .select(occurrenceColumns)
    .from(activitySeriesOccurrences)
    .innerJoin(activities, eq(activities.id, activitySeriesOccurrences.activityId))
    .where(and(eq(activitySeriesOccurrences.seriesId, seriesId), gt(activities.endsAt, after)))
    .orderBy(asc(activities.startsAt), asc(activitySeriesOccurrences.idx))
    .limit(limit);
  return rows;
}

/** Occurrences after index `idx` not yet started and not cancelled: what "all following" changes. */
export async function followingOccurrences(db: Database | Tx, seriesId: number, idx: number, now: Date) {
  const rows: OccurrenceRow[] = await db
    .select(occurrenceColumns)
    .from(activitySeriesOccurrences)
    .innerJoin(activities, eq(activities.id, activitySeriesOccurrences.activityId))
    .where(
      and(
        eq(activitySeriesOccurrences.seriesId, seriesId),
        gt(activitySeriesOccurrences.idx, idx),
        gt(activities.startsAt, now),
        sql`${activities.status} <> 'cancelled'`,
      ),
    )
    .orderBy(asc(activitySeriesOccurrences.idx));
  return rows;
}

export async function endSeries(db: Database | Tx, id: number, now: Date) {
  await db
    .update(activitySeries)
    .set({ endedAt: now, updatedAt: now })
    .where(and(eq(activitySeries.id, id), isNull(activitySeries.endedAt)));
}

export async function saveTemplate(
  tx: Tx,
  id: number,
  change: { template: SeriesTemplate; startMinutes: number; durationMinutes: number },
  now: Date,
) {
  await tx
    .update(activitySeries)
    .set({ ...change, updatedAt: now })
    .where(eq(activitySeries.id, id));
}

/** The template alone, changed under the series' lock (a code for every later date). */
export async function setTemplate(tx: Tx, id: number, template: SeriesTemplate, now: Date) {
  await tx.update(activitySeries).set({ template, updatedAt: now }).where(eq(activitySeries.id, id));
}

/** The series' codes for new occurrences, read inside the creating transaction (after `seriesOpenFor`'s lock). */
export async function templatePromos(tx: Tx, id: number) {
  const [row] = await tx
    .select({ template: activitySeries.template })
    .from(activitySeries)
    .where(eq(activitySeries.id, id));
  return row?.template.promoCodes ?? [];
}

export async function setFollowing(db: Database, seriesId: number, userId: number, follow: boolean, now: Date) {
  if (follow) {
    await db.insert(activitySeriesFollowers).values({ seriesId, userId, createdAt: now }).onConflictDoNothing();
  } else {
    await db
      .delete(activitySeriesFollowers)
      .where(and(eq(activitySeriesFollowers.seriesId, seriesId), eq(activitySeriesFollowers.userId, userId)));
  }
}

export async function followerIds(db: Database | Tx, seriesId: number): Promise<number[]> {
  const rows = await db
    .select({ userId: activitySeriesFollowers.userId })
    .from(activitySeriesFollowers)
    .where(eq(activitySeriesFollowers.seriesId, seriesId));
  return rows.map((row) => row.userId);
}

export async function followerCount(db: Database | Tx, seriesId: number, userId: number | null) {
  const [total] = await db
    .select({ n: count() })
    .from(activitySeriesFollowers)
    .where(eq(activitySeriesFollowers.seriesId, seriesId));
  const mine =
    userId === null
      ? []
      : await db
          .select({ userId: activitySeriesFollowers.userId })
          .from(activitySeriesFollowers)
          .where(and(eq(activitySeriesFollowers.seriesId, seriesId), eq(activitySeriesFollowers.userId, userId)));
  return { followers: Number(total?.n ?? 0), following: mine.length > 0 };
}
