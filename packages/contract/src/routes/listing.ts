import { route } from '../api-route.ts';
import type { EmptyInput } from '../auth.ts';
import type * as s from '../listing.ts';

/** The listing module's calls (apps/server/src/modules/listing): paths and types only; schemas in listing.schemas.ts. */
export const listingApi = {
  shelvesCoinApply: route<typeof s.ListingApplyInput, typeof s.ListingOutput>('POST', '/shelves-coin/apply'),
  shelvesCoinMine: route<typeof s.ListingMineInput, typeof s.ListingMineOutput>('GET', '/shelves-coin/mine'),
  adminListingPending: route<typeof EmptyInput, typeof s.ListingPendingOutput>('GET', '/admin/listing/pending'),
  adminListingReview: route<typeof s.ListingReviewInput, typeof s.ListingReviewOutput>('POST', '/admin/listing/review'),
  adminListingNetwork: route<typeof s.ListingNetworkInput, typeof s.ListingNetworkOutput>(
    'POST',
    '/admin/listing/network',
  ),
};
