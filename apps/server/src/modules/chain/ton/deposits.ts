import { Address, type Cell, type Transaction } from '@ton/core';
import type { IncomingTransfer } from '../solana/transfer.ts';
import { parseInternalTransfer } from './jetton.ts';

// Transactions are @ton/core's Transaction: what the sandbox returns and what both TonClient (toncenter) and
// TonClient4 (liteserver proxy) parse account transactions into, so an RPC adapter passes them through.

interface WatchedJettonWallet {
  /** The deposit address that owns the jetton wallet. */
  owner: string;
  /** The jetton master, as the catalogue lists it. */
  master: string;
}

export interface TonWatch {
  /** Deposit addresses, in any form (raw or user-friendly). */
  owners: ReadonlySet<string>;
  /**
   * The jetton wallets of the deposit addresses, keyed by the wallet's address: each is the master's answer to
   * get_wallet_address(owner), asked once and stored. Knowing the address from the master is what makes a credit
   * real: any contract can send a message that looks like a jetton transfer, only the owner's jetton wallet holds
   * the owner's balance.
   */
  jettonWallets: ReadonlyMap<string, WatchedJettonWallet>;
}

const raw = (address: string) => Address.parse(address).toRawString();

/**
 * A plain payment: an empty body or a text comment (op 0). Other bodies are protocol messages (a jetton transfer
 * notification, returned gas) whose TON comes with another operation; they stay on the address uncredited, which
 * is what TON's guidance for exchanges asks.
 */
function isPlainPayment(body: Cell): boolean {
  const slice = body.beginParse();
  return slice.remainingBits === 0 ? slice.remainingRefs === 0 : slice.remainingBits >= 32 && slice.loadUint(32) === 0;
}

/**
 * The deposits in transactions of watched accounts:
 * - TON: an internal message to a deposit address, kept by it. A bounceable message to an address whose wallet is
 *   not deployed yet (or that fails) bounces back, so a transaction with a bounce phase credits nothing; a
 *   non-bounceable one is kept even by an undeployed address, which is why deposit addresses are shown that way.
 * - Jettons: an internal_transfer that a deposit address's jetton wallet executed without error. The jetton wallet
 *   itself checks that the message comes from the master or from another wallet of the same jetton, and throws
 *   otherwise, so a forged message leaves an aborted transaction and no deposit. The owner's transfer_notification
 *   is not used: the sender may attach no forward amount, and then there is none.
 *
 * A TON transaction has exactly one incoming message, so it holds at most one deposit and `index` is 0.
 * `block` is the transaction's logical time, ordered per account.
 */
export function findTonDeposits(txs: readonly Transaction[], watch: TonWatch): IncomingTransfer[] {
  const owners = new Map([...watch.owners].map((owner) => [raw(owner), owner]));
  const jettonWallets = new Map([...watch.jettonWallets].map(([wallet, info]) => [raw(wallet), info]));
  const found: IncomingTransfer[] = [];
  for (const tx of txs) {
    const message = tx.inMessage;
    const { description } = tx;
    if (message?.info.type !== 'internal' || message.info.bounced || description.type !== 'generic') continue;
    const dest = message.info.dest.toRawString();
    const base = { txId: tx.hash().toString('hex'), index: 0, block: tx.lt };
    const owner = owners.get(dest);
    if (owner !== undefined) {
      if (description.bouncePhase || !description.creditPhase || !isPlainPayment(message.body)) continue;
      found.push({ ...base, to: owner, asset: { kind: 'native' }, amount: message.info.value.coins });
      continue;
    }
    const jettonWallet = jettonWallets.get(dest);
    if (!jettonWallet) continue;
    const executed = !description.aborted && description.computePhase.type === 'vm' && description.computePhase.success;
    const transfer = executed ? parseInternalTransfer(message.body) : undefined;
    if (!transfer || transfer.amount === 0n) continue;
    const asset = { kind: 'token' as const, contract: jettonWallet.master };
    found.push({ ...base, to: jettonWallet.owner, asset, amount: transfer.amount });
  }
  return found;
}
