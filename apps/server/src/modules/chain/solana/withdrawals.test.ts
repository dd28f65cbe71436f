import { type Address, address, getTransactionDecoder, lamports, type Transaction } from '@solana/kit';
import { beforeAll, describe, expect, it } from 'vitest';
import { findSolanaDeposits } from './deposits.ts';
import { solanaTransferFate } from './lifetime.ts';
import { sendRecorded } from './litesvm.ts';
import {
  failure,
  mintUsdt,
  SOL,
  type SolanaBed,
  startSolana,
  tokenBalance,
  USDT_DECIMALS,
  USDT_MINT,
} from './litesvm-fixtures.ts';
import type { SignedTransfer } from './transfer.ts';
import { associatedTokenAccount, type SolanaLifetime, signSolTransfer, signSplTransfer } from './withdrawals.ts';

// Withdrawals signed by the builders, executed by litesvm. litesvm accepts only its latest blockhash (a cluster
// accepts any of the last 150 blocks'), and has no block height, so lastValidBlockHeight is carried but unused here.

// litesvm's TransactionErrorFieldless is a const enum, which isolated modules cannot read: its values.
const ALREADY_PROCESSED = 6;
const BLOCKHASH_NOT_FOUND = 7;
const FEE_PER_SIGNATURE = 5_000n;

let bed: SolanaBed;
let alice: Address;
const lifetime = (): SolanaLifetime => ({ blockhash: bed.svm.latestBlockhash(), lastValidBlockHeight: 150n });
const decode = (signed: SignedTransfer) => getTransactionDecoder().decode(signed.raw as Uint8Array) as Transaction;
const balance = (who: Address) => bed.svm.getBalance(who) ?? 0n;

beforeAll(async () => {
  bed = await startSolana();
  alice = address(bed.deposits.solana(1).address);
  bed.svm.airdrop(bed.hot.address, lamports(100n * SOL));
  await mintUsdt(bed, bed.hot.address, 500_000_000n);
});

describe('Solana withdrawals on litesvm', () => {
  it('signs a SOL transfer that litesvm executes, named by its signature before it is sent', async () => {
    const before = { hot: balance(bed.hot.address), alice: balance(alice) };
    const signed = await signSolTransfer({ secret: bed.hotSecret, to: alice, amount: 2n * SOL, lifetime: lifetime() });
    const recorded = sendRecorded(bed.svm, decode(signed));
    expect(recorded.meta?.err).toBeNull();
    expect(recorded.transaction.signatures[0]).toBe(signed.txId);
    expect(balance(alice) - before.alice).toBe(2n * SOL);
    expect(before.hot - balance(bed.hot.address)).toBe(2n * SOL + FEE_PER_SIGNATURE);
    // The same transfer seen from the receiving side is a deposit.
    expect(findSolanaDeposits([recorded], { owners: new Set([alice]), mints: new Set() })).toEqual([
      expect.objectContaining({ txId: signed.txId, to: alice, amount: 2n * SOL }),
    ]);
  });

  it('pays the priority fee it is given: price per unit times the unit limit', async () => {
    const before = balance(bed.hot.address);
    const signed = await signSolTransfer({
      secret: bed.hotSecret,
      to: alice,
      amount: 1n,
      lifetime: lifetime(),
      priority: { microLamportsPerUnit: 2_000_000n, unitLimit: 10_000 },
    });
    expect(failure(bed.svm.sendTransaction(decode(signed)))).toBeNull();
    expect(before - balance(bed.hot.address)).toBe(1n + FEE_PER_SIGNATURE + 20_000n);
  });

  it("signs a USDT transfer that creates the destination's associated account, then pays into it again", async () => {
    const bob = address(bed.deposits.solana(2).address);
    const bobUsdt = await associatedTokenAccount(bob, USDT_MINT);
    const hotUsdt = await associatedTokenAccount(bed.hot.address, USDT_MINT);
    expect(bed.svm.getAccount(bobUsdt).exists).toBe(false);
    const usdt = (amount: bigint) =>
      signSplTransfer({
        secret: bed.hotSecret,
        to: bob,
        mint: USDT_MINT,
        decimals: USDT_DECIMALS,
        amount,
        lifetime: lifetime(),
      });
    const first = sendRecorded(bed.svm, decode(await usdt(12_000_000n)));
    expect(first.meta?.err).toBeNull();
    expect(tokenBalance(bed.svm, bobUsdt)).toBe(12_000_000n);
    // The account exists now: the idempotent create is a no-op and the transfer goes through.
    expect(failure(bed.svm.sendTransaction(decode(await usdt(3_000_000n))))).toBeNull();
    expect(tokenBalance(bed.svm, bobUsdt)).toBe(15_000_000n);
    expect(tokenBalance(bed.svm, hotUsdt)).toBe(485_000_000n);
    expect(findSolanaDeposits([first], { owners: new Set([bob]), mints: new Set([USDT_MINT]) })).toEqual([
      expect.objectContaining({ to: bob, asset: { kind: 'token', contract: USDT_MINT }, amount: 12_000_000n }),
    ]);
  });

  it('sweeps a deposit address with the secret derived on its path', async () => {
    bed.svm.airdrop(alice, lamports(2n * SOL));
    const before = balance(bed.hot.address);
    const signed = await signSolTransfer({
      secret: bed.depositSecret(1),
      to: bed.hot.address,
      amount: SOL,
      lifetime: lifetime(),
    });
    expect(failure(bed.svm.sendTransaction(decode(signed)))).toBeNull();
    expect(balance(bed.hot.address) - before).toBe(SOL);
  });

  it('refuses a signed transfer sent twice: a signature is processed once', async () => {
    const signed = await signSolTransfer({ secret: bed.hotSecret, to: alice, amount: 5n, lifetime: lifetime() });
    expect(failure(bed.svm.sendTransaction(decode(signed)))).toBeNull();
    expect(failure(bed.svm.sendTransaction(decode(signed)))).toBe(ALREADY_PROCESSED);
  });

  it('refuses a transfer whose blockhash has expired', async () => {
    const before = balance(alice);
    const signed = await signSolTransfer({ secret: bed.hotSecret, to: alice, amount: 7n, lifetime: lifetime() });
    bed.svm.expireBlockhash();
    expect(failure(bed.svm.sendTransaction(decode(signed)))).toBe(BLOCKHASH_NOT_FOUND);
    expect(balance(alice)).toBe(before);
  });
});

describe('solanaTransferFate', () => {
  it('calls a transfer landed when the finalized chain has its signature, whatever the height', () => {
    expect(solanaTransferFate(100n, { blockHeight: 500n, signatureFound: true })).toBe('landed');
  });

  it('keeps a transfer pending while a finalized block at its last valid height or below could still hold it', () => {
    expect(solanaTransferFate(100n, { blockHeight: 60n, signatureFound: false })).toBe('pending');
    expect(solanaTransferFate(100n, { blockHeight: 100n, signatureFound: false })).toBe('pending');
  });

  it('calls a transfer dead once a finalized block is past its last valid height without it', () => {
    expect(solanaTransferFate(100n, { blockHeight: 101n, signatureFound: false })).toBe('dead');
  });
});
