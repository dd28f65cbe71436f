import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { pgArray } from '../../db/arrays.ts';
import { type Database, query, type Tx } from '../../db/client.ts';
import {
  type ActivityMarketing,
  activities,
  activityCohosts,
  activityDrafts,
  activityInvitations,
  images,
  publicUsers,
  ticketTypes,
} from '../../db/schema/index.ts';

/**
 * The SQL of activities and what belongs to one: co-hosts, ticket types, kept drafts, invitations, cover
 * images; and (read only) the people and asset decimals their pages show.
 */

export type { ActivityMarketing };
export type ActivityRow = typeof activities.$inferSelect;
export type TicketTypeRow = typeof ticketTypes.$inferSelect;
export type ImageRow = typeof images.$inferSelect;
export type DraftRow = typeof activityDrafts.$inferSelect;

/** An activity with what the policy needs to know about it. */
export interface LoadedActivity {
  row: ActivityRow;
  organizerId: number;
  cohostIds: number[];
  status: string;
}

/** The fields an organizer edits, the same on create and on update. */
export type EditableField =
  | 'visibility'
  | 'title'
  | 'description'
  | 'category'
  | 'startsAt'
  | 'endsAt'
  | 'timezone'
  | 'onlineUrl'
  | 'city'
  | 'address'
  | 'latitude'
  | 'longitude'
  | 'capacity'
  | 'requireApproval'
  | 'questions';
export type EditableColumns = Pick<ActivityRow, EditableField>;

/** A ticket type as create and edit plan it; `id` null for a new one. */
export interface TicketTypePlan {
  id: number | null;
  name: string;
  assetCode: string | null;
  price: bigint;
  capacity: number | null;
  salesStart: Date | null;
  salesEnd: Date | null;
  hidden: boolean;
}

const loaded = (row: ActivityRow, cohostIds: number[]): LoadedActivity => ({
  row,
  organizerId: row.organizerId,
  cohostIds,
  status: row.status,
});

async function cohostIdsOf(db: Database | Tx, activityId: number): Promise<number[]> {
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

export async function activityById(db: Database | Tx, id: number): Promise<ActivityRow> {
  const [row] = await db.select().from(activities).where(eq(activities.id, id));
  return row!;
}

export async function idByCode(db: Database | Tx, code: string): Promise<number | undefined> {
  const [row] = await db.select({ id: activities.id }).from(activities).where(eq(activities.code, code));
  return row?.id;
}

/** The public codes of these activities, by id. */
export async function codesById(db: Database | Tx, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: activities.id, code: activities.code })
    .from(activities)
    .where(inArray(activities.id, ids));
  return new Map(rows.map((row) => [row.id, row.code]));
}

/**
 * Locks the activity row. Every write that changes who holds a seat or where a ticket's money is takes this
 * lock first, then registrations, then (inside the ledger) accounts in id order: one fixed order, no deadlocks.
 */
export async function lockActivity(tx: Tx, id: number): Promise<ActivityRow> {
  const [row] = await tx.select().from(activities).where(eq(activities.id, id)).for('update');
  return row!;
}

/** The activity, locked; undefined while another process holds it. */
export async function tryLockActivity(tx: Tx, id: number): Promise<ActivityRow | undefined> {
  const [row] = await tx.select().from(activities).where(eq(activities.id, id)).for('update', { skipLocked: true });
  return row;
}

/** The next published activity that has ended and is not settled yet, locked; skips one another process holds, and `skip`. */
export async function claimEndedActivity(tx: Tx, now: Date, skip: number[] = []): Promise<number | null> {
  const claimed = await query<{ id: string }>(
    tx,
    sql`select id from activities where status = 'published' and settled_at is null
        and ends_at <= ${now.toISOString()}::timestamptz and id <> all(${pgArray(skip)}::bigint[])
        order by ends_at, id limit 1 for update skip locked`,
  );
  return claimed.rows[0] ? Number(claimed.rows[0].id) : null;
}

export async function insertActivity(
  tx: Tx,
  values: EditableColumns & {
    code: string;
    organizerId: number;
    status: 'draft' | 'published';
    coverImageId: string | null;
    marketing: ActivityMarketing;
    checkinSecret: string;
    createdAt: Date;
    updatedAt: Date;
    publishedAt: Date | null;
  },
): Promise<number> {
  const [row] = await tx.insert(activities).values(values).returning({ id: activities.id });
  return row!.id;
}

export async function updateActivity(
  tx: Tx,
  id: number,
  values: EditableColumns & { coverImageId: string | null; updatedAt: Date },
): Promise<ActivityRow> {
  const [changed] = await tx.update(activities).set(values).where(eq(activities.id, id)).returning();
  return changed!;
}

/** Publishes a draft; an activity that is no longer a draft stays as it is. */
export async function publishDraft(db: Database, id: number, now: Date): Promise<void> {
  await db
    .update(activities)
    .set({ status: 'published', publishedAt: now, updatedAt: now })
    .where(and(eq(activities.id, id), eq(activities.status, 'draft')));
}

export async function saveMarketing(db: Database, id: number, marketing: ActivityMarketing, now: Date) {
  await db.update(activities).set({ marketing, updatedAt: now }).where(eq(activities.id, id));
}

/**
 * The whole activity is cancelled and, everything being refunded, settled at once. The calendar invite's
 * SEQUENCE goes up with it: the cancellation is a new revision of the event (RFC 5546).
 */
export async function markActivityCancelled(tx: Tx, id: number, now: Date): Promise<ActivityRow> {
  const [row] = await tx
    .update(activities)
    .set({
      status: 'cancelled',
      cancelledAt: now,
      settledAt: now,
      updatedAt: now,
      calendarSequence: sql`${activities.calendarSequence} + 1`,
    })
    .where(eq(activities.id, id))
    .returning();
  return row!;
}

/** The start or the venue changed: the next revision of the calendar invite (in the edit's transaction). */
export async function raiseCalendarSequence(tx: Tx, id: number): Promise<ActivityRow> {
  const [row] = await tx
    .update(activities)
    .set({ calendarSequence: sql`${activities.calendarSequence} + 1` })
    .where(eq(activities.id, id))
    .returning();
  return row!;
}

export async function markSettled(tx: Tx, id: number, now: Date): Promise<void> {
  await tx.update(activities).set({ settledAt: now }).where(eq(activities.id, id));
}

/** Who hosts with the organizer, replaced as a whole. */
export async function setCohosts(tx: Tx, activityId: number, userIds: number[], replace: boolean): Promise<void> {
  if (replace) await tx.delete(activityCohosts).where(eq(activityCohosts.activityId, activityId));
  if (userIds.length > 0) {
    await tx.insert(activityCohosts).values(userIds.map((userId) => ({ activityId, userId })));
  }
}

// Ticket types

/** Ticket types not removed, in the organizer's order. */
export async function liveTicketTypes(db: Database | Tx, activityIds: number[]): Promise<TicketTypeRow[]> {
  if (activityIds.length === 0) return [];
  return db
    .select()
    .from(ticketTypes)
    .where(and(inArray(ticketTypes.activityId, activityIds), isNull(ticketTypes.deletedAt)))
    .orderBy(asc(ticketTypes.sort), asc(ticketTypes.id));
}

export async function ticketTypeById(db: Database | Tx, id: number): Promise<TicketTypeRow | undefined> {
  const [type] = await db.select().from(ticketTypes).where(eq(ticketTypes.id, id));
  return type;
}

export async function ticketTypeName(db: Database | Tx, id: number): Promise<string | undefined> {
  const [type] = await db.select({ name: ticketTypes.name }).from(ticketTypes).where(eq(ticketTypes.id, id));
  return type?.name;
}

const ticketTypeColumns = (plan: TicketTypePlan, sort: number) => ({
  name: plan.name,
  assetCode: plan.assetCode,
  price: plan.price.toString(),
  capacity: plan.capacity,
  salesStart: plan.salesStart,
  salesEnd: plan.salesEnd,
  hidden: plan.hidden,
  sort,
});

/** A new activity's ticket types, in their order. */
export async function insertTicketTypes(tx: Tx, activityId: number, plans: TicketTypePlan[]): Promise<void> {
  await tx.insert(ticketTypes).values(plans.map((plan, sort) => ({ activityId, ...ticketTypeColumns(plan, sort) })));
}

/** An edit's ticket types, in their order: new ones inserted, existing ones changed. */
export async function saveTicketTypes(tx: Tx, activityId: number, plans: TicketTypePlan[]): Promise<void> {
  for (const [sort, plan] of plans.entries()) {
    const values = ticketTypeColumns(plan, sort);
    if (plan.id === null) await tx.insert(ticketTypes).values({ activityId, ...values });
    else await tx.update(ticketTypes).set(values).where(eq(ticketTypes.id, plan.id));
  }
}

/** Removes a ticket type; it stays for the registrations that hold it. */
export async function removeTicketType(tx: Tx, id: number, now: Date): Promise<void> {
  await tx.update(ticketTypes).set({ deletedAt: now }).where(eq(ticketTypes.id, id));
}

// Drafts of the create/edit form

export async function findDraft(db: Database, userId: number, key: string): Promise<DraftRow | undefined> {
  const [row] = await db
    .select()
    .from(activityDrafts)
    .where(and(eq(activityDrafts.userId, userId), eq(activityDrafts.draftKey, key)));
  return row;
}

export async function saveDraft(db: Database, userId: number, key: string, data: Record<string, unknown>, now: Date) {
  await db
    .insert(activityDrafts)
    .values({ userId, draftKey: key, data, updatedAt: now })
    .onConflictDoUpdate({ target: [activityDrafts.userId, activityDrafts.draftKey], set: { data, updatedAt: now } });
}

export async function deleteDraft(db: Database | Tx, userId: number, key: string): Promise<void> {
  await db.delete(activityDrafts).where(and(eq(activityDrafts.userId, userId), eq(activityDrafts.draftKey, key)));
}

// Invitations

export async function insertInvitation(
  db: Database,
  values: { activityId: number; code: string; email: string | null; invitedBy: number; createdAt: Date },
): Promise<void> {
  await db.insert(activityInvitations).values(values);
}

export async function invitationExists(tx: Tx, activityId: number, code: string): Promise<boolean> {
  const found = await tx
    .select({ id: activityInvitations.id })
    .from(activityInvitations)
    .where(and(eq(activityInvitations.activityId, activityId), eq(activityInvitations.code, code)));
  return found.length > 0;
}

// Cover images

export async function insertImage(
  db: Database,
  values: { id: string; ownerId: number; widths: number[]; width: number; height: number; createdAt: Date },
): Promise<ImageRow> {
  const [row] = await db.insert(images).values(values).returning();
  return row!;
}

export async function imageById(db: Database, id: string): Promise<ImageRow | undefined> {
  const [row] = await db.select().from(images).where(eq(images.id, id));
  return row;
}

export async function imagesById(db: Database | Tx, ids: (string | null)[]): Promise<Map<string, ImageRow>> {
  const unique = [...new Set(ids.filter((id): id is string => !!id))];
  if (unique.length === 0) return new Map();
  const rows = await db.select().from(images).where(inArray(images.id, unique));
  return new Map(rows.map((row) => [row.id, row]));
}

// People (read only)

export interface PersonRow {
  id: number;
  uid: number;
  name: string;
  avatar: string | null;
}

/** People by id, each with the name to show: the display name, the username, or a masked email. */
export async function peopleById(db: Database | Tx, ids: number[]): Promise<Map<number, PersonRow>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .select({
      id: publicUsers.id,
      uid: publicUsers.uid,
      name: publicUsers.displayName,
      avatar: publicUsers.avatar,
    })
    .from(publicUsers)
    .where(inArray(publicUsers.id, unique));
  return new Map(rows.map((row) => [row.id, row]));
}

export async function profileNames(db: Database, userId: number) {
  const [profile] = await db
    .select({ uname: publicUsers.uname, openName: publicUsers.openName })
    .from(publicUsers)
    .where(eq(publicUsers.id, userId));
  return profile;
}

/** Users by their public uid. */
export function usersByUid(db: Database, uids: number[]): Promise<{ id: number; uid: number }[]> {
  return db
    .select({ id: publicUsers.id, uid: publicUsers.uid })
    .from(publicUsers)
    .where(inArray(publicUsers.uid, uids));
}

/** Decimals of every asset, for formatting and parsing prices. */
export async function assetDecimals(db: Database | Tx): Promise<Map<string, number>> {
  const rows = await query<{ code: string; decimals: number }>(db, sql`select code, decimals from public_assets`);
  return new Map(rows.rows.map((row) => [row.code, Number(row.decimals)]));
}

/** Published activities past their end and not settled yet, counted up to `limit`: a bounded query on the due index, for the backlog metric (docs/jobs.md). */
export async function countEndedUnsettled(db: Database, now: Date, limit: number): Promise<number> {
  const { rows } = await query<{ n: number }>(
    db,
    sql`select count(*)::int as n from (select 1 from activities where status = 'published' and settled_at is null and ends_at <= ${now.toISOString()}::timestamptz limit ${limit}) due`,
  );
  return Number(rows[0]?.n ?? 0);
}

/** What an activity's own money (its refunds, its organizer's earnings) moved for, by activity id. */
export async function activityPurposes(tx: Tx, ids: number[]) {
  const rows = await tx
    .select({ id: activities.id, code: activities.code, title: activities.title })
    .from(activities)
    .where(inArray(activities.id, ids));
  return new Map(rows.map((row) => [row.id, { type: 'activity' as const, id: row.code, title: row.title }]));
}
