import type { Tx } from '../../db/client.ts';

/**
 * Attendance NFTs on a chain (`CHAIN_NFT`): what the activity module needs of a chain, implemented by the chain
 * module (chain/nft.service.ts) and handed in at wiring (app-modules.ts, `ChainService.nft`).
 *
 * The activity module owns the tokens' rows and their on-chain state (`attendance_nfts.chain_state`), and runs the
 * worker that batches them (nft-chain.service.ts); the chain module only signs a batch from the hot wallet (a
 * database nonce, written before broadcast, as withdrawals) and, once its sender settles the transaction, reports
 * how it ended, in the sender's transaction. So no module writes another's table, the chain module keeps no copy of
 * the tokens, and the contract's ABI stays in the chain module.
 */

/** One token of a mint batch: its id on the chain and the address that receives it. */
interface NftMint {
  tokenId: bigint;
  to: string;
}

/** A batch's transaction, mined deep enough: the attempt the chain kept and whether it succeeded. */
export interface NftBatchOutcome {
  ref: string;
  hash: string;
  succeeded: boolean;
}

/** Signs batches from the hot wallet at the fees read when it was made; each call writes one transaction. */
export interface NftBatchSigner {
  /** One `mintBatch(to[], ids[])` (purpose `nft_mint`), signed and written in the caller's transaction; its hash. */
  mint(tx: Tx, ref: string, items: NftMint[]): Promise<string>;
  /** One `burnBatch(ids[])` (purpose `nft_burn`), likewise. */
  burn(tx: Tx, ref: string, tokenIds: bigint[]): Promise<string>;
}

export interface NftChainPort {
  /** The catalogue's chain id, its name and its symbol (CHAIN_NFT). */
  readonly chainId: number;
  readonly chainName: string;
  readonly chainSymbol: string;
  /** The AttendanceNFT contract (CHAIN_NFT_CONTRACT). */
  readonly contract: string;
  /** Our custody address, the hot wallet: where a token goes unless its holder chose an address of their own. */
  readonly custodyAddress: string | undefined;
  /**
   * A signer for one worker run, or undefined where this process does not sign (no hot wallet key). It reads the
   * fee market from the node: call it before opening the transaction.
   */
  signer(): Promise<NftBatchSigner | undefined>;
  /** What to run, in the sender's transaction, when a batch (a reference starting with `nft:`) is settled. */
  onSettled(handler: (tx: Tx, outcome: NftBatchOutcome) => Promise<void>): void;
}

/** The prefix of every batch reference (`nft:mint:…`, `nft:burn:…`), which routes its settlement here. */
export const NFT_REF_PREFIX = 'nft';
