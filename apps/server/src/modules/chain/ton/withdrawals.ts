import { Address, beginCell, type Cell, comment, external, internal, SendMode, storeMessage } from '@ton/core';
import { keyPairFromSeed } from '@ton/crypto';
import { WalletContractV4 } from '@ton/ton';
import type { SignedTransfer } from '../solana/transfer.ts';
import { jettonTransferBody } from './jetton.ts';

/**
 * The hot wallet signs as a wallet v4 contract, the one the deposit addresses are. Its seqno is TON's nonce: the
 * contract accepts an external message only if it carries the stored seqno (then stores seqno + 1) and its
 * valid-until time has not passed, so a given seqno pays at most once. Seqnos are assigned from the database, one
 * sequence per wallet, as EVM nonces are.
 */
interface TonSigning {
  /** The hot wallet's 32-byte ed25519 secret (SLIP-0010, as the deposit addresses). */
  secret: Uint8Array;
  seqno: number;
  /** Unix time after which the wallet refuses the message; past it, an unlanded message is dead. */
  validUntil: number;
}

export interface TonTransferInput extends TonSigning {
  to: string;
  amount: bigint;
  /** A text comment, which exchanges and wallets read as a memo. */
  memo?: string;
}

export interface JettonTransferInput extends TonSigning {
  /** Our own jetton wallet: get_wallet_address(hot wallet) on the jetton's master, asked once and stored. */
  jettonWallet: string;
  /** The receiving owner's address (not its jetton wallet). */
  to: string;
  amount: bigint;
  /** TON forwarded to the receiver with a transfer_notification; many receiving services need one to see it. */
  forwardTonAmount: bigint;
  /** TON attached for the jetton wallets' gas (and the forward amount); the rest comes back as excesses. */
  attachedTon: bigint;
  queryId: bigint;
}

export function hotWallet(secret: Uint8Array): WalletContractV4 {
  return WalletContractV4.create({ workchain: 0, publicKey: keyPairFromSeed(Buffer.from(secret)).publicKey });
}

/**
 * TEP-467's normalized hash of an external message: its body as a reference, with no source, import fee or state
 * init. It is known before sending and stays the same whatever a relaying node changes, so it names the withdrawal
 * until the transaction that executed it is found (a TON transaction hash exists only after execution).
 */
export function normalizedMessageHash(wallet: Address, body: Cell): string {
  const normalized = { info: { type: 'external-in' as const, dest: wallet, importFee: 0n }, body };
  return beginCell()
    .store(storeMessage(normalized, { forceRef: true }))
    .endCell()
    .hash()
    .toString('hex');
}

/**
 * A friendly address says whether the receiver wants bounceable messages (UQ… does not: typically a wallet not yet
 * deployed, which would bounce the payment back); a raw address says nothing, and a payment to it bounces if the
 * receiver cannot take it, which returns the money rather than leaving it on an unused address.
 */
function bounceFor(to: string): boolean {
  return Address.isFriendly(to) ? Address.parseFriendly(to).isBounceable : true;
}

/**
 * Signs one internal message from the hot wallet. Mode "pay fees separately + ignore errors" is what wallets use: the
 * seqno is spent even if the message cannot be sent (too little balance), so the external message can never be
 * replayed; the price is that a landed seqno does not prove a payment, which sentOut checks.
 * Seqno 0 carries the contract's state init, so the first withdrawal deploys the hot wallet.
 */
function signWith(signing: TonSigning, message: ReturnType<typeof internal>): SignedTransfer {
  const keys = keyPairFromSeed(Buffer.from(signing.secret));
  const wallet = WalletContractV4.create({ workchain: 0, publicKey: keys.publicKey });
  const body = wallet.createTransfer({
    seqno: signing.seqno,
    secretKey: keys.secretKey,
    sendMode: SendMode.PAY_GAS_SEPARATELY | SendMode.IGNORE_ERRORS,
    messages: [message],
    timeout: signing.validUntil,
  });
  const ext = external({ to: wallet.address, init: signing.seqno === 0 ? wallet.init : undefined, body });
  const raw = beginCell().store(storeMessage(ext)).endCell().toBoc();
  return { txId: normalizedMessageHash(wallet.address, body), raw: new Uint8Array(raw) };
}

export function signTonTransfer(input: TonTransferInput): SignedTransfer {
  const body = input.memo === undefined ? undefined : comment(input.memo);
  return signWith(input, internal({ to: input.to, value: input.amount, bounce: bounceFor(input.to), body }));
}

/**
 * A TEP-74 transfer sent to our jetton wallet, which moves the tokens to the receiver's jetton wallet (deploying it if
 * need be). Bounceable, so that if our jetton wallet refuses it (too few tokens) the attached TON comes back.
 */
export function signJettonTransfer(input: JettonTransferInput): SignedTransfer {
  const owner = hotWallet(input.secret).address;
  const body = jettonTransferBody({
    queryId: input.queryId,
    amount: input.amount,
    destination: Address.parse(input.to),
    responseDestination: owner,
    forwardTonAmount: input.forwardTonAmount,
  });
  return signWith(input, internal({ to: input.jettonWallet, value: input.attachedTon, bounce: true, body }));
}
