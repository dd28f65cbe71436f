import {
  BLAST_LIMITS,
  type Blast,
  type BlastAudience,
  type BlastList,
  type BlastSendInput,
  blastReach,
  href,
  PATHS,
  Status,
} from '@polaris/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { AppError, FieldsError } from '../../platform/errors.ts';
import { ItemsFailed } from '../../platform/worker.ts';
import type { Notifier } from '../notifications/events.ts';
import { activityById, findActivity, lockActivity, type PersonRow, peopleById } from './activities.store.ts';
import { presentBlast } from './blasts.presenter.ts';
import {
  advanceBlast,
  audienceAfter,
  audienceCounts,
  type BlastRow,
  blastById,
  blastsOf,
  cancelUnstarted,
  claimDueBlast,
  countDueBlasts,
  countedBlastTimes,
  insertBlastWithinLimit,
  markBlastSent,
  sentBlastsTo,
} from './blasts.store.ts';
import { canManage, canView, notFound } from './policy.ts';
import { liveRegistrationOf } from './registrations.store.ts';
import { managedActivity } from './service.ts';

const HOUR = 3_600_000;
const WINDOW_MS = BLAST_LIMITS.windowHours * HOUR;
const SCHEDULE_MS = BLAST_LIMITS.scheduleDays * 24 * HOUR;

export interface BlastDeps {
  db: Database;
  now: () => Date;
  /** Without one (services built by hand in older tests) blasts are stored and listed but never fanned out. */
  notifier?: Pick<Notifier, 'recordIn'>;
  log?: FastifyBaseLogger;
  /** Recipients per batch: every batch's, or with `grow` the first's and the one it drops back to (BLAST_BATCH). */
  batchSize?: number;
  /**
   * Batches that grow up to `upTo` while no call waits for the database, read from the embedded database's count of
   * calls that had to wait (`DatabaseHandle.waits`); see `blastBatching`.
   */
  grow?: { upTo: number; waits: () => number };
  /** How long a claimed fan-out is this worker's before another process may take it over (60 s, renewed per batch). */
  leaseMs?: number;
}

const BLAST_BATCH = 100;
const BLAST_BATCH_MOST = 1000;

/**
 * Recipients per `notify` call. PostgreSQL serves requests on other connections beside a batch: 1,000 a batch fanned
 * out 3.8× faster than 100 (17,000–18,000 notices a second against 4,600) with the requests' p99 at 1.05–1.27× quiet.
 * The embedded database has one connection, and a request waits behind the whole batch: with requests coming, 100
 * kept their p99 near quiet (1.2–1.6×; 500 gave 2.1×, 1,000 2.5–3×), but alone 100 spent most of the fan-out on
 * per-batch costs. So there a batch starts at 100 and doubles, up to 1,000, while no call had to wait for the
 * database since the last batch began, and drops back to 100 as soon as one did (docs/notifications.md, bench:notify).
 */
export function blastBatching(database: {
  kind: 'pglite' | 'postgres';
  waits?: () => number;
}): Pick<BlastDeps, 'batchSize' | 'grow'> {
  if (database.kind === 'postgres') return { batchSize: BLAST_BATCH_MOST };
  if (!database.waits) return { batchSize: BLAST_BATCH };
  return { batchSize: BLAST_BATCH, grow: { upTo: BLAST_BATCH_MOST, waits: database.waits } };
}

/** The in-app path of an activity's page (where a blast's notice leads). */
const activityPagePath = (code: string) => href(PATHS.activityDetails, { id: code });

/**
 * Organizer blasts: a message from the organizer or a co-host to the activity's attendees (docs/notifications.md,
 * "blasts"). Sending stores it, within the limit per activity; the fan-out worker (`fanOutDue`) tells the
 * recipients through the Notifier, in batches, once across all server processes.
 */
export class BlastService {
  constructor(private readonly deps: BlastDeps) {}

  private get db() {
    return this.deps.db;
  }

  private get batchSize() {
    return this.deps.batchSize ?? BLAST_BATCH;
  }

  /**
   * The next batch's size: without `grow`, always `batchSize`; with it, double the last (up to `grow.upTo`) when no
   * call waited for the database since `seen`, else `batchSize` again.
   */
  private nextBatch(last: number, seen: number): number {
    const { grow } = this.deps;
    if (!grow) return this.batchSize;
    return grow.waits() === seen ? Math.min(last * 2, grow.upTo) : this.batchSize;
  }

  private leaseFrom(now: Date) {
    return new Date(now.getTime() + (this.deps.leaseMs ?? 60_000));
  }

  /**
   * Stores a blast to send now or at `sendAt`. Under the activity's lock, first the audience is counted (a blast
   * nobody would receive is refused, 409 naming `audience`, and uses none of the day's allowance), then the limit
   * per activity is claimed by the insert.
   */
  async send(userId: number, input: z.output<typeof BlastSendInput>): Promise<Blast> {
    const activity = await managedActivity(this.db, input.activityId, userId);
    if (activity.row.status === 'cancelled') throw new AppError(Status.conflict, 'activity.cancelled');
    if (activity.row.status !== 'published') throw new AppError(Status.conflict, 'blast.notPublished');
    const now = this.deps.now();
    const sendAt = input.sendAt ? new Date(input.sendAt) : now;
    if (sendAt.getTime() <= now.getTime() && input.sendAt) throw tooEarly();
    if (sendAt.getTime() > now.getTime() + SCHEDULE_MS) throw tooEarly();
    const row = await this.db.transaction(async (tx) => {
      await lockActivity(tx, activity.row.id);
      if (blastReach(await audienceCounts(tx, activity.row.id), input.audience) === 0) {
        throw new FieldsError([{ field: 'audience', messageKey: 'notice.blastNobody' }], Status.conflict);
      }
      return insertBlastWithinLimit(
        tx,
        {
          activityId: activity.row.id,
          authorId: userId,
          audience: input.audience,
          message: input.message,
          createdAt: now,
          sendAt,
        },
        { since: new Date(now.getTime() - WINDOW_MS), max: BLAST_LIMITS.perWindow },
      );
    });
    if (!row) throw new AppError(Status.conflict, 'notice.blastRateLimited', { max: BLAST_LIMITS.perWindow });
    return this.present([row], true).then((items) => items[0]!);
  }

  /**
   * The blasts of an activity: every one for its hosts (with how many each reached, and the limit's state); the
   * sent ones addressed to them for people holding a place (approved or waitlisted); "not found" for anyone else.
   */
  async list(userId: number, code: string): Promise<BlastList> {
    const activity = await findActivity(this.db, code);
    if (!activity || !canView(activity, userId)) throw notFound();
    if (canManage(activity, userId)) {
      const now = this.deps.now();
      const counted = await countedBlastTimes(this.db, activity.row.id, new Date(now.getTime() - WINDOW_MS));
      const remaining = Math.max(0, BLAST_LIMITS.perWindow - counted.length);
      const oldest = counted[0];
      return {
        items: await this.present(await blastsOf(this.db, activity.row.id), true),
        counts: await audienceCounts(this.db, activity.row.id),
        quota: {
          max: BLAST_LIMITS.perWindow,
          remaining,
          nextAt: remaining === 0 && oldest ? new Date(oldest.getTime() + WINDOW_MS).toISOString() : null,
        },
      };
    }
    const place = await liveRegistrationOf(this.db, activity.row.id, userId);
    const audience: BlastAudience[] = [];
    if (place?.status === 'approved') audience.push('going', ...(place.checkedInAt ? (['checkedIn'] as const) : []));
    if (place?.status === 'waitlisted') audience.push('waitlisted');
    if (audience.length === 0) throw new AppError(Status.notFound, 'blast.forAttendees');
    return {
      items: await this.present(await sentBlastsTo(this.db, activity.row.id, audience), false),
      quota: null,
      counts: null,
    };
  }

  /** Cancels a blast whose fan-out has not started (a scheduled one, or one just sent that no worker took yet). */
  async cancel(userId: number, input: { activityId: string; blastId: number }): Promise<Blast> {
    const activity = await managedActivity(this.db, input.activityId, userId);
    const cancelled = await cancelUnstarted(this.db, activity.row.id, input.blastId, this.deps.now());
    if (cancelled) return this.present([cancelled], true).then((items) => items[0]!);
    const existing = await blastById(this.db, input.blastId);
    if (!existing || existing.activityId !== activity.row.id) throw new AppError(Status.notFound, 'blast.notFound');
    throw new AppError(Status.conflict, 'blast.notCancellable');
  }

  /** Blasts due and not sent, counted up to `limit`: the backlog metric. */
  backlog(limit = 10_000): Promise<number> {
    return countDueBlasts(this.db, this.deps.now(), limit);
  }

  /**
   * The fan-out worker's run: claims due blasts one at a time (FOR UPDATE SKIP LOCKED and a lease, so one process
   * fans out each) and tells their recipients in batches. A blast that fails keeps its lease until it runs out,
   * then any process resumes it from `fanned_to`; the others go on. Answers how many blasts were finished.
   */
  async fanOutDue(maxBlasts = 20): Promise<number> {
    const notifier = this.deps.notifier;
    if (!notifier) return 0;
    const failures: { id: number; error: unknown }[] = [];
    let done = 0;
    for (let i = 0; i < maxBlasts; i++) {
      const now = this.deps.now();
      const blast = await claimDueBlast(this.db, now, this.leaseFrom(now));
      if (!blast) break;
      try {
        if (await this.fanOut(notifier, blast)) done++;
      } catch (error) {
        failures.push({ id: blast.id, error });
      }
    }
    if (failures.length > 0) throw new ItemsFailed('blast', failures, done);
    return done;
  }

  /**
   * One claimed blast, batch after batch from where it stands. Each batch is one transaction (one turn of the
   * embedded database, where a worker waits behind the requests queued before each of its statements): its
   * recipients read, their notices written, and the blast moved on (`fanned_to`, the count, a new lease) only if
   * `fanned_to` has not moved meanwhile. Overtaken (the lease ran out and another process moved it on), the batch
   * is undone and this worker stops. Whether this call finished it.
   */
  private async fanOut(notifier: Pick<Notifier, 'recordIn'>, blast: BlastRow): Promise<boolean> {
    const activity = await activityById(this.db, blast.activityId);
    const link = activityPagePath(activity.code);
    let from = blast.fannedTo;
    let size = this.batchSize;
    for (;;) {
      const seen = this.deps.grow?.waits() ?? 0;
      const batch = await this.db
        .transaction(async (tx) => {
          const recipients = await audienceAfter(tx, blast.activityId, blast.audience, from, size);
          if (recipients.length === 0) return { recipients, publish: async () => {} };
          const publish = await notifier.recordIn(tx, [
            {
              kind: 'blast',
              key: `blast:${blast.id}`,
              userIds: recipients,
              params: { title: activity.title, message: blast.message },
              link,
            },
          ]);
          const to = recipients[recipients.length - 1]!;
          const leaseUntil = this.leaseFrom(this.deps.now());
          if (!(await advanceBlast(tx, blast.id, { from, to, count: recipients.length, leaseUntil }))) {
            throw new Overtaken();
          }
          return { recipients, publish };
        })
        .catch((error: unknown) => {
          if (error instanceof Overtaken) return null;
          throw error;
        });
      if (!batch) return false;
      if (batch.recipients.length === 0) break;
      await batch.publish();
      from = batch.recipients[batch.recipients.length - 1]!;
      if (batch.recipients.length < size) break;
      size = this.nextBatch(size, seen);
    }
    return markBlastSent(this.db, blast.id, from, this.deps.now());
  }

  private async present(rows: BlastRow[], forHost: boolean): Promise<Blast[]> {
    const people = await peopleById(
      this.db,
      rows.map((row) => row.authorId),
    );
    const now = this.deps.now();
    const nobody: Pick<PersonRow, 'uid' | 'name' | 'avatar'> = { uid: 0, name: '', avatar: null };
    return rows.map((row) => presentBlast(row, { author: people.get(row.authorId) ?? nobody, now, forHost }));
  }
}

/** A batch found the blast moved on by another process: it is rolled back. */
class Overtaken extends Error {}

const tooEarly = () => new FieldsError([{ field: 'sendAt', messageKey: 'notice.blastTooEarly' }]);
