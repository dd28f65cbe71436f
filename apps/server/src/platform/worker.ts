import type { FastifyBaseLogger } from 'fastify';
import { currentContext, runInContext } from './context.ts';

/** The longest a failing worker waits before its next run (docs/jobs.md). */
export const WORKER_MAX_BACKOFF_MS = 5 * 60_000;

export interface WorkerOptions {
  /** Cap of the wait after failures; WORKER_MAX_BACKOFF_MS unless told. */
  maxBackoffMs?: number;
  /** A number in [0, 1), for the jitter: Math.random unless told (tests pass a fixed one). */
  random?: () => number;
}

/**
 * The wait before the next run after `failures` failed runs in a row: the interval itself after a success
 * (failures = 0), else interval × 2^failures capped at `maxMs`, of which a random part up to a quarter is taken
 * off (jitter), so that the processes of a fleet that failed together (the database was away) do not all come
 * back in the same instant. Never below the interval.
 */
export function backoffDelay(intervalMs: number, failures: number, maxMs: number, random: () => number): number {
  if (failures <= 0) return intervalMs;
  const ceiling = Math.max(intervalMs, maxMs);
  const full = Math.min(intervalMs * 2 ** Math.min(failures, 30), ceiling);
  return Math.max(intervalMs, Math.round(full - full * 0.25 * random()));
}

/**
 * Run `work` every `intervalMs`, never two runs at once in this process. The work itself must be safe to run
 * in several processes at the same time (each item claimed with FOR UPDATE SKIP LOCKED or a conditional UPDATE
 * in the transaction that does it, docs/jobs.md). A run that fails is followed by a longer wait (backoffDelay);
 * the first run that succeeds brings the worker back to its interval. Returns a stop function.
 *
 * Each run is counted in the metrics of the app that started the worker (the context it was started in, see
 * app.ts), with its outcome and duration, and runs in that context (the ledger entries it posts count there).
 *
 * The stop function answers once the run in progress, if any, has ended (a drain hands back its work before the
 * database pool closes, rather than cutting a transaction midway: docs/jobs.md).
 */
export function startWorker(
  name: string,
  intervalMs: number,
  work: () => Promise<unknown>,
  log: FastifyBaseLogger,
  options: WorkerOptions = {},
) {
  const context = currentContext();
  const maxBackoffMs = options.maxBackoffMs ?? WORKER_MAX_BACKOFF_MS;
  const random = options.random ?? Math.random;
  let failures = 0;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let inProgress: Promise<unknown> | undefined;

  /** A wake-up that came while a run was in progress: the next run starts as soon as this one ends. */
  let wokenDuringRun = false;
  const schedule = (delay: number) => {
    if (stopped) return;
    const soon = wokenDuringRun && failures === 0;
    wokenDuringRun = false;
    timer = setTimeout(run, soon ? 0 : delay);
  };
  const run = () => {
    const started = performance.now();
    const seconds = () => (performance.now() - started) / 1000;
    let run: Promise<unknown>;
    try {
      run = context ? runInContext(context, work) : work();
    } catch (error) {
      run = Promise.reject(error);
    }
    inProgress = run
      .then(
        () => {
          context?.metrics.workerRun(name, 'ok', seconds());
          if (failures > 0) log.info({ worker: name, failures }, `${name} worker recovered`);
          failures = 0;
          return intervalMs;
        },
        (error) => {
          context?.metrics.workerRun(name, 'failed', seconds());
          failures++;
          const retryInMs = backoffDelay(intervalMs, failures, maxBackoffMs, random);
          log.error({ err: error, worker: name, failures, retryInMs }, `${name} worker failed`);
          return retryInMs;
        },
      )
      .then(schedule)
      .finally(() => {
        inProgress = undefined;
      });
  };
  schedule(intervalMs);
  const stop = async (): Promise<void> => {
    stopped = true;
    clearTimeout(timer);
    await inProgress;
  };
  /** Run now rather than at the next tick (work just arrived); a run in progress is followed by another at once. */
  const wake = () => {
    if (stopped) return;
    if (inProgress) {
      wokenDuringRun = true;
      return;
    }
    clearTimeout(timer);
    timer = setTimeout(run, 0);
  };
  return Object.assign(stop, { wake });
}

/** Thrown by a run that did every item it could but some failed: the worker logs it and counts a failed run. */
export class ItemsFailed extends Error {
  constructor(
    readonly worker: string,
    readonly failures: { id: number; error: unknown }[],
    /** The items the run did do. */
    readonly done = 0,
  ) {
    super(`${worker}: ${failures.length} item(s) failed (${failures.map((f) => f.id).join(', ')})`, {
      cause: failures[0]?.error,
    });
    this.name = 'ItemsFailed';
  }
}

/**
 * The items of one worker that failed (a "poison" row: bad data, a constraint the work runs into), kept out of
 * this process's claims for a while so that the others behind them go on being done. An item is held for
 * backoffDelay(baseMs, failures - 1) after each failure (1, 2, 4 … minutes, at most an hour), so it is tried again, less and less often, and done as soon
 * as whatever stopped it is fixed. In memory: the tables have no attempts column, and a process that restarts
 * tries each once more (docs/jobs.md).
 */
export class FailingItems {
  private readonly items = new Map<number, { failures: number; until: number }>();

  constructor(
    private readonly options: {
      now: () => number;
      baseMs?: number;
      maxMs?: number;
      random?: () => number;
    },
  ) {}

  /** The ids to leave out of the next claim. */
  held(): number[] {
    const now = this.options.now();
    return [...this.items].filter(([, item]) => item.until > now).map(([id]) => id);
  }

  /** Records a failure; answers how many in a row. */
  failed(id: number): number {
    const failures = (this.items.get(id)?.failures ?? 0) + 1;
    const wait = backoffDelay(
      this.options.baseMs ?? 60_000,
      failures - 1,
      this.options.maxMs ?? 60 * 60_000,
      this.options.random ?? Math.random,
    );
    this.items.set(id, { failures, until: this.options.now() + wait });
    return failures;
  }

  succeeded(id: number): void {
    this.items.delete(id);
  }
}

/**
 * The loop of a worker that claims one item per transaction: `one` claims the next item (leaving out `skip`, the
 * ids `failing` holds), reports its id through `claimed`, does it, and answers false when nothing is due. An item
 * whose transaction fails is held by `failing` and the loop goes on with the next; a failure before any claim
 * (the database is away) ends the run at once. Throws ItemsFailed at the end when items failed. Answers how many
 * were done.
 */
export async function eachClaimed(
  worker: string,
  failing: FailingItems,
  limit: number,
  one: (skip: number[], claimed: (id: number) => void) => Promise<boolean>,
): Promise<number> {
  let done = 0;
  const failures: { id: number; error: unknown }[] = [];
  for (let i = 0; i < limit; i++) {
    const current: { id: number | null } = { id: null };
    try {
      const found = await one(failing.held(), (id) => {
        current.id = id;
      });
      if (!found) break;
      if (current.id !== null) failing.succeeded(current.id);
      done++;
    } catch (error) {
      if (current.id === null) throw error;
      failing.failed(current.id);
      failures.push({ id: current.id, error });
    }
  }
  if (failures.length > 0) throw new ItemsFailed(worker, failures, done);
  return done;
}
