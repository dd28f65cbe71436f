import { AsyncLocalStorage } from 'node:async_hooks';
import type { Metrics } from './metrics.ts';

/**
 * What code deep in a call knows about the app and the request it runs for, without a parameter through every
 * layer: the app's metrics (the ledger, a module-level object, counts its entries there) and the request's id
 * (every log line written while the request runs carries it, platform/logging.ts). Each app sets it for its own
 * requests (a preHandler hook in platform/metrics.ts) and its own workers (platform/worker.ts), so several apps
 * in one process never see each other's: the storage key is shared, the values live in each call's async context.
 */
export interface WorkContext {
  metrics: Metrics;
  reqId?: string;
}

const current = new AsyncLocalStorage<WorkContext>();

export function runInContext<T>(context: WorkContext, work: () => T): T {
  return current.run(context, work);
}

export function currentContext(): WorkContext | undefined {
  return current.getStore();
}
