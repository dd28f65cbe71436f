import { base58 } from '@scure/base';
import {
  address,
  type EncodedAccount,
  getCompiledTransactionMessageDecoder,
  getSignatureFromTransaction,
  type MaybeEncodedAccount,
  type Transaction,
} from '@solana/kit';
import { FailedTransactionMetadata, type LiteSVM, type TransactionMetadata } from 'litesvm';
import { TOKEN_PROGRAM } from './deposits.ts';
import type { SolanaTokenBalance, SolanaTransaction } from './transaction.ts';

// litesvm returns a transaction's signature, inner instructions and error, but not the token balances an RPC node
// records; those are read here from the accounts before and after, the way the node computes them (every token
// account among the transaction's keys).

const TOKEN_ACCOUNT_SIZE = 165;

/** A classic token account's mint, owner and amount (the first 72 bytes of its layout), if it is initialised. */
function decodeTokenAccount(account: EncodedAccount): { mint: string; owner: string; amount: bigint } | undefined {
  const { data } = account;
  if (account.programAddress !== TOKEN_PROGRAM || data.length !== TOKEN_ACCOUNT_SIZE || data[108] === 0) {
    return undefined;
  }
  return {
    mint: base58.encode(data.subarray(0, 32)),
    owner: base58.encode(data.subarray(32, 64)),
    amount: new DataView(data.buffer, data.byteOffset + 64, 8).getBigUint64(0, true),
  };
}

/** The token balances among `accounts` (a transaction's, in key order), as the RPC lists them. */
function tokenBalancesOf(
  accounts: readonly MaybeEncodedAccount[],
  decimalsOf: (mint: string) => number,
): SolanaTokenBalance[] {
  return accounts.flatMap((account, accountIndex) => {
    const token = account.exists ? decodeTokenAccount(account) : undefined;
    if (!token) return [];
    const uiTokenAmount = { amount: token.amount.toString(), decimals: decimalsOf(token.mint) };
    return [{ accountIndex, mint: token.mint, owner: token.owner, uiTokenAmount }];
  });
}

interface LiteSvmRecord {
  slot: bigint;
  transaction: Transaction;
  result: TransactionMetadata | FailedTransactionMetadata;
  preTokenBalances: SolanaTokenBalance[];
  postTokenBalances: SolanaTokenBalance[];
}

/**
 * The message of a legacy or version-0 transaction without lookup tables: the ones the tests send. Others are
 * refused rather than half converted (their keys would be missing, or laid out differently for version 1).
 */
function staticMessage(transaction: Transaction) {
  const message = getCompiledTransactionMessageDecoder().decode(transaction.messageBytes);
  if (message.version === 1) throw new Error('version-1 transactions are not converted');
  if (message.version === 0 && message.addressTableLookups?.length) {
    throw new Error('address lookup tables are not resolved');
  }
  return message;
}

/** What litesvm gives for one transaction → the getTransaction shape the deposit finder reads. */
function fromLiteSvm(record: LiteSvmRecord): SolanaTransaction {
  const message = staticMessage(record.transaction);
  const { result } = record;
  const meta = result instanceof FailedTransactionMetadata ? result.meta() : result;
  const innerInstructions = meta.innerInstructions().flatMap((group, index) => {
    if (group.length === 0) return [];
    const instructions = group.map((inner) => {
      const ix = inner.instruction();
      return { programIdIndex: ix.programIdIndex(), accounts: [...ix.accounts()], data: base58.encode(ix.data()) };
    });
    return [{ index, instructions }];
  });
  return {
    slot: record.slot,
    transaction: {
      signatures: [getSignatureFromTransaction(record.transaction)],
      message: {
        accountKeys: [...message.staticAccounts],
        instructions: message.instructions.map((ix) => ({
          programIdIndex: ix.programAddressIndex,
          accounts: [...(ix.accountIndices ?? [])],
          data: base58.encode(new Uint8Array(ix.data ?? [])),
        })),
      },
    },
    meta: {
      err: result instanceof FailedTransactionMetadata ? result.err() : null,
      innerInstructions,
      preTokenBalances: record.preTokenBalances,
      postTokenBalances: record.postTokenBalances,
    },
  };
}

/** Sends a signed transaction to litesvm and returns it as an RPC node's getTransaction would. */
export function sendRecorded(svm: LiteSVM, transaction: Transaction): SolanaTransaction {
  const keys = staticMessage(transaction).staticAccounts;
  const decimalsOf = (mint: string) => {
    const account = svm.getAccount(address(mint));
    // A mint's decimals are the byte after its supply (offset 44 of the 82-byte layout).
    return account.exists ? account.data[44]! : 0;
  };
  const read = () =>
    tokenBalancesOf(
      keys.map((key) => svm.getAccount(key)),
      decimalsOf,
    );
  const slot = svm.getClock().slot;
  const preTokenBalances = read();
  const result = svm.sendTransaction(transaction);
  return fromLiteSvm({ slot, transaction, result, preTokenBalances, postTokenBalances: read() });
}
