import type { FastifyBaseLogger } from 'fastify';

/**
 * Run `work` every `intervalMs`, never two runs at once in this process. The work itself must be safe to run
 * in several processes at the same time (claim rows with FOR UPDATE SKIP LOCKED). Returns a stop function.
 */
export function startWorker(name: string, intervalMs: number, work: () => Promise<unknown>, log: FastifyBaseLogger) {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    work()
      .catch((error) => log.error({ err: error }, `${name} worker failed`))
      .finally(() => {
        running = false;
      });
  }, intervalMs);
  return () => clearInterval(timer);
}
