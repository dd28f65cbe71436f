import { href, PATHS } from '@polaris/contract';
import { type NoticeAmountParam, noticeDate } from '../../platform/notice-format.ts';
import type { NoticeEvent } from '../notifications/events.ts';

/**
 * What the bounty module tells the notifications module, after the commit (docs/notifications.md, "Events: bounties, membership, security"). Pure:
 * each function builds the events of one thing that happened; keys name the thing, never the moment it was told,
 * so a retry or a second process announcing it notifies nobody twice.
 */

/** The web app's pages of a bounty (the contract's path map). */
const bountyPaths = {
  detail: (id: number) => href(PATHS.bountyDetail, { id }),
  manage: (id: number) => href(PATHS.bountyManage, { id }),
};

/** To the creator: someone submitted work (the review queue opens). */
export function submissionReceived(input: {
  bountyId: number;
  creatorId: number;
  title: string;
  submissionId: number;
  submitterName: string;
}): NoticeEvent {
  return {
    kind: 'submissionReceived',
    key: `submissionReceived:${input.submissionId}`,
    userIds: [input.creatorId],
    params: { title: input.title, name: input.submitterName },
    link: bountyPaths.manage(input.bountyId),
  };
}

/** To the submitter: approved, and the reward is in their wallet. */
export function submissionApproved(input: {
  bountyId: number;
  title: string;
  submissionId: number;
  submitterId: number;
  amount: NoticeAmountParam;
}): NoticeEvent {
  return {
    kind: 'submissionApproved',
    key: `submissionApproved:${input.submissionId}`,
    userIds: [input.submitterId],
    params: { title: input.title, amount: input.amount },
    link: bountyPaths.detail(input.bountyId),
  };
}

/** To the submitter: not accepted, with the creator's reason (a rejection always has one). */
export function submissionRejected(input: {
  bountyId: number;
  title: string;
  submissionId: number;
  submitterId: number;
  reason: string;
}): NoticeEvent {
  return {
    kind: 'submissionRejected',
    key: `submissionRejected:${input.submissionId}`,
    userIds: [input.submitterId],
    params: { title: input.title, reason: input.reason },
    link: bountyPaths.detail(input.bountyId),
  };
}

/**
 * The deadline is near: to the creator (opening the review queue) and to everyone who submitted (opening the
 * bounty). One key for the bounty, so each of them is told once, whichever process runs the worker.
 */
export function bountyDeadline(input: {
  bountyId: number;
  creatorId: number;
  title: string;
  deadline: Date;
  submitterIds: number[];
}): NoticeEvent[] {
  const key = `bountyDeadline:${input.bountyId}`;
  const params = { title: input.title, date: noticeDate(input.deadline) };
  const events: NoticeEvent[] = [
    { kind: 'bountyDeadline', key, userIds: [input.creatorId], params, link: bountyPaths.manage(input.bountyId) },
  ];
  const others = [...new Set(input.submitterIds)].filter((id) => id !== input.creatorId);
  if (others.length > 0) {
    events.push({ kind: 'bountyDeadline', key, userIds: others, params, link: bountyPaths.detail(input.bountyId) });
  }
  return events;
}
