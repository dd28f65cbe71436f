import { withSchemas } from '../api-route.ts';
import { EmptyInput } from '../auth.ts';
import {
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
import { listingApi as api } from './listing.ts';

/** The listing module's calls with their schemas: what the server registers and development builds parse with. */
export const listingSchemas = {
  shelvesCoinApply: withSchemas(api.shelvesCoinApply, ListingApplyInput, ListingOutput),
  shelvesCoinMine: withSchemas(api.shelvesCoinMine, ListingMineInput, ListingMineOutput),
  adminListingPending: withSchemas(api.adminListingPending, EmptyInput, ListingPendingOutput),
  adminListingReview: withSchemas(api.adminListingReview, ListingReviewInput, ListingReviewOutput),
  adminListingNetwork: withSchemas(api.adminListingNetwork, ListingNetworkInput, ListingNetworkOutput),
};
