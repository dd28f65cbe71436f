import { type Bounty, Status } from '@polaris/contract';
import { AppError } from '../../platform/errors.ts';
import type { BountyRow } from './store.ts';

/**
 * Who may do what with a bounty (docs/bounties.md): the one place that answers it. Pure rules over a row the store
 * read for the viewer; the services throw what a rule refuses, and the bounty's answer carries the same rules as `can`.
 */

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

/** The creator reviews while unsettled and inside the review window. */
export const reviewOpen = (bounty: Pick<BountyRow, 'settledAt' | 'reviewUntil'>, now: Date) =>
  bounty.settledAt === null && now < bounty.reviewUntil;

const conflict = (key: string) => new AppError(Status.conflict, key);

/**
 * Submitting: anyone signed in but the creator, while the bounty is open, within its audience (a room's members, an
 * activity's attendees), with nothing pending or approved already (a rejected or expired try may be followed by
 * another). What a submission must hold (text, link, image) is the input's, not a rule.
 */
export function submitRefusal(bounty: BountyRow, userId: number | null, now: Date): AppError | null {
  if (userId === null) return new AppError(Status.notAllowed, 'http.401');
  if (isCreator(bounty, userId)) return new AppError(Status.noPermission, 'bounty.ownBounty');
  if (stateOf(bounty, now) !== 'open') return conflict('bounty.closed');
  if (!bounty.inAudience) {
    return bounty.audience === 'room'
      ? new AppError(Status.noPermission, 'bounty.roomOnly')
      : new AppError(Status.noPermission, 'bounty.attendeesOnly', { title: bounty.activityTitle ?? '' });
  }
  if (bounty.mine && (bounty.mine.state === 'pending' || bounty.mine.state === 'approved')) {
    return conflict('bounty.alreadySubmitted');
  }
  return null;
}

/**
 * Reviewing (approve or reject): the creator, while the review window is open and winners are left, a submission
 * that still waits. Without a submission: whether the creator may review the bounty's waiting ones at all.
 */
export function reviewRefusal(
  bounty: Pick<BountyRow, 'creatorId' | 'settledAt' | 'reviewUntil' | 'paidCount' | 'winners'>,
  userId: number | null,
  now: Date,
  submission?: { state: string },
): AppError | null {
  if (!isCreator(bounty, userId)) return new AppError(Status.noPermission, 'bounty.notCreator');
  if ((!submission || submission.state === 'pending') && reviewOpen(bounty, now)) return null;
  if (submission?.state === 'approved' || submission?.state === 'rejected') return conflict('bounty.alreadyReviewed');
  if (bounty.paidCount >= bounty.winners) return conflict('bounty.noWinnersLeft');
  return conflict('bounty.reviewClosed');
}

/** What the viewer may do with a bounty: the rules above, allowed or not. */
export function canOf(bounty: BountyRow, viewerId: number | null, now: Date): Bounty['can'] {
  return {
    submit: submitRefusal(bounty, viewerId, now) === null,
    // The review queue (every submission, the refund): the creator's, in any state.
    manage: isCreator(bounty, viewerId),
    review: reviewRefusal(bounty, viewerId, now) === null,
  };
}
