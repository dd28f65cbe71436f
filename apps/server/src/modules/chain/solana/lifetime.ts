/**
 * Solana has no account nonce: a transaction names a recent blockhash, and the cluster accepts it only in a block
 * whose height is at most the blockhash's lastValidBlockHeight (its block's height + 150, as getLatestBlockhash
 * reports it). Its signature keeps it from being processed twice. So a withdrawal is re-sent as the same signed
 * bytes while it may still land, and signed anew (fresh blockhash, new signature) only once it provably cannot.
 */
export type SolanaTransferFate = 'landed' | 'pending' | 'dead';

export interface FinalizedView {
  /** The cluster's finalized block height (getBlockHeight at finalized commitment), read first. */
  blockHeight: bigint;
  /** Whether the signature has a status at finalized commitment (getSignatureStatuses, searching history), read after. */
  signatureFound: boolean;
}

/**
 * `dead` when a finalized block is already higher than the transfer's last valid height and the transfer is not in
 * the finalized chain: every block that could hold it is then an ancestor of that finalized block, so finalized too,
 * and it is in none of them. Anything less (a processed or confirmed height past the limit, a fork that may still
 * win) is `pending`, because a minority fork can still carry it. The order of the two reads matters: the status read
 * after the height covers every block up to that height.
 */
export function solanaTransferFate(lastValidBlockHeight: bigint, finalized: FinalizedView): SolanaTransferFate {
  if (finalized.signatureFound) return 'landed';
  return finalized.blockHeight > lastValidBlockHeight ? 'dead' : 'pending';
}
