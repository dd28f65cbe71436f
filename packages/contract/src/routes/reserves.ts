import { route } from '../api-route.ts';
import type { EmptyInput } from '../auth.ts';
import type * as s from '../reserves.ts';

/** The reserves module's calls (apps/server/src/modules/reserves): paths and types only; schemas in reserves.schemas.ts. */
export const reservesApi = {
  reservesLatest: route<typeof EmptyInput, typeof s.ReservesLatestOutput>('GET', '/wallet/reserves/latest'),
  reservesMine: route<typeof EmptyInput, typeof s.ReservesMineOutput>('GET', '/wallet/reserves/mine'),
  adminReservesPublish: route<typeof s.ReservesPublishInput, typeof s.ReservesSnapshotOutput>(
    'POST',
    '/admin/reserves/publish',
  ),
};
