// The chain-neutral shapes every chain family's code returns, so the deposit scanner and the sender handle all
// families alike. They belong beside the EVM scanner in chain/; they live here until whoever owns chain/ moves them
// (the Solana and TON work was limited to these two folders).

/** One incoming transfer to an address we watch, as found on a chain. */
export interface IncomingTransfer {
  /** Signature (Solana) or transaction hash (TON), as text. */
  txId: string;
  /** Position of this transfer within the transaction, so two transfers in one transaction are two deposits. */
  index: number;
  /** The watched owner address (for SPL: the token account's owner; for jettons: the jetton wallet's owner). */
  to: string;
  /** contract = SPL mint / jetton master address. */
  asset: { kind: 'native' } | { kind: 'token'; contract: string };
  /** Chain base units. */
  amount: bigint;
  /** Slot (Solana) or logical time (TON). */
  block: bigint;
}

/** A signed transfer out, ready to broadcast; nothing is broadcast by the builder. */
export interface SignedTransfer {
  txId: string;
  raw: Uint8Array | string;
}
