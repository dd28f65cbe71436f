import type { BountyRow } from './store.ts';

/** Who may do what with a bounty (docs/bounties.md). Pure rules over a row the store read for the viewer. */

export type BountyState = 'open' | 'reviewing' | 'completed' | 'ended';

/**
 * `completed` once every winner is paid; `ended` when settled (or due to be) with slots left; before that
 * `open` until the deadline and `reviewing` until the review window closes.
 */
export function stateOf(
  bounty: Pick<BountyRow, 'deadline' | 'reviewUntil' | 'paidCount' | 'winners' | 'settledAt'>,
  now: Date,
): BountyState {
  if (bounty.paidCount >= bounty.winners) return 'completed';
  if (bounty.settledAt !== null || now >= bounty.reviewUntil) return 'ended';
  return now < bounty.deadline ? 'open' : 'reviewing';
}

export const isCreator = (bounty: Pick<BountyRow, 'creatorId'>, userId: number | null) => userId === bounty.creatorId;

/** A room's bounty is the room's: only its members (and its creator) see it; others get "not found". */
export const canView = (bounty: Pick<BountyRow, 'audience' | 'creatorId' | 'inAudience'>, userId: number | null) =>
  bounty.audience !== 'room' || isCreator(bounty, userId) || (userId !== null && bounty.inAudience);

/** Whether the submit button shows: open, in the audience, not the creator, nothing live already. */
export function canSubmit(bounty: BountyRow, userId: number | null, now: Date): boolean {
  if (userId === null || isCreator(bounty, userId)) return false;
  if (stateOf(bounty, now) !== 'open' || !bounty.inAudience) return false;
  return bounty.mine === null || bounty.mine.state === 'rejected' || bounty.mine.state === 'expired';
}

/** The creator reviews while unsettled and inside the review window. */
export const reviewOpen = (bounty: Pick<BountyRow, 'settledAt' | 'reviewUntil'>, now: Date) =>
  bounty.settledAt === null && now < bounty.reviewUntil;
