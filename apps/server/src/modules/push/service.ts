import { PUSH_SUBSCRIPTIONS_PER_USER, type PushSubscribe, type PushVapid, Status } from '@polaris/contract';
import type { Database, Tx } from '../../db/client.ts';
import { AppError, FieldsError } from '../../platform/errors.ts';
import type { SessionUser } from '../../platform/session.ts';
import type { SessionsEnded } from '../../platform/session-events.ts';
import { acceptableEndpoint, unpadded, validAuth, validNativeToken, validP256dh } from './endpoints.ts';
import {
  countSubscriptions,
  deleteOwnSubscription,
  deleteSessionsSubscriptions,
  deleteUserSubscriptions,
  forgetSubscriptions,
  lockUserSubscriptions,
  saveSubscription,
  subscriptionByEndpoint,
} from './store.ts';

export interface PushServiceDeps {
  db: Database;
  now: () => Date;
  vapidPublicKey: string;
  /** PUSH_ENDPOINT_ALLOW: hosts beside the known push services. */
  endpointAllow: readonly string[];
  /** What the sender can reach (`WebPushSender.available()`). */
  available: () => { web: boolean; native: boolean; fcm: boolean; apns: boolean };
}

/**
 * Push subscriptions (docs/notifications.md "Push"): the VAPID key browsers subscribe with, subscribing and
 * unsubscribing a browser or device, and letting go of those whose session ended. Sending is `WebPushSender`'s.
 */
export class PushService {
  constructor(private readonly deps: PushServiceDeps) {}

  /** Deleting an account, inside its transaction: every push address it registered. */
  forgetUser(tx: Tx, userId: number): Promise<void> {
    return forgetSubscriptions(tx, userId);
  }

  vapid(): PushVapid {
    const { web, native } = this.deps.available();
    return { publicKey: this.deps.vapidPublicKey, web, native };
  }

  /**
   * Pushes to this browser or device go to the caller from now on, until they unsubscribe or this session ends.
   * At most PUSH_SUBSCRIPTIONS_PER_USER per account, claimed under a per-user lock (one more answers 409).
   */
  async subscribe(user: SessionUser, input: PushSubscribe): Promise<{ kind: PushSubscribe['kind']; subscribed: true }> {
    const values = this.checked(input);
    await this.deps.db.transaction(async (tx) => {
      await lockUserSubscriptions(tx, user.id);
      const existing = await subscriptionByEndpoint(tx, values.endpoint);
      const counted = existing?.userId === user.id;
      if (!counted && (await countSubscriptions(tx, user.id)) >= PUSH_SUBSCRIPTIONS_PER_USER) {
        throw new AppError(Status.conflict, 'push.tooMany', { max: PUSH_SUBSCRIPTIONS_PER_USER });
      }
      await saveSubscription(tx, { ...values, userId: user.id, sessionId: user.sessionId, createdAt: this.deps.now() });
    });
    return { kind: input.kind, subscribed: true };
  }

  async unsubscribe(userId: number, input: { endpoint?: string; token?: string }): Promise<void> {
    const endpoint = input.endpoint ?? input.token;
    if (endpoint) await deleteOwnSubscription(this.deps.db, userId, endpoint);
  }

  /** Called on every process for every announcement of ended sessions; deleting twice changes nothing. */
  async sessionsEnded(event: SessionsEnded): Promise<void> {
    if ('userId' in event) await deleteUserSubscriptions(this.deps.db, event.userId);
    else await deleteSessionsSubscriptions(this.deps.db, event.sessionIds);
  }

  /** The row's values after the checks the schema cannot make: the endpoint's host, the keys' curve, the channel. */
  private checked(input: PushSubscribe) {
    if (input.kind === 'web') {
      const endpoint = input.endpoint ?? '';
      const keys = input.keys ?? { p256dh: '', auth: '' };
      const problems: { field: string; messageKey: string }[] = [];
      if (!acceptableEndpoint(endpoint, this.deps.endpointAllow)) {
        problems.push({ field: 'endpoint', messageKey: 'notice.pushEndpoint' });
      }
      if (!validP256dh(keys.p256dh)) problems.push({ field: 'keys.p256dh', messageKey: 'validation.invalid' });
      if (!validAuth(keys.auth)) problems.push({ field: 'keys.auth', messageKey: 'validation.invalid' });
      if (problems.length > 0) throw new FieldsError(problems);
      return { kind: 'web' as const, endpoint, p256dh: unpadded(keys.p256dh), auth: unpadded(keys.auth) };
    }
    if (!this.deps.available()[input.kind]) throw new AppError(Status.unavailable, 'notice.pushUnavailable');
    const token = input.token ?? '';
    if (!validNativeToken(input.kind, token)) {
      throw new FieldsError([{ field: 'token', messageKey: 'validation.invalid' }]);
    }
    return { kind: input.kind, endpoint: token, p256dh: null, auth: null };
  }
}
