import { PATHS, type VipTierCode } from '@polaris/contract';
import { noticeDate } from '../../platform/notice-format.ts';
import type { NoticeEvent } from '../notifications/events.ts';

/** What the membership module tells the notifications module, after the commit (docs/notifications.md, "Events: bounties, membership, security"). */

/** The membership page. */
const VIP_PATH = PATHS.vip;

/** How long before a membership ends its member hears that it ends soon: three days (docs/notifications.md). */
export const EXPIRING_NOTICE_MS = 3 * 86_400_000;

/** A tier as notices name it, the same in every language (as the airdrop's "for PRO members" does). */
const tierName = (code: string) => code.toUpperCase();

/** After a buy, renewal or upgrade: the tier and its new end. One per order, so a replayed request adds nothing. */
export function membershipRenewed(input: {
  userId: number;
  orderId: string;
  tier: VipTierCode;
  endsAt: Date;
}): NoticeEvent {
  return {
    kind: 'membershipRenewed',
    key: `membershipRenewed:${input.orderId}`,
    userIds: [input.userId],
    params: { tier: tierName(input.tier), date: noticeDate(input.endsAt) },
    link: VIP_PATH,
  };
}

/**
 * The membership ends within EXPIRING_NOTICE_MS. One per member and period end: a renewal moves the end (a new
 * period, told again when it nears its end); an upgrade keeps it (told once).
 */
export function membershipExpiring(input: { userId: number; tier: string; endsAt: Date }): NoticeEvent {
  return {
    kind: 'membershipExpiring',
    key: expiringKey(input.userId, input.endsAt),
    userIds: [input.userId],
    params: { tier: tierName(input.tier), date: noticeDate(input.endsAt) },
    link: VIP_PATH,
  };
}

/** `membershipExpiring:<user>:<period end in ms since the epoch>`; the store builds the same text in SQL. */
const expiringKey = (userId: number, endsAt: Date) => `membershipExpiring:${userId}:${endsAt.getTime()}`;
