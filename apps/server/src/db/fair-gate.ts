import { AsyncLocalStorage } from 'node:async_hooks';
import type { PGlite } from '@electric-sql/pglite';

/**
 * The embedded database runs one statement or transaction at a time, and PGlite queues callers first come,
 * first served. Under a crowd of readers a payment then waits behind every read queued before it (a
 * transfer's p95 was 20.9 s with 200 concurrent readers). The gate keeps PGlite's own queue empty and picks
 * what runs next itself: work of the write lane first, with one read let through after every two writes so
 * reads still move while writes keep coming.
 *
 * The lane comes from the request (the router runs a GET in the read lane and everything else in the write
 * lane, so a payment's own lookups are not stuck behind other people's reads), else from the statement:
 * transactions and anything but a SELECT are writes. PostgreSQL needs none of this: it runs them side by side.
 */
export type Lane = 'read' | 'write';

const lanes = new AsyncLocalStorage<Lane>();

/** Runs `work` with every embedded-database call it makes in `lane`. */
export function inLane<T>(lane: Lane, work: () => T): T {
  return lanes.run(lane, work);
}

/** The lane the caller runs in (a request's, a worker's), if any. */
export function currentLane(): Lane | undefined {
  return lanes.getStore();
}

/** After this many writes in a row with reads waiting, one read goes. */
const WRITES_BEFORE_A_READ = 2;

export class FairGate {
  private busy = false;
  private readonly waiting: Record<Lane, (() => void)[]> = { read: [], write: [] };
  private writesInARow = 0;
  private waited = 0;

  async run<T>(lane: Lane, work: () => Promise<T>): Promise<T> {
    if (this.busy) {
      this.waited++;
      await new Promise<void>((resolve) => this.waiting[lane].push(resolve));
    } else this.busy = true;
    try {
      return await work();
    } finally {
      this.next();
    }
  }

  /** How many calls have had to wait for another so far: a worker that sees it move knows it held someone up. */
  waits(): number {
    return this.waited;
  }

  /** Calls waiting now, per lane (for tests and diagnostics). */
  queued(): Record<Lane, number> {
    return { read: this.waiting.read.length, write: this.waiting.write.length };
  }

  private next() {
    const { read, write } = this.waiting;
    const readsTurn = read.length > 0 && (write.length === 0 || this.writesInARow >= WRITES_BEFORE_A_READ);
    const wake = readsTurn ? read.shift() : write.shift();
    this.writesInARow = readsTurn ? 0 : wake ? this.writesInARow + 1 : 0;
    // PGlite runs a statement synchronously inside its promise, so waking readers straight away would drain
    // their whole queue in one turn of the event loop, before a newly arrived payment could even parse its body
    // and join the queue. A read therefore starts on the next turn; a write, which has priority anyway, at once.
    if (!wake) this.busy = false;
    else if (readsTurn) setImmediate(wake);
    else wake();
  }
}

const READ_STATEMENT = /^\s*(\(\s*)?(select|with|show|explain)\b/i;

/** The lane of a call made outside any request's lane (workers, scripts). */
function laneOf(statement: string): Lane {
  return lanes.getStore() ?? (READ_STATEMENT.test(statement) ? 'read' : 'write');
}

/** Statements that change nothing, so there is nothing to make durable after them. */
const PLAIN_READ = /^\s*(select|show|explain)\b/i;

/**
 * The PGlite client as Drizzle sees it, with `query`, `exec` and `transaction` passed through the gate. A
 * transaction holds the gate until it ends; its own statements go straight to PGlite. After anything that may
 * have written, `afterWrite` runs (outside the gate) before the caller gets its answer.
 */
export function gatedPglite(
  client: PGlite,
  options: { gate?: FairGate; afterWrite?: () => Promise<void> } = {},
): PGlite {
  const gate = options.gate ?? new FairGate();
  const afterWrite = options.afterWrite;
  const settle = async <T>(result: T, wrote: boolean): Promise<T> => {
    if (wrote && afterWrite) await afterWrite();
    return result;
  };
  // Built once: Drizzle reads `client.query` for every statement.
  const gated = (property: 'query' | 'exec') => {
    const run = client[property] as (statement: string, ...rest: unknown[]) => Promise<unknown>;
    return async (statement: string, ...rest: unknown[]) =>
      settle(
        await gate.run(laneOf(statement), () => run.call(client, statement, ...rest)),
        !PLAIN_READ.test(statement),
      );
  };
  const wrapped: Record<string, unknown> = {
    query: gated('query'),
    exec: gated('exec'),
    transaction: async (work: Parameters<PGlite['transaction']>[0]) =>
      settle(await gate.run(lanes.getStore() === 'read' ? 'read' : 'write', () => client.transaction(work)), true),
  };
  return new Proxy(client, {
    get(target, property, receiver) {
      if (typeof property === 'string' && property in wrapped) return wrapped[property];
      const value = Reflect.get(target, property, receiver);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
