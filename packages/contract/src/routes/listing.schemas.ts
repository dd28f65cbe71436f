import { withSchemas } from '../api-route.ts';
import { EmptyInput } from '../auth.ts';
import * as s from '../listing.ts';
import { listingApi as api } from './listing.ts';

/** The listing module's calls with their schemas: what the server registers and development builds parse with. */
export const listingSchemas = {
  shelvesCoinApply: withSchemas(api.shelvesCoinApply, s.ListingApplyInput, s.ListingOutput),
  shelvesCoinMine: withSchemas(api.shelvesCoinMine, s.ListingMineInput, s.ListingMineOutput),
  adminListingPending: withSchemas(api.adminListingPending, EmptyInput, s.ListingPendingOutput),
  adminListingReview: withSchemas(api.adminListingReview, s.ListingReviewInput, s.ListingReviewOutput),
  adminListingNetwork: withSchemas(api.adminListingNetwork, s.ListingNetworkInput, s.ListingNetworkOutput),
};
