import * as s from '../activity-series.ts';
import { withSchemas } from '../api-route.ts';
import { EmptyOutput } from '../auth.ts';
import { activitySeriesApi as api } from './activity-series.ts';

/** Series calls with their schemas: what the server registers and development builds parse with. */
export const activitySeriesSchemas = {
  create: withSchemas(api.create, s.SeriesCreateInput, s.SeriesOutput),
  get: withSchemas(api.get, s.SeriesIdInput, s.SeriesOutput),
  of: withSchemas(api.of, s.SeriesOfInput, s.SeriesOfOutput),
  end: withSchemas(api.end, s.SeriesIdInput, s.SeriesOutput),
  follow: withSchemas(api.follow, s.SeriesFollowInput, EmptyOutput),
  updateFollowing: withSchemas(api.updateFollowing, s.SeriesUpdateFollowingInput, s.SeriesUpdateFollowingOutput),
  promoCreate: withSchemas(api.promoCreate, s.SeriesPromoCreateInput, s.SeriesPromoCreateOutput),
};
