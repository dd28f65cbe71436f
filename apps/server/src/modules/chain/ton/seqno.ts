import type { Transaction } from '@ton/core';

export type TonTransferFate = 'landed' | 'pending' | 'dead';

export interface TonWalletView {
  /** The wallet's stored seqno (its `seqno` get-method) in a block the masterchain has committed. */
  seqno: number;
  /** That block's time: the wallet compares valid-until with the time of the block that would include the message. */
  now: number;
  /** Whether a transaction of the wallet up to that block executed our message (found by its normalized hash). */
  messageFound: boolean;
}

/**
 * Whether a signed wallet transfer can still land. `dead` when the wallet's seqno has moved past ours without our
 * message (another message spent that seqno: ours can never be accepted), or when the wallet still waits for our
 * seqno but its time has reached our valid-until (the wallet refuses `valid_until <= now`). Otherwise `pending`: the
 * same bytes may be sent again, and no other message is signed with that seqno until this one is dead.
 */
export function tonTransferFate(signed: { seqno: number; validUntil: number }, wallet: TonWalletView): TonTransferFate {
  if (wallet.messageFound) return 'landed';
  if (wallet.seqno > signed.seqno) return 'dead';
  return wallet.now >= signed.validUntil ? 'dead' : 'pending';
}

/**
 * Whether the wallet transaction that executed our message sent the payment. Wallets sign with "ignore errors", so a
 * message the wallet cannot afford still spends its seqno and sends nothing: landed, but not paid.
 */
export function sentOut(tx: Transaction): boolean {
  return tx.description.type === 'generic' && !tx.description.aborted && tx.outMessagesCount > 0;
}
