import { withSchemas } from '../api-route.ts';
import { EmptyInput } from '../auth.ts';
import * as s from '../reserves.ts';
import { reservesApi as api } from './reserves.ts';

/** The reserves module's calls with their schemas: what the server registers and development builds parse with. */
export const reservesSchemas = {
  reservesLatest: withSchemas(api.reservesLatest, EmptyInput, s.ReservesLatestOutput),
  reservesMine: withSchemas(api.reservesMine, EmptyInput, s.ReservesMineOutput),
  adminReservesPublish: withSchemas(api.adminReservesPublish, s.ReservesPublishInput, s.ReservesSnapshotOutput),
};
