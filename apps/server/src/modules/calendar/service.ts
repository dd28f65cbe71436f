import { Status } from '@polaris/contract';
import { and, eq, sql } from 'drizzle-orm';
import { type Database, query } from '../../db/client.ts';
import { calendarEntries, calendarFeeds } from '../../db/schema/index.ts';
import { AppError, FieldsError } from '../../platform/errors.ts';
import type { Links } from '../../platform/links.ts';
import { randomToken } from '../../platform/secrets.ts';
import { monthRange, type Range } from '../../platform/zoned-time.ts';
import { type IcsEvent, renderCalendar } from './ics.ts';

export interface CalendarDeps {
  db: Database;
  now: () => Date;
  links: Links;
}

export type CalendarFilter = 'all' | 'joined' | 'hosted' | 'own';

export interface CalendarItem {
  kind: 'joined' | 'hosted' | 'own';
  id: string;
  title: string;
  startsAt: string;
  endsAt: string;
  timezone: string;
  location: string | null;
  note: string | null;
  status: string | null;
}

interface EntryInput {
  title: string;
  startsAt: string;
  endsAt: string;
  timezone: string;
  location?: string | null;
  note?: string | null;
}

/** How far back the .ics export and feed reach. */
const FEED_HISTORY_MS = 365 * 86_400_000;

const notFound = () => new AppError(Status.notFound, 'http.404');

/**
 * The personal calendar: activities the user joined (a live registration) or hosts (organizer or co-host),
 * plus their own entries; by month or as a list, and as iCalendar for export and subscription.
 */
export class CalendarService {
  constructor(private readonly deps: CalendarDeps) {}

  private get db() {
    return this.deps.db;
  }

  async items(userId: number, range: Partial<Range>, filter: CalendarFilter, limit: number): Promise<CalendarItem[]> {
    const from = range.from?.toISOString() ?? null;
    const to = range.to?.toISOString() ?? null;
    const overlaps = (start: string, end: string) =>
      sql.join(
        [
          from ? sql`${sql.raw(end)} > ${from}::timestamptz` : sql`true`,
          to ? sql`${sql.raw(start)} < ${to}::timestamptz` : sql`true`,
        ],
        sql` and `,
      );
    const items: CalendarItem[] = [];
    const hostedIds = new Set<string>();
    if (filter === 'all' || filter === 'hosted') {
      const hosted = await query<ActivityItemRow>(
        this.db,
        sql`select a.code, a.title, a.starts_at, a.ends_at, a.timezone, a.city, a.address, a.online_url, a.status
            from activities a
            where (a.organizer_id = ${userId}
                   or exists (select 1 from activity_cohosts c where c.activity_id = a.id and c.user_id = ${userId}))
              and ${overlaps('a.starts_at', 'a.ends_at')}
            order by a.starts_at limit ${limit}`,
      );
      for (const row of hosted.rows) {
        hostedIds.add(row.code);
        items.push(activityItem('hosted', row, row.status));
      }
    }
    if (filter === 'all' || filter === 'joined') {
      const joined = await query<ActivityItemRow & { registration_status: string }>(
        this.db,
        sql`select a.code, a.title, a.starts_at, a.ends_at, a.timezone, a.city, a.address, a.online_url, a.status,
                   r.status as registration_status
            from registrations r join activities a on a.id = r.activity_id
            where r.user_id = ${userId} and r.status in ('pending', 'approved', 'waitlisted')
              and a.status <> 'draft' and ${overlaps('a.starts_at', 'a.ends_at')}
            order by a.starts_at limit ${limit}`,
      );
      for (const row of joined.rows) {
        if (!hostedIds.has(row.code)) items.push(activityItem('joined', row, row.registration_status));
      }
    }
    if (filter === 'all' || filter === 'own') {
      const own = await query<{
        id: string;
        title: string;
        starts_at: string | Date;
        ends_at: string | Date;
        timezone: string;
        location: string | null;
        note: string | null;
      }>(
        this.db,
        sql`select id::text, title, starts_at, ends_at, timezone, location, note from calendar_entries e
            where user_id = ${userId} and ${overlaps('e.starts_at', 'e.ends_at')}
            order by starts_at limit ${limit}`,
      );
      for (const row of own.rows) {
        items.push({
          kind: 'own',
          id: row.id,
          title: row.title,
          startsAt: new Date(row.starts_at).toISOString(),
          endsAt: new Date(row.ends_at).toISOString(),
          timezone: row.timezone,
          location: row.location,
          note: row.note,
          status: null,
        });
      }
    }
    return items.sort((a, b) => a.startsAt.localeCompare(b.startsAt) || a.id.localeCompare(b.id)).slice(0, limit);
  }

  month(userId: number, month: string, tz: string, filter: CalendarFilter) {
    return this.items(userId, monthRange(month, tz), filter, 500);
  }

  list(userId: number, input: { from?: string; to?: string; filter: CalendarFilter; limit: number }) {
    const from = input.from ? new Date(input.from) : this.deps.now();
    const to = input.to ? new Date(input.to) : undefined;
    return this.items(userId, { from, to }, input.filter, input.limit);
  }

  private check(input: EntryInput) {
    if (new Date(input.endsAt) <= new Date(input.startsAt)) {
      throw new FieldsError([{ field: 'endsAt', messageKey: 'activity.endBeforeStart' }]);
    }
  }

  async create(userId: number, input: EntryInput): Promise<CalendarItem> {
    this.check(input);
    const now = this.deps.now();
    const [row] = await this.db
      .insert(calendarEntries)
      .values({ userId, ...this.values(input), createdAt: now, updatedAt: now })
      .returning();
    return entryItem(row!);
  }

  async update(userId: number, id: number, input: EntryInput): Promise<CalendarItem> {
    this.check(input);
    const [row] = await this.db
      .update(calendarEntries)
      .set({ ...this.values(input), updatedAt: this.deps.now() })
      .where(and(eq(calendarEntries.id, id), eq(calendarEntries.userId, userId)))
      .returning();
    if (!row) throw notFound();
    return entryItem(row);
  }

  async remove(userId: number, id: number) {
    const deleted = await this.db
      .delete(calendarEntries)
      .where(and(eq(calendarEntries.id, id), eq(calendarEntries.userId, userId)))
      .returning({ id: calendarEntries.id });
    if (deleted.length === 0) throw notFound();
    return {};
  }

  private values(input: EntryInput) {
    return {
      title: input.title,
      startsAt: new Date(input.startsAt),
      endsAt: new Date(input.endsAt),
      timezone: input.timezone,
      location: input.location ?? null,
      note: input.note ?? null,
    };
  }

  // Export and subscription

  async feedUrl(userId: number, reset = false) {
    const token = randomToken(24);
    if (reset) {
      await this.db
        .insert(calendarFeeds)
        .values({ userId, token, createdAt: this.deps.now() })
        .onConflictDoUpdate({ target: calendarFeeds.userId, set: { token, createdAt: this.deps.now() } });
    } else {
      await this.db.insert(calendarFeeds).values({ userId, token, createdAt: this.deps.now() }).onConflictDoNothing();
    }
    const [row] = await this.db.select().from(calendarFeeds).where(eq(calendarFeeds.userId, userId));
    const url = this.deps.links.calendarFeed(row!.token);
    return { url, webcalUrl: url.replace(/^https?:/, 'webcal:') };
  }

  /** The user a feed token belongs to; a reset token is not found. */
  async feedOwner(token: string): Promise<number> {
    const [row] = /^[A-Za-z0-9_-]{20,64}$/.test(token)
      ? await this.db.select().from(calendarFeeds).where(eq(calendarFeeds.token, token))
      : [];
    if (!row) throw notFound();
    return row.userId;
  }

  async ics(userId: number): Promise<string> {
    const now = this.deps.now();
    const items = await this.items(userId, { from: new Date(now.getTime() - FEED_HISTORY_MS) }, 'all', 1000);
    const events: IcsEvent[] = items.map((item) => ({
      uid: item.kind === 'own' ? `entry-${item.id}@polaris` : `activity-${item.id}@polaris`,
      title: item.title,
      startsAt: new Date(item.startsAt),
      endsAt: new Date(item.endsAt),
      location: item.location,
      description: item.note,
      url: item.kind === 'own' ? null : this.deps.links.activity(item.id),
      status:
        item.status === 'cancelled'
          ? 'CANCELLED'
          : item.status === 'pending' || item.status === 'waitlisted' || item.status === 'draft'
            ? 'TENTATIVE'
            : 'CONFIRMED',
      updatedAt: now,
    }));
    return renderCalendar('Polaris', events);
  }
}

interface ActivityItemRow {
  code: string;
  title: string;
  starts_at: string | Date;
  ends_at: string | Date;
  timezone: string;
  city: string | null;
  address: string | null;
  online_url: string | null;
  status: string;
}

function activityItem(kind: 'joined' | 'hosted', row: ActivityItemRow, status: string): CalendarItem {
  const place = [row.address, row.city].filter(Boolean).join(', ');
  return {
    kind,
    id: row.code,
    title: row.title,
    startsAt: new Date(row.starts_at).toISOString(),
    endsAt: new Date(row.ends_at).toISOString(),
    timezone: row.timezone,
    location: place || (row.online_url ? 'Online' : null),
    note: null,
    status,
  };
}

function entryItem(row: typeof calendarEntries.$inferSelect): CalendarItem {
  return {
    kind: 'own',
    id: String(row.id),
    title: row.title,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    timezone: row.timezone,
    location: row.location,
    note: row.note,
    status: null,
  };
}
