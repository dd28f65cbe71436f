import type { NoticeKind } from '@polaris/contract';

/** One push notification, already written in the recipient's language. */
export interface PushMessage {
  title: string;
  body: string;
  /** The in-app path a tap opens, or null (the inbox then). */
  link: string | null;
  /** Notifications with the same tag replace each other on the device (the notice's key). */
  tag: string;
  kind: NoticeKind;
  noticeId: number;
}

/**
 * Where push notifications leave the server: Web Push and the native shells' push (docs/notifications.md). The
 * notifications module calls it from its delivery worker, outside any transaction.
 */
export interface PushSender {
  /** Which push channels this server can send on (native needs FCM/APNs credentials). */
  available(): { web: boolean; native: boolean };
  /**
   * Sends to every subscription of the user. `sent`: at least one device took it; `none`: the user has no
   * subscription (nothing to retry); `retry`: a push service failed or timed out, try again later. Should not
   * throw; a throw counts as `retry`.
   */
  send(userId: number, message: PushMessage): Promise<'sent' | 'none' | 'retry'>;
}
