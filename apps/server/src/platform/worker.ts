import type { FastifyBaseLogger } from 'fastify';
import { currentContext, runInContext } from './context.ts';

/**
 * Run `work` every `intervalMs`, never two runs at once in this process. The work itself must be safe to run
 * in several processes at the same time (claim rows with FOR UPDATE SKIP LOCKED). Returns a stop function.
 *
 * Each run is counted in the metrics of the app that started the worker (the context it was started in, see
 * app.ts), with its outcome and duration, and runs in that context (the ledger entries it posts count there).
 */
export function startWorker(name: string, intervalMs: number, work: () => Promise<unknown>, log: FastifyBaseLogger) {
  const context = currentContext();
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    const started = performance.now();
    const seconds = () => (performance.now() - started) / 1000;
    (context ? runInContext(context, work) : work())
      .then(
        () => context?.metrics.workerRun(name, 'ok', seconds()),
        (error) => {
          context?.metrics.workerRun(name, 'failed', seconds());
          log.error({ err: error, worker: name }, `${name} worker failed`);
        },
      )
      .finally(() => {
        running = false;
      });
  }, intervalMs);
  return () => clearInterval(timer);
}
