import { withSchemas } from '../api-route.ts';
import { EmptyInput, EmptyOutput } from '../auth.ts';
import { PushSubscribeInput, PushSubscribeOutput, PushUnsubscribeInput, PushVapidOutput } from '../notice.ts';
import { pushApi as api } from './push.ts';

/** The push module's calls with their schemas: what the server registers and development builds parse with. */
export const pushSchemas = {
  vapid: withSchemas(api.vapid, EmptyInput, PushVapidOutput),
  subscribe: withSchemas(api.subscribe, PushSubscribeInput, PushSubscribeOutput),
  unsubscribe: withSchemas(api.unsubscribe, PushUnsubscribeInput, EmptyOutput),
};
