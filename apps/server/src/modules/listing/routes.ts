import { EmptyInput, FILE_PATHS, LISTING_LIMITS, UploadImageOutput } from '@polaris/contract';
import { listingSchemas } from '@polaris/contract/schemas';
import type { FastifyRequest } from 'fastify';
import type { Router } from '../../platform/router.ts';
import type { ListingService } from './service.ts';

const tags = ['listing'];
export function listingRoutes(router: Router, listings: ListingService): void {
  router.raw({
    method: 'POST',
    path: FILE_PATHS.listingLogoUpload,
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
    ...listingSchemas.shelvesCoinApply,
    summary: 'Apply to list a token: name, symbol, chain, contract (checked for the chain), logo, links, contact',
    tags,
    auth: 'user',
    handler: ({ input, user }) => listings.apply(user.id, input),
  });
  router.route({
    ...listingSchemas.shelvesCoinMine,
    summary: "The caller's listing applications and their review state, newest first",
    tags,
    auth: 'user',
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
    ...listingSchemas.adminListingPending,
    summary: 'Listing applications waiting for review, oldest first (operator token)',
    tags: ['operator'],
    auth: 'public',
    handler: async ({ request }) => {
      guard(request);
      return listings.pending();
    },
  });
  router.route({
    ...listingSchemas.adminListingReview,
    summary: 'Approve (into the catalogue, switched off) or reject a listing application (operator token)',
    tags: ['operator'],
    auth: 'public',
    handler: async ({ input, request }) => {
      guard(request);
      return listings.review(input);
    },
  });
  router.route({
    ...listingSchemas.adminListingNetwork,
    summary: "Switch a listed token's deposits and withdrawals on a chain, and set its limits (operator token)",
    tags: ['operator'],
    auth: 'public',
    handler: async ({ input, request }) => {
      guard(request);
      return listings.network(input);
    },
  });
}
