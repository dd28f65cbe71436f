import type { FastifyBaseLogger } from 'fastify';
import type { Database, Tx } from '../../db/client.ts';
import { backoffDelay } from '../../platform/worker.ts';
import type { OutboxHandlers, OutboxTiming } from './events.ts';
import { claimOutbox, deleteOutbox, insertOutbox, outboxBacklog, outboxDue, retryOutbox } from './outbox.store.ts';

/** Rows one claim takes. */
const OUTBOX_BATCH = 20;
/** After a row is added, this process's worker looks again this soon (its transaction has committed by then). */
const WAKE_AFTER_MS = 5;
/** A failing row is tried again after 1 s, 2 s, 4 s … at most this long. */
const OUTBOX_MAX_BACKOFF_MS = 5 * 60_000;
/** One run of the worker stops claiming after this long, so a stop (a drain) never waits long for it. */
const RUN_BUDGET_MS = 2000;

type Handler = (payload: unknown) => Promise<void>;

/**
 * The notice outbox (docs/notifications.md, "The outbox"): a module writes what must be announced inside the
 * transaction of the change itself (`add`), so a change that commits is announced even if the process dies the
 * next instant; the `noticeOutbox` worker of whichever process claims the row runs the module's handler after the
 * commit, and no request waits for a fan-out. Handlers announce with the notices' keys (one notice per recipient per
 * key), so a row run again after a crash or a lease that ran out tells nobody twice.
 */
export class NoticeOutbox {
  private readonly handlers = new Map<string, Handler>();
  private wakeWorker: (() => void) | undefined;
  private wakeTimer: NodeJS.Timeout | undefined;
  /** Rows this process added since `settleAdded` last looked, and its run under way. */
  private addedHere = 0;
  private settling: Promise<void> | undefined;

  constructor(
    private readonly deps: {
      db: Database;
      now: () => Date;
      log: FastifyBaseLogger;
      /** How long a claimed row is this process's: a process that dies holding it lets another take it after this. */
      leaseMs: number;
      /** Test failpoint (notice-outbox.shared.test.ts): die right after claiming, before delivering. */
      failpoint?: 'die-after-claim';
    },
  ) {}

  /** A module's handlers, by topic (`<module>.<what>`); registered once, at composition (app-modules.ts). */
  handle(handlers: OutboxHandlers): void {
    for (const [topic, handler] of Object.entries(handlers)) {
      if (this.handlers.has(topic)) throw new Error(`notice outbox: two handlers for ${topic}`);
      this.handlers.set(topic, handler as Handler);
    }
  }

  /**
   * Inside the change's transaction: `topic`'s handler runs with `payload` once the transaction has committed, or
   * once `timing.at` has come; with `timing.once`, a row of that key already waiting makes this write nothing.
   */
  async add(tx: Tx, topic: string, payload: unknown, timing: OutboxTiming = {}): Promise<void> {
    await insertOutbox(tx, topic, payload, this.deps.now(), timing);
    if (timing.at && timing.at > this.deps.now()) return;
    this.addedHere++;
    this.soon();
  }

  /** The worker's wake-up (app-workers.ts): a row added here goes out at once rather than at the next tick. */
  onWake(wake: () => void): void {
    this.wakeWorker = wake;
  }

  private soon() {
    // With the failpoint, only the worker's own ticks claim, so a request is answered before its process dies.
    if (this.wakeTimer || !this.wakeWorker || this.deps.failpoint) return;
    this.wakeTimer = setTimeout(() => {
      this.wakeTimer = undefined;
      this.wakeWorker?.();
    }, WAKE_AFTER_MS);
    this.wakeTimer.unref();
  }

  /**
   * One run of the worker: claims due rows and runs their handlers, in order of the rows; a handler that throws
   * leaves its row for a later attempt (backoff), a row with no handler here waits for a process that has one (a
   * rolling deploy). Answers what it did.
   */
  async deliverDue(): Promise<{ done: number; failed: number }> {
    const { db, log } = this.deps;
    let done = 0;
    let failed = 0;
    const began = performance.now();
    while (performance.now() - began < RUN_BUDGET_MS) {
      const now = this.deps.now();
      if (!(await outboxDue(db, now))) break;
      const rows = await claimOutbox(db, now, this.deps.leaseMs, OUTBOX_BATCH);
      if (rows.length > 0 && this.deps.failpoint === 'die-after-claim') {
        // Killed with the rows claimed and nothing delivered; the answers already on their way out go first (a
        // loaded machine could otherwise kill the process between a sign-up's commit and its 200).
        setTimeout(() => process.kill(process.pid, 'SIGKILL'), 250);
        await new Promise(() => {});
      }
      for (const row of rows) {
        const handler = this.handlers.get(row.topic);
        try {
          if (!handler) throw new Error(`no handler for ${row.topic} in this process`);
          await handler(row.payload);
          await deleteOutbox(db, row.id);
          done++;
        } catch (error) {
          failed++;
          const wait = backoffDelay(1000, row.attempts, OUTBOX_MAX_BACKOFF_MS, Math.random);
          const message = error instanceof Error ? error.message : String(error);
          log.error(
            { err: error, topic: row.topic, outboxId: row.id, attempts: row.attempts },
            'notice outbox: failed',
          );
          await retryOutbox(db, row.id, new Date(this.deps.now().getTime() + wait), message).catch(() => {});
        }
      }
      if (rows.length < OUTBOX_BATCH) break;
    }
    return { done, failed };
  }

  /** Runs every row due now until none is left (tests, and a drain that wants its announcements out). */
  async settle(): Promise<void> {
    for (let runs = 0; runs < 1000; runs++) {
      const { done, failed } = await this.deliverDue();
      if (done + failed === 0) return;
    }
  }

  /**
   * `settle`, when this process added a row since the last look (without a statement otherwise); callers at the
   * same moment share one run, as they share one worker in a running server.
   */
  async settleAdded(): Promise<void> {
    while (this.addedHere > 0) {
      if (!this.settling) {
        this.addedHere = 0;
        this.settling = this.settle().finally(() => {
          this.settling = undefined;
        });
      }
      await this.settling;
    }
  }

  backlog() {
    return outboxBacklog(this.deps.db, this.deps.now());
  }
}
