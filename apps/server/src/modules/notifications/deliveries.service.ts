import { languageOf, type NoticeKind } from '@polaris/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import {
  type ClaimedDelivery,
  claimDueDeliveries,
  deferDelivery,
  deliveryBacklog,
  finishDelivery,
} from './deliveries.store.ts';
import { noticeText } from './presenter.ts';
import type { PushSender } from './push.port.ts';
import { DEFAULT_TIMEZONE, pushMayGoAt } from './quiet-hours.ts';

/** After this many failed sends a push delivery stays undone, for an operator to look at (as mail). */
const PUSH_MAX_ATTEMPTS = 10;
/** A send that has not answered by then counts as failed (retried later); the others of the batch go on. */
const PUSH_SEND_TIMEOUT_MS = 30_000;
/** Sends in flight at once: a push service that hangs holds one slot, not the batch. */
const SEND_CONCURRENCY = 10;

/**
 * The push worker: claims due `notice_deliveries` (FOR UPDATE SKIP LOCKED, the claim pushes the next attempt
 * forward, as the mail queue does) and hands each to the PushSender, in the recipient's language. Quiet hours are
 * checked here, when it would go: a push that finds its recipient in them waits for their end (the attempt not
 * counted). A notice read in the meantime is not pushed any more.
 */
export class PushDeliveryService {
  constructor(
    private readonly deps: {
      db: Database;
      now: () => Date;
      log: FastifyBaseLogger;
      push: PushSender;
      sendTimeoutMs?: number;
    },
  ) {}

  /** Deliveries due now and not done (push, and mail not yet queued), counted up to `limit` (every metrics scrape). */
  backlog(limit = 10_000): Promise<number> {
    return deliveryBacklog(this.deps.db, this.deps.now(), limit, PUSH_MAX_ATTEMPTS);
  }

  async deliverDue(
    limit = 100,
  ): Promise<{ sent: number; none: number; retried: number; skipped: number; deferred: number }> {
    const claimed = await claimDueDeliveries(this.deps.db, this.deps.now(), limit, PUSH_MAX_ATTEMPTS);
    const result = { sent: 0, none: 0, retried: 0, skipped: 0, deferred: 0 };
    for (let i = 0; i < claimed.length; i += SEND_CONCURRENCY) {
      await Promise.all(
        claimed.slice(i, i + SEND_CONCURRENCY).map(async (delivery) => {
          const outcome = await this.deliver(delivery);
          result[outcome]++;
        }),
      );
    }
    return result;
  }

  private async deliver(delivery: ClaimedDelivery): Promise<'sent' | 'none' | 'retried' | 'skipped' | 'deferred'> {
    if (delivery.read) {
      await finishDelivery(this.deps.db, delivery.noticeId, 'read', this.deps.now());
      return 'skipped';
    }
    const now = this.deps.now();
    const mayGo = pushMayGoAt(quietOf(delivery), now);
    if (mayGo.getTime() > now.getTime()) {
      await deferDelivery(this.deps.db, delivery.noticeId, mayGo);
      return 'deferred';
    }
    const { title, body } = noticeText(delivery.kind, delivery.params, languageOf(delivery.language));
    let answer: 'sent' | 'none' | 'retry';
    let failure: unknown = null;
    try {
      answer = await withTimeout(
        this.deps.push.send(delivery.userId, {
          title,
          body,
          link: delivery.link,
          tag: delivery.key,
          kind: delivery.kind as NoticeKind,
          noticeId: delivery.noticeId,
        }),
        this.deps.sendTimeoutMs ?? PUSH_SEND_TIMEOUT_MS,
      );
    } catch (error) {
      answer = 'retry';
      failure = error;
    }
    if (answer === 'retry') {
      const last = delivery.attempts >= PUSH_MAX_ATTEMPTS;
      this.deps.log[last ? 'error' : 'warn'](
        { err: failure ?? undefined, noticeId: delivery.noticeId, attempts: delivery.attempts },
        last ? 'push delivery failed for the last time' : 'push delivery failed; will retry',
      );
      const reason = failure instanceof Error ? failure.message.slice(0, 200) : 'retry';
      await finishDelivery(this.deps.db, delivery.noticeId, last ? `gave up: ${reason}` : reason, null);
      return 'retried';
    }
    await finishDelivery(this.deps.db, delivery.noticeId, answer, this.deps.now());
    return answer;
  }
}

function quietOf(delivery: ClaimedDelivery) {
  if (delivery.quietStart === null || delivery.quietEnd === null) return null;
  return { start: delivery.quietStart, end: delivery.quietEnd, timeZone: delivery.timezone ?? DEFAULT_TIMEZONE };
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`push send timed out after ${ms} ms`)), ms);
    timer.unref();
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}
