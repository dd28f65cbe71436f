import { type Bounty, formatAmount, servableLink } from '@polaris/contract';
import type { Links } from '../../platform/links.ts';
import { canOf, isCreator, stateOf } from './policy.ts';
import type { BountyRow } from './store.ts';
import type { SubmissionRow } from './submissions.store.ts';

/** The fields of a bounty and of a submission that leave the server, for the viewer. */

export function presentBounty(row: BountyRow, viewerId: number | null, now: Date, links: Links): Bounty {
  const creator = isCreator(row, viewerId);
  return {
    id: String(row.id),
    title: row.title,
    description: row.description,
    category: row.category as Bounty['category'],
    asset: row.assetCode,
    total: formatAmount(row.reward * BigInt(row.winners), row.decimals),
    perWinner: formatAmount(row.reward, row.decimals),
    winners: row.winners,
    paidCount: row.paidCount,
    pendingCount: row.pendingCount,
    submitKinds: row.submitKinds as Bounty['submitKinds'],
    audience: row.audience,
    roomId: row.roomId === null ? null : String(row.roomId),
    activity: row.activityCode === null ? null : { id: row.activityCode, title: row.activityTitle ?? '' },
    creator: { uid: String(row.creatorUid), name: row.creatorName, avatar: row.creatorAvatar },
    deadline: row.deadline.toISOString(),
    reviewUntil: row.reviewUntil.toISOString(),
    state: stateOf(row, now),
    createdAt: row.createdAt.toISOString(),
    shareUrl: links.share({ kind: 'bounty', id: String(row.id) }),
    isCreator: creator,
    mySubmission:
      row.mine === null ? null : { id: String(row.mine.id), state: row.mine.state, reason: row.mine.reason },
    can: canOf(row, viewerId, now),
    fundEntryId: creator ? String(row.fundEntryId) : null,
    refundEntryId: creator && row.refundEntryId !== null ? String(row.refundEntryId) : null,
  };
}

export function presentSubmission(row: SubmissionRow) {
  return {
    id: String(row.id),
    bountyId: String(row.bountyId),
    person: { uid: String(row.userUid), name: row.userName, avatar: row.userAvatar },
    text: row.body,
    link: servableLink(row.link),
    imageId: row.imageId,
    state: row.state,
    reason: row.reason,
    amount: row.state === 'approved' ? formatAmount(row.reward, row.decimals) : null,
    entryId: row.entryId === null ? null : String(row.entryId),
    createdAt: row.createdAt.toISOString(),
    reviewedAt: row.reviewedAt === null ? null : row.reviewedAt.toISOString(),
  };
}
