import { pushSchemas } from '@polaris/contract/schemas';
import type { Router } from '../../platform/router.ts';
import type { PushService } from './service.ts';

const tags = ['notice'];

export function pushRoutes(router: Router, push: PushService): void {
  router.route({
    ...pushSchemas.vapid,
    summary: 'The VAPID public key browsers subscribe with, and which push channels this server has',
    tags,
    auth: 'optional',
    handler: async () => push.vapid(),
  });

  router.route({
    ...pushSchemas.subscribe,
    summary:
      'Push to this browser (a PushSubscription: `endpoint` on a known push service, `keys`) or device (`kind` fcm/apns, `token`) until it unsubscribes or this session ends',
    tags,
    auth: 'user',
    handler: ({ input, user }) => push.subscribe(user, input),
  });

  router.route({
    ...pushSchemas.unsubscribe,
    summary: 'Stop pushing to this browser (`endpoint`) or device (`token`)',
    tags,
    auth: 'user',
    handler: async ({ input, user }) => {
      await push.unsubscribe(user.id, input);
      return {};
    },
  });
}
