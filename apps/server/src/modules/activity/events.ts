import type { FastifyBaseLogger } from 'fastify';

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

export class ActivityEvents {
  private readonly listeners: ((event: ActivityEvent) => Promise<void>)[] = [];
  constructor(private readonly log?: FastifyBaseLogger) {}

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
