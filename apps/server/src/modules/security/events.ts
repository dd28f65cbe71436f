import { PATHS } from '@polaris/contract';
import { noticeWord } from '../../platform/notice-format.ts';
import type { NoticeEvent } from '../notifications/events.ts';

/** What the security centre tells the notifications module, after the commit (docs/notifications.md, "Events: bounties, membership, security"). */

/** The authenticator page (apps/web/src/app/paths.ts `googleAuth`). */
const AUTHENTICATOR_PATH = PATHS.googleAuth;

/**
 * The authenticator (TOTP) was switched on or off. `since` is when the factor was switched on: with the change it
 * names the event (switching one enrolment on, and that enrolment off), so a repeat tells nobody twice. The
 * `change` param is a word of the catalogue (`notice.words.enabled` / `.disabled`), put in the reader's language
 * when the notice is read.
 */
export function secondFactorChanged(userId: number, change: 'enabled' | 'disabled', since: Date): NoticeEvent {
  return {
    kind: 'secondFactorChanged',
    key: `secondFactorChanged:${userId}:${since.getTime()}:${change}`,
    userIds: [userId],
    params: { change: noticeWord(change) },
    link: AUTHENTICATOR_PATH,
  };
}
