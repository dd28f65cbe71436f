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

  const schedule = (delay: number) => {
    if (stopped) return;
    timer = setTimeout(run, delay);
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
    run
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
      .then(schedule);
  };
  schedule(intervalMs);
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}
