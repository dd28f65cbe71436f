import { createHash } from 'node:crypto';
import { type Language, languageOf, translate } from '@polaris/contract';
import type { PushMessage } from '../notifications/push.port.ts';

/** What the notifications worker hands a push sender (the `PushSender` port of modules/notifications). */
export type { PushMessage };

export type PushOutcome = 'sent' | 'none' | 'retry';

/** The button a notification shows beside a tap on it, by kind; every button opens the notice's link. */
const ACTION_OF_KIND: Record<string, 'openTicket' | 'claim' | 'reply' | undefined> = {
  registrationConfirmed: 'openTicket',
  registrationApproved: 'openTicket',
  waitlistPromoted: 'openTicket',
  activityReminder: 'openTicket',
  activityChanged: 'openTicket',
  redpacketReceived: 'claim',
  mention: 'reply',
  reply: 'reply',
  directMessage: 'reply',
};

/**
 * The JSON a service worker receives (apps/web/sw/sw.js) and a native notification carries in its data: text
 * already in the user's language, the deep link, and action titles translated here (a worker has no catalogue).
 */
export interface PushPayload {
  title: string;
  body: string;
  tag: string;
  kind: string;
  noticeId: string;
  link: string | null;
  actions: { action: string; title: string }[];
}

export function pushPayload(message: PushMessage, language: string | null): PushPayload {
  const lang: Language = languageOf(language);
  const action = message.link ? ACTION_OF_KIND[message.kind] : undefined;
  return {
    title: message.title,
    body: message.body,
    tag: message.tag,
    kind: message.kind,
    noticeId: String(message.noticeId),
    link: message.link,
    actions: action ? [{ action, title: translate(lang, `push.actions.${action}`) }] : [],
  };
}

/**
 * A Web Push `Topic` (RFC 8030 §5.4: at most 32 URL-safe characters): a newer message with the same topic
 * replaces one still waiting at the push service for an offline browser. A hash of the tag.
 */
export function topicOf(tag: string): string | undefined {
  return tag ? createHash('sha256').update(tag).digest('base64url').slice(0, 32) : undefined;
}

/** Chat and red packets are urgent to the person; a membership notice is not. */
export function urgencyOf(kind: string): 'high' | 'normal' | 'low' {
  if (['mention', 'reply', 'directMessage', 'redpacketReceived', 'newDevice', 'liveStarted'].includes(kind)) {
    return 'high';
  }
  if (['membershipExpiring', 'membershipRenewed', 'bountyDeadline'].includes(kind)) return 'low';
  return 'normal';
}
