import { mnemonicToSeedSync } from '@scure/bip39';
import {
  type Address,
  address,
  appendTransactionMessageInstructions,
  createKeyPairSignerFromPrivateKeyBytes,
  createTransactionMessage,
  generateKeyPairSigner,
  type Instruction,
  type KeyPairSigner,
  lamports,
  pipe,
  setTransactionMessageFeePayerSigner,
  signTransactionMessageWithSigners,
  type Transaction,
} from '@solana/kit';
import { getCreateAccountInstruction } from '@solana-program/system';
import {
  getCreateAssociatedTokenIdempotentInstruction,
  getMintEncoder,
  getMintToInstruction,
  TOKEN_PROGRAM_ADDRESS,
} from '@solana-program/token';
import { FailedTransactionMetadata, LiteSVM } from 'litesvm';
import { AddressDeriver, slip10Ed25519 } from '../../wallet/addresses.ts';
import { sendRecorded } from './litesvm.ts';
import type { SolanaTransaction } from './transaction.ts';
import { associatedTokenAccount } from './withdrawals.ts';

// A litesvm bank set up as the tests need it: the catalogue's USDT mint at its mainnet address, a customer who
// holds USDT and SOL, a hot wallet and deposit owners derived from seeds as the app derives them.

/** The catalogue's Solana USDT (0002_wallet_catalogue.sql): litesvm lets the mint sit at its mainnet address. */
export const USDT_MINT = 'Es9vMFrzaCERmJfrF4H2FYD4KCoNkY11McCe8BenwNYB';
export const USDT_DECIMALS = 6;
export const SOL = 1_000_000_000n;

const DEPOSIT_MNEMONIC = 'test test test test test test test test test test test junk';
const HOT_MNEMONIC = 'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';

export interface SolanaBed {
  svm: LiteSVM;
  customer: KeyPairSigner;
  /** The hot wallet's SLIP-0010 secret, m/44'/501'/0'/0' of its own seed, and its signer. */
  hotSecret: Uint8Array;
  hot: KeyPairSigner;
  deposits: AddressDeriver;
  /** The secret behind deposit address `index`, derived on the same path as the address. */
  depositSecret: (index: number) => Uint8Array;
}

/** A transaction from `payer` with the bank's current blockhash, signed by every signer its instructions name. */
export function signed(svm: LiteSVM, payer: KeyPairSigner, instructions: Instruction[]): Promise<Transaction> {
  return pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayerSigner(payer, m),
    (m) => svm.setTransactionMessageLifetimeUsingLatestBlockhash(m),
    (m) => appendTransactionMessageInstructions(instructions, m),
    (m) => signTransactionMessageWithSigners(m),
  );
}

/** Sends and records the transaction, failing the test if it failed: setup must not silently do nothing. */
export async function run(svm: LiteSVM, payer: KeyPairSigner, instructions: Instruction[]): Promise<SolanaTransaction> {
  const recorded = sendRecorded(svm, await signed(svm, payer, instructions));
  if (recorded.meta?.err !== null) throw new Error(`setup transaction failed: ${String(recorded.meta?.err)}`);
  return recorded;
}

export function tokenBalance(svm: LiteSVM, account: Address): bigint {
  const found = svm.getAccount(account);
  if (!found.exists) return 0n;
  return new DataView(found.data.buffer, found.data.byteOffset + 64, 8).getBigUint64(0, true);
}

/** Funds `owner`'s associated USDT account from the mint (the customer is the mint authority). */
export async function mintUsdt(bed: SolanaBed, owner: Address, amount: bigint): Promise<Address> {
  const ata = await associatedTokenAccount(owner, USDT_MINT);
  const mint = address(USDT_MINT);
  await run(bed.svm, bed.customer, [
    getCreateAssociatedTokenIdempotentInstruction({ payer: bed.customer, ata, owner, mint }),
    getMintToInstruction({ mint, token: ata, mintAuthority: bed.customer, amount }),
  ]);
  return ata;
}

/** A new empty account of `space` bytes owned by `program`, paid by the customer. */
export async function createAccountIx(bed: SolanaBed, space: number, program: Address) {
  const account = await generateKeyPairSigner();
  const rent = bed.svm.minimumBalanceForRentExemption(BigInt(space));
  const ix = getCreateAccountInstruction({
    payer: bed.customer,
    newAccount: account,
    lamports: rent,
    space,
    programAddress: program,
  });
  return { account, ix };
}

export async function startSolana(): Promise<SolanaBed> {
  const svm = new LiteSVM();
  const customer = await generateKeyPairSigner();
  svm.airdrop(customer.address, lamports(1_000n * SOL));
  const mintData = getMintEncoder().encode({
    mintAuthority: customer.address,
    supply: 0n,
    decimals: USDT_DECIMALS,
    isInitialized: true,
    freezeAuthority: null,
  });
  svm.setAccount({
    address: address(USDT_MINT),
    data: mintData,
    executable: false,
    lamports: lamports(svm.minimumBalanceForRentExemption(BigInt(mintData.length))),
    programAddress: TOKEN_PROGRAM_ADDRESS,
    space: BigInt(mintData.length),
  });
  const hotSecret = slip10Ed25519(mnemonicToSeedSync(HOT_MNEMONIC), [44, 501, 0, 0]);
  const hot = await createKeyPairSignerFromPrivateKeyBytes(hotSecret);
  const depositSeed = mnemonicToSeedSync(DEPOSIT_MNEMONIC);
  return {
    svm,
    customer,
    hotSecret,
    hot,
    deposits: new AddressDeriver(DEPOSIT_MNEMONIC),
    depositSecret: (index) => slip10Ed25519(depositSeed, [44, 501, index, 0]),
  };
}

/** Whether litesvm refused or failed the transaction, with its error. */
export function failure(result: ReturnType<LiteSVM['sendTransaction']>): unknown {
  return result instanceof FailedTransactionMetadata ? result.err() : null;
}
