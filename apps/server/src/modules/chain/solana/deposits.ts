import { base58 } from '@scure/base';
import { accountKeysOf, executedInstructions, type SolanaInstruction, type SolanaTransaction } from './transaction.ts';
import type { IncomingTransfer } from './transfer.ts';

const SYSTEM_PROGRAM = '11111111111111111111111111111111';
/**
 * The classic SPL Token program, the one the catalogue's USDT mint belongs to. Token-2022 is left out on purpose:
 * its transfer-fee extension makes the instruction's amount differ from what the account receives.
 */
export const TOKEN_PROGRAM = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA';

export interface SolanaWatch {
  /** Deposit addresses (base58 wallet owners). */
  owners: ReadonlySet<string>;
  /** The SPL mints the catalogue lists on the chain; transfers of any other mint are not deposits. */
  mints: ReadonlySet<string>;
}

/** Where an instruction moves value: the destination account's index, the amount, and the source's index if any. */
interface Credit {
  destination: number;
  source: number | undefined;
  amount: bigint;
}

function u64At(data: Uint8Array, offset: number): bigint | undefined {
  if (data.length < offset + 8) return undefined;
  return new DataView(data.buffer, data.byteOffset + offset, 8).getBigUint64(0, true);
}

/** System Transfer (2) and TransferWithSeed (11): the only system instructions that pay an existing account. */
function systemCredit(ix: SolanaInstruction, data: Uint8Array): Credit | undefined {
  if (data.length < 12) return undefined;
  const kind = new DataView(data.buffer, data.byteOffset, 4).getUint32(0, true);
  const amount = u64At(data, 4)!;
  if (kind === 2) return { source: ix.accounts[0], destination: ix.accounts[1]!, amount };
  if (kind === 11) return { source: ix.accounts[0], destination: ix.accounts[2]!, amount };
  return undefined;
}

/** Token Transfer (3), TransferChecked (12), MintTo (7), MintToChecked (14): every way a token account is credited. */
function tokenCredit(ix: SolanaInstruction, data: Uint8Array): Credit | undefined {
  const amount = u64At(data, 1);
  if (amount === undefined) return undefined;
  if (data[0] === 3) return { source: ix.accounts[0], destination: ix.accounts[1]!, amount };
  if (data[0] === 12) return { source: ix.accounts[0], destination: ix.accounts[2]!, amount };
  if (data[0] === 7 || data[0] === 14) return { source: undefined, destination: ix.accounts[1]!, amount };
  return undefined;
}

/**
 * The deposits in transactions as the chain recorded them: SOL paid by the system program to a watched owner,
 * whether the transaction called it or another program did (inner instructions), and watched mints paid into any
 * token account whose owner is watched: the associated account or another one, since the owner comes from the
 * token balances the node records, not from deriving the associated address. A failed transaction changed nothing,
 * so it yields nothing; one whose status the node lost yields nothing rather than a guess.
 *
 * Not seen: lamports a program moves without the system program (an account closed into a watched address); they
 * sit on the address uncredited, as on EVM chains a coin arriving by selfdestruct does.
 */
export function findSolanaDeposits(txs: readonly SolanaTransaction[], watch: SolanaWatch): IncomingTransfer[] {
  const found: IncomingTransfer[] = [];
  for (const tx of txs) {
    if (!tx.meta || tx.meta.err !== null) continue;
    const keys = accountKeysOf(tx);
    const tokenAccounts = new Map((tx.meta.postTokenBalances ?? []).map((b) => [b.accountIndex, b]));
    const txId = tx.transaction.signatures[0]!;
    executedInstructions(tx).forEach((ix, index) => {
      const program = keys[ix.programIdIndex];
      if (program !== SYSTEM_PROGRAM && program !== TOKEN_PROGRAM) return;
      const data = base58.decode(ix.data);
      const credit = program === SYSTEM_PROGRAM ? systemCredit(ix, data) : tokenCredit(ix, data);
      // An account paying itself gains nothing.
      if (!credit || credit.source === credit.destination || credit.amount === 0n) return;
      if (program === SYSTEM_PROGRAM) {
        const to = keys[credit.destination];
        if (to && watch.owners.has(to)) {
          found.push({ txId, index, to, asset: { kind: 'native' }, amount: credit.amount, block: tx.slot });
        }
        return;
      }
      const account = tokenAccounts.get(credit.destination);
      if (!account?.owner || !watch.owners.has(account.owner) || !watch.mints.has(account.mint)) return;
      const asset = { kind: 'token' as const, contract: account.mint };
      found.push({ txId, index, to: account.owner, asset, amount: credit.amount, block: tx.slot });
    });
  }
  return found;
}
