import { route } from '../api-route.ts';
import type { EmptyInput } from '../auth.ts';
import type {
  ListingApplyInput,
  ListingMineInput,
  ListingMineOutput,
  ListingNetworkInput,
  ListingNetworkOutput,
  ListingOutput,
  ListingPendingOutput,
  ListingReviewInput,
  ListingReviewOutput,
} from '../listing.ts';

/** The listing module's calls (apps/server/src/modules/listing): paths and types only; schemas in listing.schemas.ts. */
export const listingApi = {
  shelvesCoinApply: route<typeof ListingApplyInput, typeof ListingOutput>('POST', '/shelves-coin/apply'),
  shelvesCoinMine: route<typeof ListingMineInput, typeof ListingMineOutput>('GET', '/shelves-coin/mine'),
  adminListingPending: route<typeof EmptyInput, typeof ListingPendingOutput>('GET', '/admin/listing/pending'),
  adminListingReview: route<typeof ListingReviewInput, typeof ListingReviewOutput>('POST', '/admin/listing/review'),
  adminListingNetwork: route<typeof ListingNetworkInput, typeof ListingNetworkOutput>('POST', '/admin/listing/network'),
};
