import { and, eq, type SQL, sql } from 'drizzle-orm';
import { type Database, query } from '../../db/client.ts';
import { calendarEntries, calendarFeeds } from '../../db/schema/index.ts';
import type { Range } from '../../platform/zoned-time.ts';

/**
 * The calendar module's SQL: own entries and feed tokens, and (read only) the activities a user hosts or
 * joined, which the calendar shows beside them.
 */

export type EntryRow = typeof calendarEntries.$inferSelect;

/** An activity as the calendar reads it. */
export interface ActivityItemRow {
  code: string;
  title: string;
  starts_at: string | Date;
  ends_at: string | Date;
  timezone: string;
  city: string | null;
  address: string | null;
  online: boolean;
  status: string;
  /** The revision its invitations carry (SEQUENCE), so a feed's event and a mailed invite stay one event. */
  calendar_sequence: number;
  updated_at: string | Date;
}

const itemColumns = sql`a.code, a.title, a.starts_at, a.ends_at, a.timezone, a.city, a.address, a.online, a.status,
  a.calendar_sequence, a.updated_at`;

/** Rows whose time span overlaps the range; an open end is unbounded. */
function overlaps(range: Partial<Range>, start: string, end: string): SQL {
  const from = range.from?.toISOString() ?? null;
  const to = range.to?.toISOString() ?? null;
  return sql.join(
    [
      from ? sql`${sql.raw(end)} > ${from}::timestamptz` : sql`true`,
      to ? sql`${sql.raw(start)} < ${to}::timestamptz` : sql`true`,
    ],
    sql` and `,
  );
}

/** Activities the user organizes or co-hosts (drafts included), soonest first. */
export async function hostedActivities(db: Database, userId: number, range: Partial<Range>, limit: number) {
  const found = await query<ActivityItemRow>(
    db,
    sql`select ${itemColumns}
        from public_activities a
        where (a.organizer_id = ${userId}
               or exists (select 1 from public_activity_cohosts c where c.activity_id = a.id and c.user_id = ${userId}))
          and ${overlaps(range, 'a.starts_at', 'a.ends_at')}
        order by a.starts_at limit ${limit}`,
  );
  return found.rows;
}

/** Activities (not drafts) the user holds a live place at, with the place's status, soonest first. */
export async function joinedActivities(db: Database, userId: number, range: Partial<Range>, limit: number) {
  const found = await query<ActivityItemRow & { registration_status: string }>(
    db,
    sql`select ${itemColumns}, r.status as registration_status
        from activity_attendance r join public_activities a on a.id = r.activity_id
        where r.user_id = ${userId} and r.status in ('pending', 'approved', 'waitlisted')
          and a.status <> 'draft' and ${overlaps(range, 'a.starts_at', 'a.ends_at')}
        order by a.starts_at limit ${limit}`,
  );
  return found.rows;
}

/** Whose public calendar: the activities a person organizes or co-hosts, or those in a city. */
export type PublicFeedOf = { hostId: number } | { city: string };

/**
 * Public activities (published or cancelled, listed publicly; never a draft or an unlisted one) of a host or a
 * city that end after `from`, soonest first. A cancelled one stays, so a subscribed calendar learns of it.
 */
export async function publicFeedActivities(db: Database, of: PublicFeedOf, from: Date, limit: number) {
  const whose =
    'hostId' in of
      ? sql`(a.organizer_id = ${of.hostId}
             or exists (select 1 from public_activity_cohosts c where c.activity_id = a.id and c.user_id = ${of.hostId}))`
      : sql`lower(a.city) = lower(${of.city})`;
  const found = await query<ActivityItemRow>(
    db,
    sql`select ${itemColumns}
        from public_activities a
        where ${whose} and a.visibility = 'public' and a.status in ('published', 'cancelled')
          and a.ends_at > ${from.toISOString()}::timestamptz
        order by a.starts_at, a.code limit ${limit}`,
  );
  return found.rows;
}

export async function ownEntries(db: Database, userId: number, range: Partial<Range>, limit: number) {
  const found = await query<{
    id: string;
    title: string;
    starts_at: string | Date;
    ends_at: string | Date;
    timezone: string;
    location: string | null;
    note: string | null;
  }>(
    db,
    sql`select id::text, title, starts_at, ends_at, timezone, location, note from calendar_entries e
        where user_id = ${userId} and ${overlaps(range, 'e.starts_at', 'e.ends_at')}
        order by starts_at limit ${limit}`,
  );
  return found.rows;
}

export interface EntryValues {
  title: string;
  startsAt: Date;
  endsAt: Date;
  timezone: string;
  location: string | null;
  note: string | null;
}

export async function insertEntry(db: Database, userId: number, values: EntryValues, now: Date): Promise<EntryRow> {
  const [row] = await db
    .insert(calendarEntries)
    .values({ userId, ...values, createdAt: now, updatedAt: now })
    .returning();
  return row!;
}

/** Changes one of the user's own entries; undefined when they have none with that id. */
export async function updateEntry(
  db: Database,
  userId: number,
  id: number,
  values: EntryValues,
  now: Date,
): Promise<EntryRow | undefined> {
  const [row] = await db
    .update(calendarEntries)
    .set({ ...values, updatedAt: now })
    .where(and(eq(calendarEntries.id, id), eq(calendarEntries.userId, userId)))
    .returning();
  return row;
}

/** Deletes one of the user's own entries; false when they have none with that id. */
export async function deleteEntry(db: Database, userId: number, id: number): Promise<boolean> {
  const deleted = await db
    .delete(calendarEntries)
    .where(and(eq(calendarEntries.id, id), eq(calendarEntries.userId, userId)))
    .returning({ id: calendarEntries.id });
  return deleted.length > 0;
}

/** The user's feed token: kept as it is, or (reset) replaced by `token`. */
export async function feedToken(
  db: Database,
  userId: number,
  token: string,
  options: { reset: boolean; now: Date },
): Promise<string> {
  const values = { userId, token, createdAt: options.now };
  if (options.reset) {
    await db
      .insert(calendarFeeds)
      .values(values)
      .onConflictDoUpdate({ target: calendarFeeds.userId, set: { token, createdAt: options.now } });
  } else {
    await db.insert(calendarFeeds).values(values).onConflictDoNothing();
  }
  const [row] = await db.select().from(calendarFeeds).where(eq(calendarFeeds.userId, userId));
  return row!.token;
}

export async function feedOwnerOf(db: Database, token: string): Promise<number | undefined> {
  const [row] = await db.select().from(calendarFeeds).where(eq(calendarFeeds.token, token));
  return row?.userId;
}

/** A person as a public calendar names them: by uid (never a deleted account). */
export async function hostByUid(db: Database, uid: number) {
  const found = await query<{ id: number; uid: number; name: string }>(
    db,
    sql`select id::int, uid::bigint as uid, name from public_users where uid = ${uid} and deleted_at is null`,
  );
  const row = found.rows[0];
  return row ? { id: Number(row.id), uid: Number(row.uid), name: row.name } : undefined;
}

/** A person's uid (for the links to their public calendar). */
export async function uidOfUser(db: Database, userId: number): Promise<number | undefined> {
  const found = await query<{ uid: string | number }>(db, sql`select uid from public_users where id = ${userId}`);
  return found.rows[0] ? Number(found.rows[0].uid) : undefined;
}
