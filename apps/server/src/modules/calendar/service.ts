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
  hostByUid,
  hostedActivities,
  insertEntry,
  joinedActivities,
  ownEntries,
  type PublicFeedOf,
  publicFeedActivities,
  uidOfUser,
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

  /** Where the public feeds, the listing and each activity's page are. */
  get links() {
    return this.deps.links;
  }

  /** An activity the user both hosts and joined shows once, as hosted. */
  async items(
    userId: number,
    range: Partial<Range>,
    filter: CalendarFilter,
    limit: number,
    language: Language = 'en',
  ): Promise<CalendarItem[]> {
    return (await this.collect(userId, range, filter, limit, language)).map(({ item }) => item);
  }

  /** The items with each activity's revision (what a feed's SEQUENCE carries). */
  private async collect(
    userId: number,
    range: Partial<Range>,
    filter: CalendarFilter,
    limit: number,
    language: Language,
  ): Promise<{ item: CalendarItem; sequence?: number }[]> {
    const items: { item: CalendarItem; sequence?: number }[] = [];
    const hostedIds = new Set<string>();
    if (filter === 'all' || filter === 'hosted') {
      for (const row of await hostedActivities(this.db, userId, range, limit)) {
        hostedIds.add(row.code);
        items.push({
          item: presentActivityItem('hosted', row, row.status, language),
          sequence: row.calendar_sequence,
        });
      }
    }
    if (filter === 'all' || filter === 'joined') {
      for (const row of await joinedActivities(this.db, userId, range, limit)) {
        if (hostedIds.has(row.code)) continue;
        items.push({
          item: presentActivityItem('joined', row, row.registration_status, language),
          sequence: row.calendar_sequence,
        });
      }
    }
    if (filter === 'all' || filter === 'own') {
      for (const row of await ownEntries(this.db, userId, range, limit)) {
        items.push({ item: presentEntry({ ...row, startsAt: row.starts_at, endsAt: row.ends_at }) });
      }
    }
    return items
      .sort((a, b) => a.item.startsAt.localeCompare(b.item.startsAt) || a.item.id.localeCompare(b.item.id))
      .slice(0, limit);
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
    const items = await this.collect(userId, { from: new Date(now.getTime() - FEED_HISTORY_MS) }, 'all', 1000, 'en');
    return renderCalendar(
      'Polaris',
      items.map(({ item, sequence }) => icsEventOf(item, this.deps.links, now, sequence)),
    );
  }

  // Public feeds: an organizer's and a city's (public activities only, no token)

  /** An organizer's public feed and embeddable listing, to hand out. */
  async hostLinks(userId: number) {
    const uid = await uidOfUser(this.db, userId);
    if (uid === undefined) throw notFound();
    const { links } = this.deps;
    const script = links.embedScript();
    return {
      feed: publicFeed(links.organizerFeed(uid)),
      embed: {
        pageUrl: links.embedPage(uid),
        snippet: `<script src="${script}" data-organizer="${uid}" async></script>`,
      },
    };
  }

  cityFeedUrl(city: string) {
    return publicFeed(this.deps.links.cityFeed(city));
  }

  /** The person a public calendar is of, by the uid in its address; anything else is not found. */
  async host(uid: string) {
    const host = /^\d{8,15}$/.test(uid) ? await hostByUid(this.db, Number(uid)) : undefined;
    if (!host) throw notFound();
    return host;
  }

  /** Public activities of a host or a city that end after `from` (default: now), soonest first. */
  publicActivities(of: PublicFeedOf, from = this.deps.now(), limit = 1000) {
    return publicFeedActivities(this.db, of, from, limit);
  }

  /**
   * A public feed as iCalendar: the same UID and SEQUENCE as each activity's mailed invitations and the personal
   * feed, so whichever a calendar got first, the event is updated in place; a cancelled activity stays, CANCELLED.
   */
  async publicIcs(name: string, of: PublicFeedOf): Promise<string> {
    const rows = await this.publicActivities(of, new Date(this.deps.now().getTime() - FEED_HISTORY_MS));
    return renderCalendar(
      name,
      rows.map((row) =>
        icsEventOf(
          presentActivityItem('hosted', row, row.status, 'en'),
          this.deps.links,
          new Date(row.updated_at),
          row.calendar_sequence,
        ),
      ),
    );
  }
}

const publicFeed = (url: string) => ({ url, webcalUrl: url.replace(/^https?:/, 'webcal:') });

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
