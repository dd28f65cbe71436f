import { z } from 'zod';
import { ImageOutput, imageIdField, limitField } from './activity/fields.ts';
import { idCursor } from './cursors.ts';
import { httpsUrl } from './links.ts';
import { text } from './text.ts';

/** Token listing applications, "shelves-coin" (docs/token-listing.md). */

export const LISTING_STATES = ['pending', 'approved', 'rejected'] as const;
export type ListingState = (typeof LISTING_STATES)[number];

export const LISTING_LIMITS = {
  nameMax: 40,
  urlMax: 200,
  contactMax: 120,
  descriptionMax: 2000,
  contractMax: 100,
  /** A logo is small: at most 1 MiB (JPEG, PNG or WebP), stored as WebP like every image. */
  logoMaxBytes: 1024 * 1024,
} as const;

const listingUrl = httpsUrl({ max: LISTING_LIMITS.urlMax, error: 'listing.urlInvalid' });

export const ListingApplyInput = z.object({
  name: text().min(1, { error: 'validation.required' }).max(LISTING_LIMITS.nameMax),
  symbol: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9]{2,12}$/, { error: 'listing.symbolInvalid' }),
  chainId: z.coerce.number({ error: 'listing.chainUnknown' }).int().min(0).max(100_000),
  contract: text().min(1, { error: 'validation.required' }).max(LISTING_LIMITS.contractMax),
  logoImageId: imageIdField,
  website: listingUrl,
  whitepaper: listingUrl,
  contact: text().min(1, { error: 'validation.required' }).max(LISTING_LIMITS.contactMax),
  description: text().min(1, { error: 'validation.required' }).max(LISTING_LIMITS.descriptionMax),
});
export type ListingApply = z.infer<typeof ListingApplyInput>;

export const ListingOutput = z.object({
  id: z.string(),
  name: z.string(),
  symbol: z.string(),
  chainId: z.number(),
  chain: z.string(),
  contract: z.string(),
  logo: ImageOutput.nullable(),
  website: z.string(),
  whitepaper: z.string(),
  contact: z.string(),
  description: z.string(),
  status: z.enum(LISTING_STATES),
  /** Why it was rejected, as the operator wrote it. */
  reviewNote: z.string().nullable(),
  createdAt: z.string(),
  reviewedAt: z.string().nullable(),
});
export type Listing = z.infer<typeof ListingOutput>;

export const ListingMineInput = z.object({ cursor: idCursor, limit: limitField });
export const ListingMineOutput = z.object({ items: z.array(ListingOutput), nextCursor: z.string().nullable() });

/** Operator routes behind `npm run listing:*` (docs/token-listing.md). */
export const ListingPendingOutput = z.object({ items: z.array(ListingOutput) });
export const ListingReviewInput = z.object({
  id: z.coerce.string().regex(/^\d{1,15}$/, { error: 'listing.notFound' }),
  decision: z.enum(['approve', 'reject'], { error: 'validation.invalid' }),
  /** Approve: the token's decimals (base units per coin as a power of ten). */
  decimals: z.coerce.number().int().min(0).max(36).optional(),
  /** Reject: the reason the applicant sees. */
  note: text().max(500).optional(),
});
export const ListingReviewOutput = z.object({ id: z.string(), status: z.enum(LISTING_STATES) });
export const ListingNetworkInput = z.object({
  asset: z.string().trim().toUpperCase().max(12),
  chainId: z.coerce.number().int().min(0).max(100_000),
  deposit: z.boolean().optional(),
  withdraw: z.boolean().optional(),
  withdrawFee: z.string().trim().max(64).optional(),
  withdrawMin: z.string().trim().max(64).optional(),
  withdrawMax: z.string().trim().max(64).optional(),
  confirmations: z.coerce.number().int().min(0).max(10_000).optional(),
});
export const ListingNetworkOutput = z.object({
  asset: z.string(),
  chainId: z.number(),
  depositEnabled: z.boolean(),
  withdrawEnabled: z.boolean(),
});
