import type { Blast, BlastAudience, BlastState } from '@polaris/contract';
import type { PersonRow } from './activities.store.ts';
import type { BlastRow } from './blasts.store.ts';
import { presentPerson } from './presenter.ts';

/** A blast's state as its list shows it: cancelled, sent, being sent (due or claimed), or waiting for its time. */
function blastState(row: BlastRow, now: Date): BlastState {
  if (row.cancelledAt) return 'cancelled';
  if (row.sentAt) return 'sent';
  if (row.claimedUntil || row.sendAt <= now) return 'sending';
  return 'scheduled';
}

/** A blast for its list: hosts see how many it reached; attendees (`forHost` false) do not. */
export function presentBlast(
  row: BlastRow,
  context: { author: Pick<PersonRow, 'uid' | 'name' | 'avatar'>; now: Date; forHost: boolean },
): Blast {
  return {
    id: String(row.id),
    audience: row.audience as BlastAudience[],
    message: row.message,
    state: blastState(row, context.now),
    author: presentPerson(context.author),
    createdAt: row.createdAt.toISOString(),
    sendAt: row.sendAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
    cancelledAt: row.cancelledAt?.toISOString() ?? null,
    recipients: context.forHost ? row.recipients : null,
  };
}
