import {
  EmptyInput,
  LISTING_LIMITS,
  ListingApplyInput,
  ListingMineInput,
  ListingMineOutput,
  ListingNetworkInput,
  ListingNetworkOutput,
  ListingOutput,
  ListingPendingOutput,
  ListingReviewInput,
  ListingReviewOutput,
  UploadImageOutput,
} from '@polaris/contract';
import type { FastifyRequest } from 'fastify';
import type { Router } from '../../platform/router.ts';
import type { ListingService } from './service.ts';

const tags = ['listing'];
export function listingRoutes(router: Router, listings: ListingService): void {
  router.raw({
    method: 'POST',
    path: '/shelves-coin/logo/upload',
    summary: 'Upload a token logo (multipart `file`: JPEG, PNG or WebP, at most 1 MiB); stored as WebP',
    tags,
    auth: 'user',
    rateLimit: 'auth',
    input: EmptyInput,
    params: {},
    multipart: {
      fileSize: LISTING_LIMITS.logoMaxBytes,
      files: 1,
      fields: 5,
      parts: 6,
      missing: 'activity.imageMissing',
      tooLarge: 'listing.logoTooLarge',
    },
    output: UploadImageOutput,
    handler: ({ upload, user }) => listings.uploadLogo(user.id, upload!.bytes),
  });
  router.route({
    method: 'POST',
    path: '/shelves-coin/apply',
    summary: 'Apply to list a token: name, symbol, chain, contract (checked for the chain), logo, links, contact',
    tags,
    auth: 'user',
    input: ListingApplyInput,
    output: ListingOutput,
    handler: ({ input, user }) => listings.apply(user.id, input),
  });
  router.route({
    method: 'GET',
    path: '/shelves-coin/mine',
    summary: "The caller's listing applications and their review state, newest first",
    tags,
    auth: 'user',
    input: ListingMineInput,
    output: ListingMineOutput,
    handler: ({ input, user }) => listings.mine(user.id, input),
  });
}

/** `npm run listing:*` (docs/token-listing.md), behind the operator token. */
export function listingOperatorRoutes(
  router: Router,
  listings: ListingService,
  guard: (request: FastifyRequest) => void,
): void {
  router.route({
    method: 'GET',
    path: '/admin/listing/pending',
    summary: 'Listing applications waiting for review, oldest first (operator token)',
    tags: ['operator'],
    auth: 'public',
    input: EmptyInput,
    output: ListingPendingOutput,
    handler: async ({ request }) => {
      guard(request);
      return listings.pending();
    },
  });
  router.route({
    method: 'POST',
    path: '/admin/listing/review',
    summary: 'Approve (into the catalogue, switched off) or reject a listing application (operator token)',
    tags: ['operator'],
    auth: 'public',
    input: ListingReviewInput,
    output: ListingReviewOutput,
    handler: async ({ input, request }) => {
      guard(request);
      return listings.review(input);
    },
  });
  router.route({
    method: 'POST',
    path: '/admin/listing/network',
    summary: "Switch a listed token's deposits and withdrawals on a chain, and set its limits (operator token)",
    tags: ['operator'],
    auth: 'public',
    input: ListingNetworkInput,
    output: ListingNetworkOutput,
    handler: async ({ input, request }) => {
      guard(request);
      return listings.network(input);
    },
  });
}
