import type { TicketNft } from '@polaris/contract';
import type { NftChainState } from '../../db/schema/index.ts';
import type { NftChainPort } from './nft-chain.port.ts';
import type { NftRow } from './nfts.store.ts';

/** What the holder is told of each state: a batch in flight still reads as waiting, a queued burn as burning. */
const SHOWN: Record<NftChainState, NonNullable<TicketNft['nft']>['state']> = {
  queued: 'queued',
  minting: 'queued',
  minted: 'minted',
  burn_queued: 'burning',
  burning: 'burning',
  burned: 'burned',
};

/** A ticket's attendance NFT on its chain, as its holder sees it (the owner address is theirs to see). */
export function presentTicketNft(
  chain: Pick<NftChainPort, 'chainId' | 'chainName' | 'contract'>,
  nft: NftRow | undefined,
  choice: { address: string | null; canSetAddress: boolean },
): TicketNft {
  return {
    nft:
      nft?.chainState && nft.chainTokenId
        ? {
            state: SHOWN[nft.chainState],
            chain: { id: chain.chainId, name: chain.chainName },
            contract: chain.contract,
            tokenId: nft.chainTokenId,
            owner: nft.ownerAddress,
            txHash: nft.burnTx ?? nft.mintTx,
          }
        : null,
    address: choice.address,
    canSetAddress: choice.canSetAddress,
  };
}

/** Off chain: nothing to show, nothing to choose. */
export const OFF_CHAIN: TicketNft = { nft: null, address: null, canSetAddress: false };
