import { type CALENDAR_FILTERS, type CalendarItem, type Language, Status } from '@polaris/contract';
import type { Database } from '../../db/client.ts';
import { AppError, FieldsError } from '../../platform/errors.ts';
import { renderCalendar } from '../../platform/ics.ts';
import type { Links } from '../../platform/links.ts';
import { randomToken } from '../../platform/secrets.ts';
import { monthRange, type Range } from '../../platform/zoned-time.ts';
import { icsEventOf, presentActivityItem, presentEntry } from './presenter.ts';
import {
  deleteEntry,
  type EntryValues,
  feedOwnerOf,
  feedToken,
  hostedActivities,
  insertEntry,
  joinedActivities,
  ownEntries,
  updateEntry,
} from './store.ts';

export interface CalendarDeps {
  db: Database;
  now: () => Date;
  links: Links;
}

export type CalendarFilter = (typeof CALENDAR_FILTERS)[number];

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

  /** An activity the user both hosts and joined shows once, as hosted. */
  async items(
    userId: number,
    range: Partial<Range>,
    filter: CalendarFilter,
    limit: number,
    language: Language = 'en',
  ): Promise<CalendarItem[]> {
    const items: CalendarItem[] = [];
    const hostedIds = new Set<string>();
    if (filter === 'all' || filter === 'hosted') {
      for (const row of await hostedActivities(this.db, userId, range, limit)) {
        hostedIds.add(row.code);
        items.push(presentActivityItem('hosted', row, row.status, language));
      }
    }
    if (filter === 'all' || filter === 'joined') {
      for (const row of await joinedActivities(this.db, userId, range, limit)) {
        if (!hostedIds.has(row.code)) items.push(presentActivityItem('joined', row, row.registration_status, language));
      }
    }
    if (filter === 'all' || filter === 'own') {
      for (const row of await ownEntries(this.db, userId, range, limit)) {
        items.push(presentEntry({ ...row, startsAt: row.starts_at, endsAt: row.ends_at }));
      }
    }
    return items.sort((a, b) => a.startsAt.localeCompare(b.startsAt) || a.id.localeCompare(b.id)).slice(0, limit);
  }

  month(userId: number, month: string, tz: string, filter: CalendarFilter, language: Language = 'en') {
    return this.items(userId, monthRange(month, tz), filter, 500, language);
  }

  list(
    userId: number,
    input: { from?: string; to?: string; filter: CalendarFilter; limit: number },
    language: Language = 'en',
  ) {
    const from = input.from ? new Date(input.from) : this.deps.now();
    const to = input.to ? new Date(input.to) : undefined;
    return this.items(userId, { from, to }, input.filter, input.limit, language);
  }

  async create(userId: number, input: EntryInput): Promise<CalendarItem> {
    return presentEntry(await insertEntry(this.db, userId, entryValues(input), this.deps.now()));
  }

  async update(userId: number, id: number, input: EntryInput): Promise<CalendarItem> {
    const row = await updateEntry(this.db, userId, id, entryValues(input), this.deps.now());
    if (!row) throw notFound();
    return presentEntry(row);
  }

  async remove(userId: number, id: number) {
    if (!(await deleteEntry(this.db, userId, id))) throw notFound();
    return {};
  }

  // Export and subscription

  async feedUrl(userId: number, reset = false) {
    const token = await feedToken(this.db, userId, randomToken(24), { reset, now: this.deps.now() });
    const url = this.deps.links.calendarFeed(token);
    return { url, webcalUrl: url.replace(/^https?:/, 'webcal:') };
  }

  /** The user a feed token belongs to; a reset token is not found. */
  async feedOwner(token: string): Promise<number> {
    const userId = /^[A-Za-z0-9_-]{20,64}$/.test(token) ? await feedOwnerOf(this.db, token) : undefined;
    if (userId === undefined) throw notFound();
    return userId;
  }

  async ics(userId: number): Promise<string> {
    const now = this.deps.now();
    const items = await this.items(userId, { from: new Date(now.getTime() - FEED_HISTORY_MS) }, 'all', 1000);
    return renderCalendar(
      'Polaris',
      items.map((item) => icsEventOf(item, this.deps.links, now)),
    );
  }
}

/** An entry's columns; its end must come after its start. */
function entryValues(input: EntryInput): EntryValues {
  if (new Date(input.endsAt) <= new Date(input.startsAt)) {
    throw new FieldsError([{ field: 'endsAt', messageKey: 'activity.endBeforeStart' }]);
  }
  return {
    title: input.title,
    startsAt: new Date(input.startsAt),
    endsAt: new Date(input.endsAt),
    timezone: input.timezone,
    location: input.location ?? null,
    note: input.note ?? null,
  };
}
