import { EmptyInput } from '@polaris/contract';
import { activitySchemas } from '@polaris/contract/schemas';
import type { Router } from '../../platform/router.ts';
import type { NftChainService } from './nft-chain.service.ts';

const tags = ['activity'];

/** Attendance NFTs on a chain: the ticket's NFT there, the holder's own address for it, and the contract's tokenURI. */
export function nftChainRoutes(router: Router, { nftChain }: { nftChain: NftChainService }): void {
  router.route({
    ...activitySchemas.ticketNft,
    summary:
      "The caller's ticket's attendance NFT on its chain (queued, minted, burning, burned), chain, contract and token id; nothing off chain",
    tags,
    auth: 'user',
    handler: ({ input, user }) => nftChain.ticketNft(user.id, input.activityId),
  });

  router.route({
    ...activitySchemas.ticketNftAddress,
    summary:
      "The holder's own EVM address for their attendance NFT, before it is minted (null: the platform's custody address)",
    tags,
    auth: 'user',
    handler: ({ input, user }) => nftChain.setAddress(user.id, input.activityId, input.address),
  });

  router.raw({
    method: 'GET',
    path: '/nft/metadata/:tokenId',
    summary:
      "An attendance NFT's ERC-721 metadata by its token id on the chain (the contract's tokenURI); names the holder only if they chose so",
    tags,
    auth: 'public',
    input: EmptyInput,
    params: { tokenId: '1234567890' },
    produces: 'application/json',
    handler: async ({ params }) => ({
      type: 'application/json; charset=utf-8',
      headers: { 'cache-control': 'public, max-age=300' },
      body: await nftChain.metadataByTokenId(params.tokenId),
    }),
  });
}
