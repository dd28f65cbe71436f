import { ACTIVITY_CATEGORIES, type Activity, type ActivitySummary, type HostingGroup } from '@polaris/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import type { Links } from '../../platform/links.ts';
import { canonicalCity, cityNames, matchCity } from '../../platform/places/cities.ts';
import {
  type ActivityRow,
  assetDecimals,
  codesById,
  idByCode,
  imagesById,
  liveTicketTypes,
  peopleById,
} from './activities.store.ts';
import {
  countByCategory,
  countByCity,
  countHosting,
  hostingSection,
  type ListFilter,
  listSection,
  mineSection,
  type SummaryRow,
  summaryRows,
  venuesMatching,
} from './discovery.store.ts';
import { createDiscoveryCache, type DiscoveryCache } from './discovery-cache.ts';
import { canManage } from './policy.ts';
import { presentActivity, presentHostedRow, presentSummary, presentSummaryRow } from './presenter.ts';
import { latestRegistrationOf, seatCounts } from './registrations.store.ts';
import { phaseOf } from './rules.ts';
import { registrationView, visibleActivity } from './service.ts';

export interface DiscoveryDeps {
  db: Database;
  now: () => Date;
  links: Links;
  log: FastifyBaseLogger;
  /** Anonymous discovery reads; without one, every read asks the database. */
  cache?: DiscoveryCache;
}

/** Items in each of explore's lists. */
const EXPLORE_SECTION = 10;

/**
 * Reading activities: one activity's page for a caller, and the lists people find activities in (by city,
 * category, time, price, search; explore; the user's own).
 */
export class DiscoveryService {
  private readonly cache: DiscoveryCache;

  constructor(private readonly deps: DiscoveryDeps) {
    this.cache = deps.cache ?? createDiscoveryCache({ ttlMs: 0, now: deps.now, scope: 'local', log: deps.log });
  }

  private get db() {
    return this.deps.db;
  }

  /** An activity's row id by its public code (other modules key their rows by id). */
  idByCode(code: string) {
    return idByCode(this.db, code);
  }

  /** The public codes of activities by id (other modules link to activities by code). */
  codesById(ids: number[]) {
    return codesById(this.db, ids);
  }

  /** One activity with the caller's registration and what they may do; someone else's draft is not found. */
  async detail(code: string, userId: number | null): Promise<Activity> {
    const activity = await visibleActivity(this.db, code, userId);
    const row = activity.row;
    const now = this.deps.now();
    const [types, counts, decimals, people, covers] = await Promise.all([
      liveTicketTypes(this.db, [row.id]),
      seatCounts(this.db, [row.id]),
      assetDecimals(this.db),
      peopleById(this.db, [row.organizerId, ...activity.cohostIds]),
      imagesById(this.db, [row.coverImageId]),
    ]);
    const mine = userId !== null ? await this.myRegistration(row, userId, decimals) : null;
    // A hidden type shows to hosts and to its holder; anyone else sees it only through a promo code's check.
    const shown = types.filter(
      (type) => !type.hidden || canManage(activity, userId) || mine?.ticketType.id === String(type.id),
    );
    return presentActivity(this.deps.links, activity, {
      types: shown,
      counts: counts.get(row.id)!,
      decimals,
      people,
      cover: covers.get(row.coverImageId ?? ''),
      mine,
      viewerId: userId,
      now,
    });
  }

  /** The caller's newest registration for an activity, live or not. */
  private async myRegistration(row: ActivityRow, userId: number, decimals: Map<string, number>) {
    const mine = await latestRegistrationOf(this.db, row.id, userId);
    if (!mine) return null;
    return registrationView(this.db, row, mine, decimals);
  }

  /** Summaries for a page of activity rows, in their order. */
  async summaries(rows: ActivityRow[]): Promise<ActivitySummary[]> {
    const ids = rows.map((row) => row.id);
    const now = this.deps.now();
    const [types, counts, decimals, covers] = await Promise.all([
      liveTicketTypes(this.db, ids),
      seatCounts(this.db, ids),
      assetDecimals(this.db),
      imagesById(
        this.db,
        rows.map((row) => row.coverImageId),
      ),
    ]);
    return rows.map((row) =>
      presentSummary(
        this.deps.links,
        row,
        types.filter((type) => type.activityId === row.id && !type.hidden),
        counts.get(row.id),
        covers.get(row.coverImageId ?? ''),
        decimals,
        phaseOf(row, now),
      ),
    );
  }

  /** Public, published activities that have not ended, soonest first, by cursor. */
  list(input: ListFilter): Promise<{ items: ActivitySummary[]; nextCursor: string | null }> {
    // A city is filed by its catalogue id: "台北", "臺北" and "Taipei" list the same activities.
    const filter: ListFilter = {
      ...input,
      city: input.city ? canonicalCity(input.city) : undefined,
      qCity: input.q ? matchCity(input.q)?.id : undefined,
    };
    return this.cache.read(`list:${JSON.stringify(filter)}`, async () => {
      const now = this.deps.now();
      const found = await summaryRows(this.db, [listSection('list', filter, now)]);
      return this.pageOf(found.get('list')!, filter.limit, now);
    });
  }

  categories(typed?: string) {
    const city = typed ? canonicalCity(typed) : undefined;
    return this.cache.read(`categories:${city ?? ''}`, () => this.countCategories(city));
  }

  private async countCategories(city: string | undefined) {
    const counts = await countByCategory(this.db, city, this.deps.now());
    return ACTIVITY_CATEGORIES.map((category) => ({ category, count: counts.get(category) ?? 0 }));
  }

  /** Cities with upcoming public activities, busiest first, with their names in the three languages. */
  cities() {
    return this.cache.read('cities', async () =>
      (await countByCity(this.db, this.deps.now())).map((row) => ({ ...row, cityNames: cityNames(row.city) })),
    );
  }

  /** Venues of public activities whose address contains `q` (the places module's local gazetteer reads them). */
  venues(q: string, limit: number) {
    return venuesMatching(this.db, q, limit);
  }

  /** Three short lists in one statement, and the category counts. */
  explore(typed: string | undefined, tz: string) {
    const city = typed ? canonicalCity(typed) : undefined;
    return this.cache.read(`explore:${JSON.stringify([city, tz])}`, async () => {
      const now = this.deps.now();
      const base = { city, tz, limit: EXPLORE_SECTION };
      const [sections, categories] = await Promise.all([
        summaryRows(this.db, [
          listSection('featured', { ...base, featured: true }, now),
          listSection('thisWeek', { ...base, when: 'week' }, now),
          listSection('free', { ...base, free: true }, now),
        ]),
        this.countCategories(city),
      ]);
      const items = (name: string) =>
        sections
          .get(name)!
          .slice(0, EXPLORE_SECTION)
          .map((row) => presentSummaryRow(this.deps.links, now, row).summary);
      return { featured: items('featured'), thisWeek: items('thisWeek'), free: items('free'), categories };
    });
  }

  /** Activities the user joined (any live or checked-in ticket) or hosts (organizer or co-host, drafts too). */
  async mine(
    userId: number,
    input: { role: 'joined' | 'hosted'; when: 'upcoming' | 'past' | 'all'; cursor?: string; limit: number },
  ) {
    const now = this.deps.now();
    const found = await summaryRows(this.db, [mineSection(userId, input, now)]);
    return this.pageOf(found.get('mine')!, input.limit, now);
  }

  /**
   * One group of the activities the user hosts (organizer or co-host), each with the user's part, and how many
   * each group holds: two statements, whatever the page size.
   */
  async hosting(userId: number, input: { group: HostingGroup; cursor?: string; limit: number }) {
    const now = this.deps.now();
    const [found, counts] = await Promise.all([
      summaryRows(this.db, [hostingSection(userId, input, now)]),
      countHosting(this.db, userId, now),
    ]);
    const rows = found.get('hosting')!;
    const page = rows.slice(0, input.limit).map((row) => presentHostedRow(this.deps.links, now, row, userId));
    return {
      items: page.map((item) => item.summary),
      nextCursor: rows.length > input.limit ? (page[page.length - 1]?.cursor ?? null) : null,
      counts,
    };
  }

  /** A page of `limit` items out of `limit + 1` read, with the cursor of its last item when more follow. */
  private pageOf(found: SummaryRow[], limit: number, now: Date) {
    const page = found.slice(0, limit).map((row) => presentSummaryRow(this.deps.links, now, row));
    return {
      items: page.map((item) => item.summary),
      nextCursor: found.length > limit ? (page[page.length - 1]?.cursor ?? null) : null,
    };
  }
}
