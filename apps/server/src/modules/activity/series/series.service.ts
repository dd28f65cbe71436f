import {
  SERIES_LIMITS,
  type Series,
  type SeriesCreate,
  type SeriesOf,
  type SeriesPromoCreate,
  Status,
  type UpdateActivity,
} from '@polaris/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../../db/client.ts';
import { AppError, FieldsError } from '../../../platform/errors.ts';
import { zonedWallTime } from '../../../platform/zoned-time.ts';
import type { Notifier, OutboxHandlers } from '../../notifications/events.ts';
import { activityById, idByCode, liveTicketTypes, peopleById } from '../activities.store.ts';
import type { DiscoveryService } from '../discovery.service.ts';
import type { EditingService } from '../editing.service.ts';
import { activityParams, NOTICE_LINKS } from '../notices.ts';
import { canChangeCohosts } from '../policy.ts';
import type { PromoService } from '../promo.service.ts';
import { phaseOf } from '../rules.ts';
import { managedActivity, visibleActivity } from '../service.ts';
import { formatLocalDate, localStart, occurrences, weekOfMonthOf } from './recurrence.ts';
import {
  claimedIndexes,
  claimOccurrence,
  endSeries,
  followerCount,
  followerIds,
  followingOccurrences,
  insertSeries,
  linkOccurrence,
  liveSeriesIds,
  lockSeries,
  occurrenceOf,
  occurrencesEndingAfter,
  type SeriesRow,
  saveTemplate,
  seriesById,
  seriesOpenFor,
  setFollowing,
} from './series.store.ts';
import { createSeriesPromo, giveSeriesPromos } from './series-promos.ts';
import {
  changedTemplate,
  occurrenceInput,
  recurrenceOf,
  sharedChange,
  templateOf,
  ticketTypesFor,
} from './template.ts';

export interface SeriesDeps {
  db: Database;
  now: () => Date;
  editing: EditingService;
  discovery: DiscoveryService;
  promos: PromoService;
  /** The notifications module's port; without it (tests that build services by hand) nobody is told. */
  notifier?: Notifier;
  log?: FastifyBaseLogger;
  /** How often the worker runs (SERIES_POLL_MS; a minute by default). */
  pollMs?: number;
}

const DAY = 86_400_000;
/** Series the worker looks at per run. */
const SERIES_PER_RUN = 200;

const seriesNotFound = () => new AppError(Status.notFound, 'series.notFound');

/**
 * Recurring series (docs/activities.md "Recurring series"): the organizer makes an activity repeat; a worker
 * creates the occurrences that fall in the rolling window (`SERIES_LIMITS.windowDays` ahead), each through the
 * activity module's own create path and each once: its (series, index) is claimed in the transaction that creates
 * it. Followers hear of each new occurrence through the notice outbox, written in that same transaction.
 */
export class SeriesService {
  readonly pollMs: number;

  constructor(private readonly deps: SeriesDeps) {
    this.pollMs = deps.pollMs ?? 60_000;
  }

  /** The outbox handlers (registered in app-modules.ts). */
  readonly topics = {
    'activity.seriesOpened': (p: { seriesId: number; activityId: number }) => this.opened(p.seriesId, p.activityId),
  } satisfies OutboxHandlers;

  private get db() {
    return this.deps.db;
  }

  async create(userId: number, input: SeriesCreate): Promise<Series> {
    const now = this.deps.now();
    const activity = await managedActivity(this.db, input.activityId, userId, canChangeCohosts);
    const row = activity.row;
    if (row.status !== 'published' || phaseOf(row, now) !== 'upcoming') {
      throw new AppError(Status.conflict, 'series.notPublished');
    }
    if (await occurrenceOf(this.db, row.id)) throw new AppError(Status.conflict, 'series.already');
    const start = localStart(row.startsAt, row.timezone);
    if (input.until && input.until <= formatLocalDate(start.date)) {
      throw new FieldsError([{ field: 'until', messageKey: 'series.untilBeforeStart' }]);
    }
    const template = templateOf(await this.deps.discovery.detail(row.code, userId));
    const series = await this.db.transaction((tx) =>
      insertSeries(
        tx,
        {
          organizerId: row.organizerId,
          frequency: input.frequency,
          weekOfMonth: input.frequency === 'monthlyByWeekday' ? (input.weekOfMonth ?? weekOfMonthOf(start.date)) : null,
          anchorDate: formatLocalDate(start.date),
          startMinutes: start.minutes,
          durationMinutes: Math.round((row.endsAt.getTime() - row.startsAt.getTime()) / 60_000),
          timezone: row.timezone,
          untilDate: input.until ?? null,
          count: input.until ? null : (input.count ?? null),
          template,
          createdAt: now,
          updatedAt: now,
        },
        row.id,
        row.startsAt,
      ),
    );
    // The window fills at once, so the organizer sees what is coming; the worker keeps it filled after.
    await this.generate(series.id);
    return this.view(series.id, userId);
  }

  /** The worker: every live series' occurrences in the window, each created once across processes. */
  async generateDue(): Promise<{ created: number }> {
    let created = 0;
    for (const id of await liveSeriesIds(this.db, SERIES_PER_RUN)) {
      try {
        created += await this.generate(id);
      } catch (error) {
        // One series whose template no longer passes (a co-host gone, say) holds up no other.
        this.deps.log?.error({ err: error, seriesId: id }, 'series occurrence failed');
      }
    }
    return { created };
  }

  /** The occurrences of one series that fall in the window and are not claimed yet; answers how many it made. */
  async generate(seriesId: number): Promise<number> {
    const series = await seriesById(this.db, seriesId);
    if (!series || series.endedAt) return 0;
    const now = this.deps.now();
    const horizon = now.getTime() + SERIES_LIMITS.windowDays * DAY;
    const claimed = await claimedIndexes(this.db, seriesId);
    let made = 0;
    for (const occurrence of occurrences(recurrenceOf(series), (next) => next.startsAt.getTime() <= horizon)) {
      if (claimed.has(occurrence.index) || occurrence.startsAt <= now) continue;
      const code = await this.deps.editing.createOccurrence(
        { id: series.organizerId },
        occurrenceInput(series, occurrence),
        {
          // The series row is share-locked while its occurrence is made, so ending it waits for this one and
          // nothing is made after it ended.
          claim: async (tx) =>
            (await seriesOpenFor(tx, seriesId)) && claimOccurrence(tx, seriesId, occurrence.index, occurrence.startsAt),
          created: async (tx, activityId) => {
            await linkOccurrence(tx, seriesId, occurrence.index, activityId);
            await giveSeriesPromos(tx, seriesId, activityId, series.organizerId, now);
            await this.deps.notifier?.later(tx, 'activity.seriesOpened', { seriesId, activityId });
          },
        },
      );
      if (code) made++;
    }
    return made;
  }

  async view(seriesId: number, userId: number | null): Promise<Series> {
    const series = await seriesById(this.db, seriesId);
    if (!series) throw seriesNotFound();
    const now = this.deps.now();
    const upcoming = await occurrencesEndingAfter(this.db, seriesId, now);
    const organizer = (await peopleById(this.db, [series.organizerId])).get(series.organizerId);
    const { followers, following } = await followerCount(this.db, seriesId, userId);
    return {
      id: String(series.id),
      title: series.template.title,
      frequency: series.frequency as Series['frequency'],
      weekOfMonth: series.weekOfMonth,
      until: series.untilDate,
      count: series.count,
      timezone: series.timezone,
      endedAt: series.endedAt?.toISOString() ?? null,
      organizer: { uid: String(organizer?.uid ?? ''), name: organizer?.name ?? '' },
      followers,
      following,
      canManage: userId === series.organizerId,
      // Drafts and cancelled dates are the organizer's to see; others see what they can sign up for.
      upcoming: upcoming
        .filter((row) => row.status === 'published' || userId === series.organizerId)
        .map((row) => ({
          index: row.idx,
          activityId: row.code,
          startsAt: row.startsAt.toISOString(),
          endsAt: row.endsAt.toISOString(),
          status: row.status as Series['upcoming'][number]['status'],
          phase: phaseOf(row, now),
        })),
    };
  }

  /** The series an activity the caller can see is an occurrence of (null when none). */
  async of(code: string, userId: number | null): Promise<SeriesOf> {
    const activity = await visibleActivity(this.db, code, userId);
    const found = await occurrenceOf(this.db, activity.row.id);
    const series = found && (await seriesById(this.db, found.seriesId));
    if (!found || !series) return { series: null };
    return {
      series: {
        id: String(series.id),
        index: found.idx,
        title: series.template.title,
        frequency: series.frequency as Series['frequency'],
        canManage: userId === series.organizerId,
      },
    };
  }

  /** Ends the series: no occurrence is made after; those made stay (each may be cancelled on its own). */
  async end(userId: number, seriesId: number): Promise<Series> {
    const series = await this.owned(userId, seriesId);
    await endSeries(this.db, series.id, this.deps.now());
    return this.view(series.id, userId);
  }

  async follow(userId: number, seriesId: number, follow: boolean): Promise<Record<string, never>> {
    const series = await seriesById(this.db, seriesId);
    if (!series) throw seriesNotFound();
    if (follow && series.endedAt) throw new AppError(Status.conflict, 'series.ended');
    await setFollowing(this.db, seriesId, userId, follow, this.deps.now());
    return {};
  }

  /** The series, when the caller is its organizer: 404 for a missing one, 403 for someone else's. */
  async owned(userId: number, seriesId: number): Promise<SeriesRow> {
    const series = await seriesById(this.db, seriesId);
    if (!series) throw seriesNotFound();
    if (series.organizerId !== userId) throw new AppError(Status.noPermission, 'http.403');
    return series;
  }

  /**
   * "All following": the edit applies to this occurrence (first: its refusal stops everything), then to every
   * later one not yet started, each through the ordinary edit (so places are kept, a new time or venue gives
   * their holders the refund right and the notice), then to the template. Each keeps its own day in the zone,
   * at the new wall-clock time; an edit that moves this one to another day is refused. A later occurrence the
   * edit cannot apply to (capacity below its seats taken, a price change with tickets sold) is left as it was
   * and named in `skipped`.
   */
  async updateFollowing(user: { id: number }, input: UpdateActivity): Promise<{ updated: number; skipped: string[] }> {
    const activityId = await idByCode(this.db, input.id);
    const found = activityId === undefined ? undefined : await occurrenceOf(this.db, activityId);
    if (!found || activityId === undefined) throw seriesNotFound();
    const series = await this.owned(user.id, found.seriesId);
    const edited = await activityById(this.db, activityId);
    const zone = series.timezone;
    const startsAt = input.startsAt ? new Date(input.startsAt) : edited.startsAt;
    const endsAt = input.endsAt ? new Date(input.endsAt) : edited.endsAt;
    const before = localStart(edited.startsAt, zone);
    const after = localStart(startsAt, zone);
    if (formatLocalDate(before.date) !== formatLocalDate(after.date) || (input.timezone ?? zone) !== zone) {
      throw new FieldsError([{ field: 'startsAt', messageKey: 'series.dayFixed' }]);
    }
    const durationMs = endsAt.getTime() - startsAt.getTime();
    const timed = input.startsAt !== undefined || input.endsAt !== undefined;
    const editedTypes = (await liveTicketTypes(this.db, [activityId])).map((type) => String(type.id));
    await this.deps.editing.update(user, input);

    const shared = sharedChange(input);
    let updated = 1;
    const skipped: string[] = [];
    for (const later of await followingOccurrences(this.db, series.id, found.idx, this.deps.now())) {
      const laterTypes = (await liveTicketTypes(this.db, [later.activityId])).map((type) => String(type.id));
      const change: UpdateActivity = {
        ...shared,
        id: later.code,
        ticketTypes: ticketTypesFor(shared.ticketTypes, editedTypes, laterTypes),
      };
      if (timed) {
        const { date } = localStart(later.startsAt, zone);
        const start = zonedWallTime(date.year, date.month, date.day, after.minutes, zone);
        change.startsAt = start.toISOString();
        change.endsAt = new Date(start.getTime() + durationMs).toISOString();
      }
      try {
        await this.deps.editing.update(user, change);
        updated++;
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        skipped.push(later.code);
      }
    }
    await this.db.transaction(async (tx) => {
      const locked = (await lockSeries(tx, series.id))!;
      await saveTemplate(
        tx,
        series.id,
        {
          template: changedTemplate(locked.template, shared),
          startMinutes: after.minutes,
          durationMinutes: Math.round(durationMs / 60_000),
        },
        this.deps.now(),
      );
    });
    return { updated, skipped };
  }

  /** A promo code for this occurrence and every later one, made now or later (its organizer). */
  createPromo(userId: number, input: SeriesPromoCreate) {
    return createSeriesPromo(this.deps, userId, input);
  }

  /** A new occurrence committed: each follower (not the organizer) is told once, keyed by the occurrence. */
  private async opened(seriesId: number, activityId: number): Promise<void> {
    const notifier = this.deps.notifier;
    if (!notifier) return;
    const activity = await activityById(this.db, activityId);
    if (activity.status !== 'published') return;
    const userIds = (await followerIds(this.db, seriesId)).filter((id) => id !== activity.organizerId);
    if (userIds.length === 0) return;
    await notifier.deliver([
      {
        kind: 'seriesOccurrenceOpened',
        key: `seriesOccurrenceOpened:${activityId}`,
        userIds,
        params: activityParams(activity),
        link: NOTICE_LINKS.activity(activity.code),
      },
    ]);
  }
}
