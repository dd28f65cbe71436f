import { withSchemas } from '../api-route.ts';
import { AppConfigOutput, HealthOutput } from '../app.ts';
import { EmptyInput, EmptyOutput } from '../auth.ts';
import { ClientDeviceInput, ClientLatestInput, ClientReleaseOutput } from '../client.ts';
import { appApi as api } from './app.ts';

/** The app module's calls with their schemas: what the server registers and development builds parse with. */
export const appSchemas = {
  health: withSchemas(api.health, EmptyInput, HealthOutput),
  config: withSchemas(api.config, EmptyInput, AppConfigOutput),
  clientLastest: withSchemas(api.clientLastest, ClientLatestInput, ClientReleaseOutput),
  clientDevice: withSchemas(api.clientDevice, ClientDeviceInput, EmptyOutput),
};
