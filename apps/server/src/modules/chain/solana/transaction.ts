// A Solana transaction as the RPC's getTransaction returns it with `encoding: 'json'` and
// `maxSupportedTransactionVersion: 0` (the part the deposit finder reads). @solana/kit's RPC client returns this
// shape with bigint slots, so an RPC adapter passes its answer through; the litesvm converter builds the same shape.
// Chosen over `jsonParsed` because the instruction bytes are the chain's own record: a parsed view depends on the
// RPC node's parsers and their version.

/** An instruction with its program and accounts as indices into the transaction's account keys. */
export interface SolanaInstruction {
  programIdIndex: number;
  accounts: readonly number[];
  /** Instruction data, base58. */
  data: string;
}

/** A token account's balance as the RPC records it before and after the transaction. */
export interface SolanaTokenBalance {
  accountIndex: number;
  mint: string;
  /** The token account's owner; absent in transactions recorded before validators kept it. */
  owner?: string;
  uiTokenAmount: { amount: string; decimals: number };
}

export interface SolanaTransaction {
  slot: bigint;
  transaction: {
    /** The first signature is the fee payer's and names the transaction. */
    signatures: readonly string[];
    message: { accountKeys: readonly string[]; instructions: readonly SolanaInstruction[] };
  };
  /** Null when the node kept no status for it: then nothing can be said about its effects. */
  meta: {
    err: unknown;
    /** Instructions that programs invoked (CPI), grouped by the top-level instruction that led to them. */
    innerInstructions?: readonly { index: number; instructions: readonly SolanaInstruction[] }[] | null;
    /** Accounts a version-0 transaction loaded from address lookup tables, after its static keys. */
    loadedAddresses?: { writable: readonly string[]; readonly: readonly string[] };
    preTokenBalances?: readonly SolanaTokenBalance[];
    postTokenBalances?: readonly SolanaTokenBalance[];
  } | null;
}

/** Every account the instructions index into: the static keys, then the lookup tables' writable, then read-only. */
export function accountKeysOf(tx: SolanaTransaction): readonly string[] {
  const loaded = tx.meta?.loadedAddresses;
  return loaded
    ? [...tx.transaction.message.accountKeys, ...loaded.writable, ...loaded.readonly]
    : tx.transaction.message.accountKeys;
}

/**
 * Every instruction that ran, in execution order: each top-level instruction followed by those it invoked.
 * The position in this order is stable for a given transaction, so it keys a transfer within it.
 */
export function executedInstructions(tx: SolanaTransaction): SolanaInstruction[] {
  const inner = new Map((tx.meta?.innerInstructions ?? []).map((group) => [group.index, group.instructions]));
  return tx.transaction.message.instructions.flatMap((ix, i) => [ix, ...(inner.get(i) ?? [])]);
}
