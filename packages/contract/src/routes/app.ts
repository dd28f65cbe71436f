import { route } from '../api-route.ts';
import type { AppConfigOutput, HealthOutput } from '../app.ts';
import type { EmptyInput, EmptyOutput } from '../auth.ts';
import type { ClientDeviceInput, ClientLatestInput, ClientReleaseOutput } from '../client.ts';

/** The app module's calls (apps/server/src/modules/app): paths and types only; schemas in app.schemas.ts. */
export const appApi = {
  health: route<typeof EmptyInput, typeof HealthOutput>('GET', '/health'),
  config: route<typeof EmptyInput, typeof AppConfigOutput>('GET', '/app/config'),
  clientLastest: route<typeof ClientLatestInput, typeof ClientReleaseOutput>('POST', '/client/lastest'),
  clientDevice: route<typeof ClientDeviceInput, typeof EmptyOutput>('POST', '/client/device'),
};
