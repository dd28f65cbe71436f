import {
  type Address,
  address,
  appendTransactionMessageInstructions,
  type Blockhash,
  createKeyPairSignerFromPrivateKeyBytes,
  createTransactionMessage,
  getSignatureFromTransaction,
  getTransactionEncoder,
  type Instruction,
  type KeyPairSigner,
  lamports,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
} from '@solana/kit';
import { getTransferSolInstruction } from '@solana-program/system';
import {
  findAssociatedTokenPda,
  getCreateAssociatedTokenIdempotentInstruction,
  getTransferCheckedInstruction,
  TOKEN_PROGRAM_ADDRESS,
} from '@solana-program/token';
import type { SignedTransfer } from './transfer.ts';

/**
 * A transaction's lifetime: the blockhash it names and the last block height at which the cluster accepts it
 * (both from getLatestBlockhash). Stored beside the signed transfer, so solanaTransferFate can tell when it is dead.
 */
export interface SolanaLifetime {
  blockhash: string;
  lastValidBlockHeight: bigint;
}

/**
 * A price per compute unit, paid on top of the 5,000 lamports per signature so that leaders schedule the
 * transaction when blocks are contended; the unit limit caps what the price can cost.
 */
interface SolanaPriority {
  microLamportsPerUnit: bigint;
  unitLimit: number;
}

export interface SolanaTransferInput {
  /** The hot wallet's 32-byte ed25519 secret (SLIP-0010, as the deposit addresses); it pays the fee. */
  secret: Uint8Array;
  /** The destination wallet owner, base58. */
  to: string;
  amount: bigint;
  lifetime: SolanaLifetime;
  priority?: SolanaPriority;
}

export interface SplTransferInput extends SolanaTransferInput {
  mint: string;
  /** The mint's decimals: TransferChecked makes the token program refuse the transfer if they differ. */
  decimals: number;
}

const COMPUTE_BUDGET_PROGRAM = address('ComputeBudget111111111111111111111111111111');

/** SetComputeUnitLimit (2, u32) and SetComputeUnitPrice (3, u64), little-endian, as the runtime reads them. */
function priorityInstructions(priority: SolanaPriority | undefined): Instruction[] {
  if (!priority) return [];
  const limit = new Uint8Array(5);
  limit[0] = 2;
  new DataView(limit.buffer).setUint32(1, priority.unitLimit, true);
  const price = new Uint8Array(9);
  price[0] = 3;
  new DataView(price.buffer).setBigUint64(1, priority.microLamportsPerUnit, true);
  return [
    { programAddress: COMPUTE_BUDGET_PROGRAM, data: limit },
    { programAddress: COMPUTE_BUDGET_PROGRAM, data: price },
  ];
}

async function sign(
  input: SolanaTransferInput,
  build: (payer: KeyPairSigner) => Promise<Instruction[]>,
): Promise<SignedTransfer> {
  const payer = await createKeyPairSignerFromPrivateKeyBytes(input.secret);
  const instructions = [...priorityInstructions(input.priority), ...(await build(payer))];
  const lifetime = {
    blockhash: input.lifetime.blockhash as Blockhash,
    lastValidBlockHeight: input.lifetime.lastValidBlockHeight,
  };
  const signed = await pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayerSigner(payer, m),
    (m) => setTransactionMessageLifetimeUsingBlockhash(lifetime, m),
    (m) => appendTransactionMessageInstructions(instructions, m),
    (m) => signTransactionMessageWithSigners(m),
  );
  // The fee payer's signature names the transaction before it is sent, so it is stored before broadcasting.
  return { txId: getSignatureFromTransaction(signed), raw: new Uint8Array(getTransactionEncoder().encode(signed)) };
}

/** A signed SOL transfer from the hot wallet. */
export function signSolTransfer(input: SolanaTransferInput): Promise<SignedTransfer> {
  return sign(input, async (payer) => [
    getTransferSolInstruction({ source: payer, destination: address(input.to), amount: lamports(input.amount) }),
  ]);
}

/** The associated token account of an owner for a mint of the classic token program. */
export async function associatedTokenAccount(owner: string, mint: string): Promise<Address> {
  const [ata] = await findAssociatedTokenPda({
    owner: address(owner),
    mint: address(mint),
    tokenProgram: TOKEN_PROGRAM_ADDRESS,
  });
  return ata;
}

/**
 * A signed SPL transfer from the hot wallet's associated account to the destination owner's, creating the latter
 * in the same transaction if it does not exist (the idempotent form succeeds when it does), so a withdrawal to a
 * fresh wallet needs no second transaction; the hot wallet pays its rent (about 0.002 SOL).
 * `to` must be a wallet owner: given a token account's address, this creates an account owned by that token
 * account, which its user cannot spend from without recovering it, so the caller checks `to` is not one.
 */
export function signSplTransfer(input: SplTransferInput): Promise<SignedTransfer> {
  return sign(input, async (payer) => {
    const mint = address(input.mint);
    const owner = address(input.to);
    const destination = await associatedTokenAccount(input.to, input.mint);
    return [
      getCreateAssociatedTokenIdempotentInstruction({ payer, ata: destination, owner, mint }),
      getTransferCheckedInstruction({
        source: await associatedTokenAccount(payer.address, input.mint),
        mint,
        destination,
        authority: payer,
        amount: input.amount,
        decimals: input.decimals,
      }),
    ];
  });
}
