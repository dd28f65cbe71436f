import { route } from '../api-route.ts';
import type { EmptyInput, EmptyOutput } from '../auth.ts';
import type { PushSubscribeInput, PushSubscribeOutput, PushUnsubscribeInput, PushVapidOutput } from '../notice.ts';

/** The push module's calls (apps/server/src/modules/push): paths and types only; schemas in push.schemas.ts. */
export const pushApi = {
  vapid: route<typeof EmptyInput, typeof PushVapidOutput>('GET', '/push/vapid'),
  subscribe: route<typeof PushSubscribeInput, typeof PushSubscribeOutput>('POST', '/push/subscribe'),
  unsubscribe: route<typeof PushUnsubscribeInput, typeof EmptyOutput>('POST', '/push/unsubscribe'),
};
