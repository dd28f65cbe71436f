import type * as s from '../activity-series.ts';
import { route } from '../api-route.ts';
import type { EmptyOutput } from '../auth.ts';

/** Recurring series of activities (apps/server/src/modules/activity/series): paths and types only; schemas beside. */
export const activitySeriesApi = {
  create: route<typeof s.SeriesCreateInput, typeof s.SeriesOutput>('POST', '/activity/series/create'),
  get: route<typeof s.SeriesIdInput, typeof s.SeriesOutput>('GET', '/activity/series'),
  of: route<typeof s.SeriesOfInput, typeof s.SeriesOfOutput>('GET', '/activity/series/of'),
  end: route<typeof s.SeriesIdInput, typeof s.SeriesOutput>('POST', '/activity/series/end'),
  follow: route<typeof s.SeriesFollowInput, typeof EmptyOutput>('POST', '/activity/series/follow'),
  updateFollowing: route<typeof s.SeriesUpdateFollowingInput, typeof s.SeriesUpdateFollowingOutput>(
    'POST',
    '/activity/series/updateFollowing',
  ),
  promoCreate: route<typeof s.SeriesPromoCreateInput, typeof s.SeriesPromoCreateOutput>(
    'POST',
    '/activity/series/promoCreate',
  ),
};
