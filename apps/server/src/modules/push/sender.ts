import type { FastifyBaseLogger } from 'fastify';
import webpush from 'web-push';
import type { Database } from '../../db/client.ts';
import type { PushSender } from '../notifications/push.port.ts';
import { acceptableEndpoint } from './endpoints.ts';
import type { NativePushAdapter } from './native.ts';
import { type PushMessage, type PushOutcome, pushPayload, topicOf, urgencyOf } from './payload.ts';
import {
  type DeliverableRow,
  deleteEndedSessionSubscriptions,
  deleteSubscription,
  deliverableSubscriptions,
  markDelivered,
} from './store.ts';
import { type Delivery, deliveryOf, httpsRequest } from './transport.ts';
import type { VapidKeys } from './vapid.ts';

/** How long a push service keeps a message for a device that is offline: a day, then it is stale. */
const TTL_SECONDS = 86_400;

export interface WebPushSenderDeps {
  db: Database;
  now: () => Date;
  log: FastifyBaseLogger;
  vapid: VapidKeys;
  /** VAPID_SUBJECT: `mailto:` or `https:`. */
  subject: string;
  /** PUSH_ENDPOINT_ALLOW, checked again before each request (a host allowed once may have been taken out). */
  endpointAllow: readonly string[];
  /** Each request's deadline (PUSH_TIMEOUT_MS). */
  timeoutMs: number;
  /** FCM and APNs, those configured (none: the native channel is off). */
  native?: { fcm?: NativePushAdapter; apns?: NativePushAdapter };
  /** Extra certificate authorities to trust (tests' local push services). */
  ca?: string | Buffer;
}

/**
 * The `PushSender` the notifications worker calls (modules/notifications/push.port.ts): one message to every
 * browser and device of a user, all at once, each request with its own deadline, so a hung push service delays
 * only its own recipient. Web Push is RFC 8291 `aes128gcm` with a VAPID signature (the `web-push` library builds
 * the request; transport.ts sends it). 404/410 deletes the subscription. The answer is `sent` when any device
 * took it, `retry` when none did but one may later (429, 5xx, a timeout: the caller backs off), `none` otherwise.
 */
export class WebPushSender implements PushSender {
  constructor(private readonly deps: WebPushSenderDeps) {}

  available(): { web: boolean; native: boolean; fcm: boolean; apns: boolean } {
    const fcm = Boolean(this.deps.native?.fcm);
    const apns = Boolean(this.deps.native?.apns);
    return { web: true, native: fcm || apns, fcm, apns };
  }

  async send(userId: number, message: PushMessage): Promise<PushOutcome> {
    const now = this.deps.now();
    await deleteEndedSessionSubscriptions(this.deps.db, userId, now);
    const targets = await deliverableSubscriptions(this.deps.db, userId, now);
    if (targets.length === 0) return 'none';
    const results = await Promise.all(targets.map((target) => this.deliver(target, message)));
    const delivered = targets.filter((_, index) => results[index] === 'ok').map((target) => target.id);
    await markDelivered(this.deps.db, delivered, now);
    for (const [index, result] of results.entries()) {
      if (result === 'gone') await deleteSubscription(this.deps.db, (targets[index] as DeliverableRow).id);
    }
    if (delivered.length > 0) return 'sent';
    return results.includes('retry') ? 'retry' : 'none';
  }

  close(): void {
    this.deps.native?.apns?.close?.();
    this.deps.native?.fcm?.close?.();
  }

  /** One subscription; never throws. */
  private async deliver(target: DeliverableRow, message: PushMessage): Promise<Delivery> {
    const payload = pushPayload(message, target.language);
    const urgency = urgencyOf(message.kind);
    try {
      if (target.kind === 'web') return await this.deliverWeb(target, JSON.stringify(payload), message.tag, urgency);
      const adapter = this.deps.native?.[target.kind];
      // A token of a channel turned off since (credentials removed): kept, in case they come back.
      if (!adapter) return 'failed';
      return await adapter.send(target.endpoint, payload, { urgency, ttlSeconds: TTL_SECONDS });
    } catch (error) {
      this.deps.log.warn({ err: error, kind: target.kind, subscription: target.id }, 'push failed; will retry');
      return 'retry';
    }
  }

  private async deliverWeb(
    target: DeliverableRow,
    body: string,
    tag: string,
    urgency: 'high' | 'normal' | 'low',
  ): Promise<Delivery> {
    if (!target.p256dh || !target.auth || !acceptableEndpoint(target.endpoint, this.deps.endpointAllow)) return 'gone';
    const request = webpush.generateRequestDetails(
      { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
      body,
      {
        vapidDetails: {
          subject: this.deps.subject,
          publicKey: this.deps.vapid.publicKey,
          privateKey: this.deps.vapid.privateKey,
        },
        contentEncoding: 'aes128gcm',
        TTL: TTL_SECONDS,
        urgency,
        topic: topicOf(tag),
      },
    );
    const answer = await httpsRequest({
      url: request.endpoint,
      method: 'POST',
      headers: request.headers as Record<string, string | number>,
      body: request.body,
      timeoutMs: this.deps.timeoutMs,
      ca: this.deps.ca,
    });
    const delivery = deliveryOf(answer.status);
    if (delivery === 'failed') {
      this.deps.log.warn(
        { status: answer.status, subscription: target.id, answer: answer.body.slice(0, 200) },
        'push refused',
      );
    }
    return delivery;
  }
}
