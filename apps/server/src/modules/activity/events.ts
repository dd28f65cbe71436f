import type { FastifyBaseLogger } from 'fastify';
import type { Tx } from '../../db/client.ts';

/**
 * What other modules may follow of activities (chat keeps a room per activity with its ticket holders). Events
 * are emitted after the transaction that caused them commits; a listener's failure is logged and never undoes
 * or fails the activity's own change.
 */
export type ActivityEvent =
  | { type: 'created'; activityId: number; title: string; organizerId: number; cohostIds: number[] }
  /** The organizer saved an edit: the title and co-hosts as they are now. */
  | { type: 'changed'; activityId: number; title: string; cohostIds: number[] }
  /** The organizer cancelled it. */
  | { type: 'cancelled'; activityId: number }
  /** Someone now holds an approved ticket (signed up with a free seat, approved, or given a ticket). */
  | { type: 'ticketHeld'; activityId: number; userId: number }
  /** Someone no longer holds one (cancelled, or gave it away). */
  | { type: 'ticketGone'; activityId: number; userId: number };

/**
 * A change as its own transaction records it: the notice outbox's topics the activity writes there (`activity.changed`
 * is a new time or venue, `activity.cancelled`, `activity.signedUp` also for a ticket given away) and
 * `activity.ticketCancelled` (a holder gave their place up, which has no notice of its own).
 */
export type RecordedChange = (tx: Tx, topic: string, payload: unknown) => Promise<void>;

export class ActivityEvents {
  private readonly listeners: ((event: ActivityEvent) => Promise<void>)[] = [];
  private readonly recorders: RecordedChange[] = [];
  constructor(private readonly log?: FastifyBaseLogger) {}

  /**
   * Followers that must not miss a change even if the process dies the instant it commits (Wallet pass updates)
   * write their own outbox rows in the change's transaction; one that fails fails the change.
   */
  onRecorded(recorder: RecordedChange) {
    this.recorders.push(recorder);
  }

  async recorded(tx: Tx, topic: string, payload: unknown) {
    for (const recorder of this.recorders) await recorder(tx, topic, payload);
  }

  on(listener: (event: ActivityEvent) => Promise<void>) {
    this.listeners.push(listener);
  }

  async emit(event: ActivityEvent) {
    for (const listener of this.listeners) {
      try {
        await listener(event);
      } catch (error) {
        this.log?.error({ err: error, event: event.type }, 'activity event listener failed');
      }
    }
  }
}
