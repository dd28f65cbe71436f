import type { REGISTRATION_STATUSES, RefundRightReason } from '@polaris/contract';
import { and, asc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import { type Database, query, type Tx } from '../../db/client.ts';
import { activities, registrations, ticketTypes } from '../../db/schema/index.ts';
import type { ActivityRow, TicketTypeRow } from './activities.store.ts';

/**
 * The SQL of registrations: a person's place at an activity, which is also their ticket. Writes that change
 * seats or ticket money run in a transaction that holds the activity's lock (`lockActivity`) first.
 */

export type RegistrationRow = typeof registrations.$inferSelect;
export type AttendeeFilter = (typeof REGISTRATION_STATUSES)[number] | 'checkedIn';

const LIVE = ['pending', 'approved', 'waitlisted'];
const live = inArray(registrations.status, LIVE);

// Seats and the waitlist

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

/** 1 for the next person to be promoted. */
export async function waitlistPosition(db: Database | Tx, activityId: number, registrationId: number) {
  const ahead = await query<{ n: string }>(
    db,
    sql`select count(*)::text as n from registrations
        where activity_id = ${activityId} and status = 'waitlisted' and id < ${registrationId}`,
  );
  return Number(ahead.rows[0]?.n ?? 0) + 1;
}

/** The waitlist in sign-up order, each place with its ticket type. */
export function waitlist(
  tx: Tx,
  activityId: number,
): Promise<{ registration: RegistrationRow; type: TicketTypeRow }[]> {
  return tx
    .select({ registration: registrations, type: ticketTypes })
    .from(registrations)
    .innerJoin(ticketTypes, eq(ticketTypes.id, registrations.ticketTypeId))
    .where(and(eq(registrations.activityId, activityId), eq(registrations.status, 'waitlisted')))
    .orderBy(asc(registrations.id));
}

/** Published activities, not ended, with someone on the waitlist. */
export async function activitiesWithWaitlist(db: Database, now: Date, limit: number): Promise<number[]> {
  const waiting = await query<{ id: string }>(
    db,
    sql`select distinct a.id from activities a join registrations r on r.activity_id = a.id and r.status = 'waitlisted'
        where a.status = 'published' and a.ends_at > ${now.toISOString()}::timestamptz limit ${limit}`,
  );
  return waiting.rows.map((row) => Number(row.id));
}

/** How many places hold each ticket type's price (live, or paid into escrow). */
export async function heldByTicketType(tx: Tx, activityId: number): Promise<Map<number, number>> {
  const held = await query<{ ticket_type_id: string; n: string }>(
    tx,
    sql`select ticket_type_id, count(*)::text as n from registrations
        where activity_id = ${activityId} and (status in ('pending', 'approved', 'waitlisted') or payment_state = 'escrow')
        group by ticket_type_id`,
  );
  return new Map(held.rows.map((row) => [Number(row.ticket_type_id), Number(row.n)]));
}

// Finding places

/** The user's live place at an activity, if any. */
export async function liveRegistrationOf(
  db: Database | Tx,
  activityId: number,
  userId: number,
): Promise<RegistrationRow | undefined> {
  const [row] = await db
    .select()
    .from(registrations)
    .where(and(eq(registrations.activityId, activityId), eq(registrations.userId, userId), live));
  return row;
}

/** The user's newest place at an activity, live or not. */
export async function latestRegistrationOf(
  db: Database,
  activityId: number,
  userId: number,
): Promise<RegistrationRow | undefined> {
  const [row] = await db
    .select()
    .from(registrations)
    .where(and(eq(registrations.activityId, activityId), eq(registrations.userId, userId)))
    .orderBy(sql`${registrations.id} desc`)
    .limit(1);
  return row;
}

export async function registrationByCode(
  db: Database,
  activityId: number,
  code: string,
): Promise<RegistrationRow | undefined> {
  const [row] = await db
    .select()
    .from(registrations)
    .where(and(eq(registrations.code, code), eq(registrations.activityId, activityId)));
  return row;
}

export async function registrationById(tx: Tx, id: number): Promise<RegistrationRow | undefined> {
  const [row] = await tx.select().from(registrations).where(eq(registrations.id, id));
  return row;
}

/** The live places of these users at an activity, locked. */
export function lockLiveRegistrations(tx: Tx, activityId: number, userIds: number[]): Promise<RegistrationRow[]> {
  return tx
    .select()
    .from(registrations)
    .where(and(eq(registrations.activityId, activityId), inArray(registrations.userId, userIds), live))
    .for('update');
}

/** One place of an activity by id, locked; undefined when the activity has no such place. */
export async function lockRegistration(
  tx: Tx,
  activityId: number,
  registrationId: number,
): Promise<RegistrationRow | undefined> {
  const [row] = await tx
    .select()
    .from(registrations)
    .where(and(eq(registrations.id, registrationId), eq(registrations.activityId, activityId)))
    .for('update');
  return row;
}

/** Every place of an activity, live or not, locked, in id order. */
export function lockAllRegistrations(tx: Tx, activityId: number): Promise<RegistrationRow[]> {
  return tx
    .select()
    .from(registrations)
    .where(eq(registrations.activityId, activityId))
    .orderBy(asc(registrations.id))
    .for('update');
}

// Writing places

export async function insertRegistration(
  tx: Tx,
  values: {
    activityId: number;
    ticketTypeId: number;
    userId: number;
    status: string;
    code: string;
    assetCode: string | null;
    price: string;
    discount: string;
    promoCodeId: number | null;
    promoUseClaimed: boolean;
    answers: Record<string, string>;
    inviteCode: string | null;
    language: string | null;
    createdAt: Date;
    updatedAt: Date;
    approvedAt: Date | null;
  },
): Promise<RegistrationRow> {
  const [created] = await tx.insert(registrations).values(values).returning();
  return created!;
}

/** Any change to a place; the columns not named stay as they are. */
export async function updateRegistration(
  tx: Tx,
  id: number,
  values: Partial<
    Pick<
      RegistrationRow,
      | 'status'
      | 'paymentState'
      | 'paid'
      | 'refunded'
      | 'note'
      | 'approvedAt'
      | 'cancelledAt'
      | 'userId'
      | 'transferredFrom'
      | 'code'
      | 'language'
      | 'nftAddress'
      | 'promoUseClaimed'
    >
  > & { updatedAt: Date },
): Promise<RegistrationRow> {
  const [row] = await tx.update(registrations).set(values).where(eq(registrations.id, id)).returning();
  return row!;
}

/**
 * The start or venue changed: every live paid place (escrowed or held) may be cancelled for a full refund until
 * `until`, the new start.
 */
export async function grantFullRefundRight(
  tx: Tx,
  activityId: number,
  right: { until: Date; reason: RefundRightReason; now: Date },
): Promise<void> {
  await tx
    .update(registrations)
    .set({ fullRefundUntil: right.until, fullRefundReason: right.reason, updatedAt: right.now })
    .where(
      and(
        eq(registrations.activityId, activityId),
        live,
        gt(registrations.paid, '0'),
        inArray(registrations.paymentState, ['escrow', 'frozen']),
      ),
    );
}

// Check-in

/**
 * Checks in an approved place not checked in yet, as of `at` (the scan's time); undefined when it is not (so of
 * two scans one wins).
 */
export async function markCheckedIn(
  tx: Tx,
  id: number,
  actorId: number,
  at: Date,
  now: Date,
): Promise<RegistrationRow | undefined> {
  const [done] = await tx
    .update(registrations)
    .set({ checkedInAt: at, checkedInBy: actorId, updatedAt: now })
    .where(and(eq(registrations.id, id), eq(registrations.status, 'approved'), isNull(registrations.checkedInAt)))
    .returning();
  return done;
}

/** Undoes a check-in of a place at the activity; false when it was not checked in. */
export async function undoCheckIn(tx: Tx, activityId: number, registrationId: number, now: Date): Promise<boolean> {
  const [undone] = await tx
    .update(registrations)
    .set({ checkedInAt: null, checkedInBy: null, updatedAt: now })
    .where(
      and(
        eq(registrations.id, registrationId),
        eq(registrations.activityId, activityId),
        sql`${registrations.checkedInAt} is not null`,
      ),
    )
    .returning({ id: registrations.id });
  return undone !== undefined;
}

// Lists

/** A page of the user's registrations, newest first: their ids, one more than `limit` when another page follows. */
export async function ticketIds(
  db: Database,
  userId: number,
  page: { when: 'upcoming' | 'past' | 'all'; before: number | null; limit: number; now: Date },
): Promise<number[]> {
  const now = page.now.toISOString();
  const rows = await query<{ id: string }>(
    db,
    sql`select r.id from registrations r join activities a on a.id = r.activity_id
        where r.user_id = ${userId}
        ${page.when === 'upcoming' ? sql`and a.ends_at > ${now}::timestamptz` : page.when === 'past' ? sql`and a.ends_at <= ${now}::timestamptz` : sql``}
        ${page.before !== null ? sql`and r.id < ${page.before}` : sql``}
        order by r.id desc limit ${page.limit}`,
  );
  return rows.rows.map((row) => Number(row.id));
}

export async function registrationsWithActivities(
  db: Database,
  ids: number[],
): Promise<{ registration: RegistrationRow; activity: ActivityRow }[]> {
  if (ids.length === 0) return [];
  return db
    .select({ registration: registrations, activity: activities })
    .from(registrations)
    .innerJoin(activities, eq(activities.id, registrations.activityId))
    .where(inArray(registrations.id, ids));
}

/** Places by status, and whether checked in, for the organizer's overview. */
export async function registrationCounts(db: Database, activityId: number) {
  const counts = await query<{ status: string; checked: boolean; n: string }>(
    db,
    sql`select status, checked_in_at is not null as checked, count(*)::text as n from registrations
        where activity_id = ${activityId} group by status, checked_in_at is not null`,
  );
  return counts.rows.map((row) => ({ status: row.status, checked: row.checked, count: Number(row.n) }));
}

/** What ticket escrow holds for the activity, per asset, in base units. */
export async function escrowByAsset(db: Database, activityId: number) {
  const escrow = await query<{ asset_code: string; total: string }>(
    db,
    sql`select asset_code, sum(paid - refunded)::text as total from registrations
        where activity_id = ${activityId} and asset_code is not null and payment_state = 'escrow'
        group by asset_code having sum(paid - refunded) > 0 order by asset_code`,
  );
  return escrow.rows.map((row) => ({ assetCode: row.asset_code, total: BigInt(row.total) }));
}

/**
 * A page of an activity's places after `after`, in id order, each with its waitlist position when waitlisted;
 * one more than `limit` when another page follows.
 */
export async function attendeePage(
  db: Database,
  activityId: number,
  page: { status: AttendeeFilter | undefined; after: number | null; limit: number },
): Promise<{ id: number; position: number | null }[]> {
  const filter =
    page.status === 'checkedIn'
      ? sql`and r.status = 'approved' and r.checked_in_at is not null`
      : page.status
        ? sql`and r.status = ${page.status}`
        : sql``;
  const found = await query<{ id: string; position: string | null }>(
    db,
    sql`select r.id::text,
          case when r.status = 'waitlisted' then
            (select count(*) from registrations w where w.activity_id = r.activity_id and w.status = 'waitlisted' and w.id <= r.id)::text
          end as position
        from registrations r where r.activity_id = ${activityId} ${filter}
        ${page.after !== null ? sql`and r.id > ${page.after}` : sql``}
        order by r.id limit ${page.limit}`,
  );
  return found.rows.map((row) => ({ id: Number(row.id), position: row.position ? Number(row.position) : null }));
}

/** Places by id, in id order, each with its ticket type's name. */
export async function registrationsWithTypeNames(
  db: Database,
  ids: number[],
): Promise<{ registration: RegistrationRow; typeName: string }[]> {
  if (ids.length === 0) return [];
  return db
    .select({ registration: registrations, typeName: ticketTypes.name })
    .from(registrations)
    .innerJoin(ticketTypes, eq(ticketTypes.id, registrations.ticketTypeId))
    .where(sql`${registrations.id} in ${ids}`)
    .orderBy(asc(registrations.id));
}

/** What ticket money moved for (wallet/ports.ts `EntryPurpose`): the activity of each registration, by its id. */
export async function ticketPurposes(tx: Tx, registrationIds: number[]) {
  const rows = await tx
    .select({ id: registrations.id, code: activities.code, title: activities.title })
    .from(registrations)
    .innerJoin(activities, eq(activities.id, registrations.activityId))
    .where(inArray(registrations.id, registrationIds));
  return new Map(rows.map((row) => [row.id, { type: 'activity' as const, id: row.code, title: row.title }]));
}
