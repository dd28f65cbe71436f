import { z } from 'zod';
import { text } from '../text.ts';
import { activityIdField } from './fields.ts';

/**
 * Attendance NFTs on a chain (docs/activities.md, "Check-in and NFTs"): a ticket's NFT as its holder sees it there,
 * and the holder's choice of the address it is minted to. Without a chain for NFTs there is nothing to show.
 */

/** Where the NFT is: waiting for its batch (or in it), on the chain, being burned after an undone check-in, burned. */
export const NFT_CHAIN_STATES = ['queued', 'minted', 'burning', 'burned'] as const;

export const TicketNftInput = z.object({ activityId: activityIdField });
export const NftAddressInput = z.object({
  activityId: activityIdField,
  /** An EVM address of the holder's own; null or blank: the platform's custody address. */
  address: text().max(100).nullable(),
});
export const TicketNftOutput = z.object({
  /** The ticket's NFT on its chain; null off chain, before check-in, or when it was dequeued before its mint. */
  nft: z
    .object({
      state: z.enum(NFT_CHAIN_STATES),
      chain: z.object({ id: z.number(), name: z.string() }),
      contract: z.string(),
      /** The ERC-721 token id, decimal. */
      tokenId: z.string(),
      /** The holder's own address it is minted to; null: the platform's custody address. */
      owner: z.string().nullable(),
      /** The batch transaction that minted it, or burned it once burning. */
      txHash: z.string().nullable(),
    })
    .nullable(),
  /** The address chosen for this ticket's NFT; null: custody. */
  address: z.string().nullable(),
  /** Whether the holder may still choose it: a chain is set and the NFT is not in a mint yet. */
  canSetAddress: z.boolean(),
});
export type TicketNft = z.infer<typeof TicketNftOutput>;

/** Operator: deploy the attendance NFT contract from the hot wallet (`npm run chain:nft-deploy`). */
export const ChainNftDeployInput = z.object({
  chain: z.string().trim().min(1).max(20),
  /** The contract's base URI: `tokenURI(id)` is it and the decimal id (the server's `/nft/metadata/`). */
  baseUri: z.url({ protocol: /^https?$/ }).max(300),
});
export const ChainNftDeployOutput = z.object({
  /** Where the contract will be once the deployment is mined: CHAIN_NFT_CONTRACT. */
  contract: z.string(),
  hash: z.string(),
  /** The hot wallet, the contract's owner. */
  from: z.string(),
});
