import {
  EmptyInput,
  EmptyOutput,
  PushSubscribeInput,
  PushSubscribeOutput,
  PushUnsubscribeInput,
  PushVapidOutput,
} from '@polaris/contract';
import type { Router } from '../../platform/router.ts';
import type { PushService } from './service.ts';

const tags = ['notice'];

export function pushRoutes(router: Router, push: PushService): void {
  router.route({
    method: 'GET',
    path: '/push/vapid',
    summary: 'The VAPID public key browsers subscribe with, and which push channels this server has',
    tags,
    auth: 'optional',
    input: EmptyInput,
    output: PushVapidOutput,
    handler: async () => push.vapid(),
  });

  router.route({
    method: 'POST',
    path: '/push/subscribe',
    summary:
      'Push to this browser (a PushSubscription: `endpoint` on a known push service, `keys`) or device (`kind` fcm/apns, `token`) until it unsubscribes or this session ends',
    tags,
    auth: 'user',
    input: PushSubscribeInput,
    output: PushSubscribeOutput,
    handler: ({ input, user }) => push.subscribe(user, input),
  });

  router.route({
    method: 'POST',
    path: '/push/unsubscribe',
    summary: 'Stop pushing to this browser (`endpoint`) or device (`token`)',
    tags,
    auth: 'user',
    input: PushUnsubscribeInput,
    output: EmptyOutput,
    handler: async ({ input, user }) => {
      await push.unsubscribe(user.id, input);
      return {};
    },
  });
}
