import type { LiveTopic, Notice } from '@polaris/contract';
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { activityKeys } from '@/api/activity.ts';
import { authKeys } from '@/api/auth.ts';
import { bountyKeys } from '@/api/bounty.ts';
import { chatKeys } from '@/api/chat.ts';
import { chatGuardKeys } from '@/api/chat-guard.ts';
import { addToInbox, markReadLocally, noticeKeys } from '@/api/notice.ts';
import { redPacketKeys } from '@/api/redpacket.ts';
import { vipKeys } from '@/api/vip.ts';
import { walletKeys } from '@/api/wallet-keys.ts';
import type { ChatSocket, UserFrame } from '@/lib/chat-socket.ts';

/**
 * Screens that update by themselves (docs/notifications.md "Screens"): the chat socket carries the signed-in user's
 * `notice` and `changed` frames; each `changed` topic names the TanStack Query keys whose data it made stale, and
 * refetching those (only the ones on screen refetch at once) is all a screen needs. Nothing here polls.
 */

/** The queries a change of `topic` (about `ref`, when it names one thing) makes stale. */
export function keysFor(topic: LiveTopic, ref: string | null): QueryKey[] {
  switch (topic) {
    // Balances, records, the deposit page: all under the wallet's keys.
    case 'wallet':
      return [walletKeys.all];
    // A ticket of the activity `ref`: its page (my registration, the QR or "checked in") and my ticket lists.
    case 'ticket':
      return ref
        ? [activityKeys.detail(ref), [...activityKeys.all, 'tickets']]
        : [
            [...activityKeys.all, 'detail'],
            [...activityKeys.all, 'tickets'],
          ];
    // A red packet's remaining shares and claims, and my packets' totals.
    case 'redpacket':
      return ref
        ? [redPacketKeys.detail(ref), redPacketKeys.claims(ref), redPacketKeys.info(), [...redPacketKeys.all, 'mine']]
        : [redPacketKeys.all];
    // A bounty's status and submissions, and my bounties.
    case 'bounty':
      return ref
        ? [bountyKeys.detail(ref), [...bountyKeys.all, 'submissions', ref], [...bountyKeys.all, 'mine']]
        : [bountyKeys.all];
    // The tier shows on the membership page and in the user info.
    case 'membership':
      return [vipKeys.all, authKeys.userInfo()];
    case 'notices':
      return [noticeKeys.all];
    // Unread chat messages (the Community tab's badge) and the room list's counts.
    case 'chat':
      return [noticeKeys.unread(), chatKeys.mine()];
    // A held message in the room `ref` was approved or refused (mine), or started waiting (I am an admin): the
    // conversation's list of mine and the admins' queue with its count.
    case 'chatHeld':
      return [ref ? chatGuardKeys.held(ref) : ['chat', 'held']];
  }
}

/** After a gap in the socket (a reconnect), frames may have been missed: everything a topic covers may be stale. */
const KEYS_AFTER_GAP: readonly QueryKey[] = [
  noticeKeys.all,
  walletKeys.all,
  [...activityKeys.all, 'detail'],
  [...activityKeys.all, 'tickets'],
  redPacketKeys.all,
  [...bountyKeys.all, 'detail'],
  vipKeys.all,
  chatKeys.mine(),
];

/**
 * Whether `link` is the page on screen (`here`: the router's pathname and search): the same path, and every query
 * parameter of the link with the same value.
 */
export function isOnPage(link: string, here: string): boolean {
  const target = new URL(link, 'http://app');
  const current = new URL(here, 'http://app');
  if (target.pathname !== current.pathname) return false;
  for (const [name, value] of target.searchParams) if (current.searchParams.get(name) !== value) return false;
  return true;
}

export interface LiveEffects {
  client: QueryClient;
  /** The page on screen now: pathname and search. */
  here(): string;
  /** Shows the small banner for a new notice. */
  banner(notice: Notice): void;
}

/**
 * What one frame does. A `notice` and a `read` carry the new state (the notice, what was read, the counts after),
 * which is written into the cached inbox and counts: nothing is asked again. Only `changed`, which carries no
 * data, refetches.
 */
export function handleUserFrame(frame: UserFrame, effects: LiveEffects): void {
  const { client } = effects;
  if (frame.type === 'changed') {
    for (const queryKey of keysFor(frame.topic, frame.ref)) void client.invalidateQueries({ queryKey });
    return;
  }
  if (frame.type === 'read') {
    markReadLocally(client, frame.ids ? { ids: frame.ids } : { all: true, category: frame.category });
    client.setQueryData(noticeKeys.unread(), frame.unread);
    return;
  }
  client.setQueryData(noticeKeys.unread(), frame.unread);
  addToInbox(client, frame.notice);
  // The inbox lists it at once; someone already on the notice's page needs no banner pointing there.
  const { link } = frame.notice;
  if (link && isOnPage(link, effects.here())) return;
  effects.banner(frame.notice);
}

/**
 * Keeps the socket open while signed in and routes its user frames; after a reconnect (not the first open) the
 * topics' queries are refreshed, since frames sent meanwhile were lost. Returns the function that stops it.
 */
export function startLiveUpdates(socket: ChatSocket, effects: LiveEffects): () => void {
  const release = socket.hold();
  const stopFrames = socket.onUserFrame((frame) => handleUserFrame(frame, effects));
  let opened = socket.status === 'open';
  let openedBefore = opened;
  const stopStatus = socket.onChange(() => {
    const open = socket.status === 'open';
    if (open && !opened && openedBefore) {
      for (const queryKey of KEYS_AFTER_GAP) void effects.client.invalidateQueries({ queryKey });
    }
    if (open) openedBefore = true;
    opened = open;
  });
  return () => {
    stopStatus();
    stopFrames();
    release();
  };
}
