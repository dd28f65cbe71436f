import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { Router } from '../../platform/router.ts';
import type { SessionEvents } from '../../platform/session-events.ts';
import { ApnsAdapter } from './apns.ts';
import { FcmAdapter } from './fcm.ts';
import { pushRoutes } from './routes.ts';
import { WebPushSender } from './sender.ts';
import { PushService } from './service.ts';
import { vapidKeys } from './vapid.ts';

/**
 * Builds the push module (docs/notifications.md "Push"): the VAPID keys, the sender with the native adapters
 * its credentials allow, the service, and the listener that deletes the subscriptions of ended sessions.
 * `sender` is the `PushSender` the notifications module is given; `routes` registers the routes once the router
 * exists; `stop` goes into the app's onClose.
 */
export async function createPush(deps: {
  db: Database;
  now: () => Date;
  config: Pick<Config, 'push' | 'dataDir'>;
  sessionEvents: Pick<SessionEvents, 'subscribe'>;
  log: FastifyBaseLogger;
  /** Extra certificate authorities push services are trusted by (tests' local peers). */
  ca?: string | Buffer;
}) {
  const { db, now, config, log, ca } = deps;
  const settings = config.push;
  const vapid = await vapidKeys({ vapid: settings.vapid, dataDir: config.dataDir }, log);
  const timeoutMs = settings.timeoutMs;
  const sender = new WebPushSender({
    db,
    now,
    log,
    vapid,
    subject: settings.subject,
    endpointAllow: settings.endpointAllow,
    timeoutMs,
    ca,
    native: {
      fcm: settings.fcm ? new FcmAdapter({ ...settings.fcm, timeoutMs, now, ca }) : undefined,
      apns: settings.apns ? new ApnsAdapter({ credentials: settings.apns, timeoutMs, now, ca }) : undefined,
    },
  });
  const push = new PushService({
    db,
    now,
    vapidPublicKey: vapid.publicKey,
    endpointAllow: settings.endpointAllow,
    available: () => sender.available(),
  });
  const unsubscribe = await deps.sessionEvents.subscribe((event) => {
    push
      .sessionsEnded(event)
      .catch((error: unknown) => log.error({ err: error }, 'could not delete ended sessions’ push subscriptions'));
  });
  return {
    push,
    sender,
    routes: (router: Router) => pushRoutes(router, push),
    stop: async () => {
      await unsubscribe();
      sender.close();
    },
  };
}
