import { EmptyInput, Status } from '@polaris/contract';
import { activitySchemas } from '@polaris/contract/schemas';
import { AppError } from '../../platform/errors.ts';
import type { Router } from '../../platform/router.ts';
import type { CheckinService } from './checkin.service.ts';
import type { NftService } from './nfts.service.ts';

const tags = ['activity'];

/** Check-in at the venue, and the attendance NFTs it mints (their badge and metadata are public files). */
export function checkinRoutes(
  router: Router,
  { checkins, nfts }: { checkins: CheckinService; nfts: NftService },
): void {
  router.route({
    ...activitySchemas.checkin,
    summary:
      "A host checks in a ticket by its QR payload (a queued offline scan with its scan time); once per ticket; mints the attendee's NFT",
    tags,
    auth: 'user',
    handler: ({ input, user }) => checkins.checkInTicket(user.id, input.activityId, input.ticketCode, input.scannedAt),
  });

  router.route({
    ...activitySchemas.checkinSelf,
    summary: "An attendee checks in with the venue's rotating 6-digit code",
    tags,
    auth: 'user',
    rateLimit: 'auth',
    handler: ({ input, user }) => checkins.selfCheckIn(user.id, input.activityId, input.signCode),
  });

  router.route({
    ...activitySchemas.checkinUndo,
    summary: 'Undo a check-in; burns its NFT',
    tags,
    auth: 'user',
    handler: ({ input, user }) => checkins.undo(user.id, input.activityId, input.registrationId),
  });

  router.route({
    ...activitySchemas.nfts,
    summary: "The user's attendance NFTs, newest first",
    tags,
    auth: 'user',
    handler: ({ input, user }) => nfts.myNfts(user.id, input.cursor, input.limit),
  });

  router.route({
    ...activitySchemas.nftOwner,
    summary: "Whether the public metadata of one of the user's NFTs names them (hidden by default)",
    tags,
    auth: 'user',
    handler: ({ input, user }) => nfts.setOwnerVisibility(user.id, input.tokenId, input.visible),
  });

  router.raw({
    method: 'GET',
    path: '/activity/nft/:publicId/image.svg',
    summary: "An attendance NFT's badge",
    tags,
    auth: 'public',
    input: EmptyInput,
    params: { publicId: '0123456789abcdef0123456789abcdef' },
    produces: 'image/svg+xml',
    handler: async ({ params }) => ({
      type: 'image/svg+xml',
      headers: { 'cache-control': 'public, max-age=300' },
      body: await nfts.image(publicNftId(params.publicId)),
    }),
  });

  router.raw({
    method: 'GET',
    path: '/activity/nft/:publicId/metadata.json',
    summary: "An attendance NFT's ERC-721 metadata; names the holder only if they chose so",
    tags,
    auth: 'public',
    input: EmptyInput,
    params: { publicId: '0123456789abcdef0123456789abcdef' },
    produces: 'application/json',
    handler: async ({ params }) => ({
      type: 'application/json; charset=utf-8',
      headers: { 'cache-control': 'public, max-age=300' },
      body: await nfts.metadata(publicNftId(params.publicId)),
    }),
  });
}

/** Public NFT links carry a random 32-hex-digit id; anything else is simply not found. */
function publicNftId(text: string): string {
  if (!/^[0-9a-f]{32}$/.test(text)) throw new AppError(Status.notFound, 'http.404');
  return text;
}
