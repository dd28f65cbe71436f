import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { type Database, query, type Tx } from '../../db/client.ts';
import { activities, activityCohosts, images, ticketTypes, users } from '../../db/schema/index.ts';

export type ActivityRow = typeof activities.$inferSelect;
export type TicketTypeRow = typeof ticketTypes.$inferSelect;
export type ImageRow = typeof images.$inferSelect;

export interface LoadedActivity {
  row: ActivityRow;
  organizerId: number;
  cohostIds: number[];
  status: string;
}

const loaded = (row: ActivityRow, cohostIds: number[]): LoadedActivity => ({
  row,
  organizerId: row.organizerId,
  cohostIds,
  status: row.status,
});

export async function cohostIdsOf(db: Database | Tx, activityId: number): Promise<number[]> {
  const rows = await db
    .select({ userId: activityCohosts.userId })
    .from(activityCohosts)
    .where(eq(activityCohosts.activityId, activityId));
  return rows.map((row) => row.userId);
}

/** An activity by its public code, with its co-hosts; undefined when there is none. */
export async function findActivity(db: Database | Tx, code: string): Promise<LoadedActivity | undefined> {
  const [row] = await db.select().from(activities).where(eq(activities.code, code)).limit(1);
  if (!row) return undefined;
  return loaded(row, await cohostIdsOf(db, row.id));
}

/**
 * Locks the activity row. Every write that changes who holds a seat or where a ticket's money is takes this
 * lock first, then registrations, then (inside the ledger) accounts in id order: one fixed order, no deadlocks.
 */
export async function lockActivity(tx: Tx, id: number): Promise<ActivityRow> {
  const [row] = await tx.select().from(activities).where(eq(activities.id, id)).for('update');
  return row!;
}

export function phaseOf(row: Pick<ActivityRow, 'startsAt' | 'endsAt'>, now: Date): 'upcoming' | 'ongoing' | 'ended' {
  if (now < row.startsAt) return 'upcoming';
  if (now < row.endsAt) return 'ongoing';
  return 'ended';
}

export async function liveTicketTypes(db: Database | Tx, activityIds: number[]): Promise<TicketTypeRow[]> {
  if (activityIds.length === 0) return [];
  return db
    .select()
    .from(ticketTypes)
    .where(and(inArray(ticketTypes.activityId, activityIds), isNull(ticketTypes.deletedAt)))
    .orderBy(asc(ticketTypes.sort), asc(ticketTypes.id));
}

export interface SeatCounts {
  /** Approved registrations (checked in or not): the seats taken. */
  taken: number;
  byType: Map<number, number>;
  waitlisted: number;
}

export async function seatCounts(db: Database | Tx, activityIds: number[]): Promise<Map<number, SeatCounts>> {
  const result = new Map<number, SeatCounts>();
  for (const id of activityIds) result.set(id, { taken: 0, byType: new Map(), waitlisted: 0 });
  if (activityIds.length === 0) return result;
  const rows = await query<{ activity_id: string; ticket_type_id: string; status: string; n: string }>(
    db,
    sql`select activity_id, ticket_type_id, status, count(*)::text as n from registrations
        where activity_id in ${sql.raw(`(${activityIds.join(',')})`)} and status in ('approved', 'waitlisted')
        group by activity_id, ticket_type_id, status`,
  );
  for (const row of rows.rows) {
    const counts = result.get(Number(row.activity_id))!;
    const n = Number(row.n);
    if (row.status === 'waitlisted') {
      counts.waitlisted += n;
      continue;
    }
    counts.taken += n;
    counts.byType.set(Number(row.ticket_type_id), (counts.byType.get(Number(row.ticket_type_id)) ?? 0) + n);
  }
  return result;
}

/** Whether one more person fits: the activity's capacity and the ticket type's. */
export function hasSeat(activity: Pick<ActivityRow, 'capacity'>, type: TicketTypeRow, counts: SeatCounts): boolean {
  if (activity.capacity !== null && counts.taken >= activity.capacity) return false;
  if (type.capacity !== null && (counts.byType.get(type.id) ?? 0) >= type.capacity) return false;
  return true;
}

export interface PersonRow {
  id: number;
  uid: number;
  name: string;
  avatar: string | null;
  email: string;
}

export async function peopleById(db: Database | Tx, ids: number[]): Promise<Map<number, PersonRow>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .select({
      id: users.id,
      uid: users.uid,
      uname: users.uname,
      openName: users.openName,
      avatar: users.avatar,
      email: users.email,
    })
    .from(users)
    .where(inArray(users.id, unique));
  return new Map(
    rows.map((row) => [
      row.id,
      {
        id: row.id,
        uid: row.uid,
        name: row.openName ?? row.uname ?? `${row.email.split('@')[0]?.slice(0, 2) ?? ''}***`,
        avatar: row.avatar,
        email: row.email,
      },
    ]),
  );
}

/** The email of each registration's holder at one activity, by registration id (one query, any size). */
export async function holderEmails(db: Database | Tx, activityId: number): Promise<Map<number, string>> {
  const rows = await query<{ id: string; email: string }>(
    db,
    sql`select r.id, u.email from registrations r join users u on u.id = r.user_id where r.activity_id = ${activityId}`,
  );
  return new Map(rows.rows.map((row) => [Number(row.id), row.email]));
}

export async function imagesById(db: Database | Tx, ids: (string | null)[]): Promise<Map<string, ImageRow>> {
  const unique = [...new Set(ids.filter((id): id is string => !!id))];
  if (unique.length === 0) return new Map();
  const rows = await db.select().from(images).where(inArray(images.id, unique));
  return new Map(rows.map((row) => [row.id, row]));
}

/** Decimals of every asset, for formatting and parsing prices. */
export async function assetDecimals(db: Database | Tx): Promise<Map<string, number>> {
  const rows = await query<{ code: string; decimals: number }>(db, sql`select code, decimals from assets`);
  return new Map(rows.rows.map((row) => [row.code, Number(row.decimals)]));
}
