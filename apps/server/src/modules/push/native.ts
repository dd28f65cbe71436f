import type { PushPayload } from './payload.ts';
import type { Delivery } from './transport.ts';

/**
 * Native push (the Capacitor shells): a device token goes to the platform's service through an adapter, FCM
 * (Android, and iOS through Firebase) or APNs (iOS directly). Each is on only with its credentials
 * (FCM_SERVICE_ACCOUNT_JSON; APNS_KEY_P8, APNS_KEY_ID, APNS_TEAM_ID, APNS_TOPIC); without them `available().native`
 * is false and a native token is refused.
 */
export interface NativePushAdapter {
  readonly kind: 'fcm' | 'apns';
  send(token: string, payload: PushPayload, options: NativeSendOptions): Promise<Delivery>;
  close?(): void;
}

export interface NativeSendOptions {
  urgency: 'high' | 'normal' | 'low';
  ttlSeconds: number;
}

/** What a native notification carries besides its text, as strings (FCM's data values must be). */
export function nativeData(payload: PushPayload): Record<string, string> {
  return {
    link: payload.link ?? '',
    kind: payload.kind,
    noticeId: payload.noticeId,
    tag: payload.tag,
    actions: JSON.stringify(payload.actions),
  };
}
