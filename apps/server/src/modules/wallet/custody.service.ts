import type { Database, Tx } from '../../db/client.ts';
import type { Notifier } from '../notifications/events.ts';
import {
  addressesSeen,
  broadcastTotal,
  custodyFigures,
  type DepositTarget,
  depositTargets,
  finalDeposits,
  forgetFrom,
  lockConfirming,
  lockOpenWithdrawal,
  lockUnsent,
  markCredited,
  owedTotal,
  pathOfAddress,
  reorgedDeposits,
  type SightingValues,
  setProgress,
  setWithdrawalStatus,
  sweepCandidates,
  upsertSightings,
  withdrawalAmounts,
} from './custody.store.ts';
import { creditDeposit } from './deposits.service.ts';
import { AccountDeleted, ledger } from './ledger.ts';
import { WalletNotices } from './notices.service.ts';
import type { InviteRewards } from './ports.ts';
import type { WithdrawalRow } from './store.ts';
import { settleWithdrawal } from './transfers.service.ts';

export type { WithdrawalRow } from './store.ts';
export type { DepositTarget, SightingValues };

/**
 * The wallet's side of chains a node answers for (docs/wallet.md, "Chains"): the chain module finds deposits and
 * sends withdrawals, and hands what it learns to these calls, which keep the deposit and withdrawal rows and move
 * the money through the ledger. Deposits are keyed by (chain, tx, log index) with their block; a deposit is
 * credited once, when its block is deep enough on the chain the node holds now.
 */
export class CustodyService {
  private readonly notices: WalletNotices;

  constructor(
    private readonly deps: {
      db: Database;
      now: () => Date;
      invites: InviteRewards;
      notifier?: Notifier;
    },
  ) {
    this.notices = new WalletNotices({ db: deps.db, notifier: deps.notifier });
  }

  depositTargets(chainIds: number[], addresses: string[]): Promise<DepositTarget[]> {
    return depositTargets(this.deps.db, chainIds, addresses);
  }

  /** In the scanner's transaction: deposits found in blocks read. */
  recordSightings(tx: Tx, rows: SightingValues[]): Promise<void> {
    return upsertSightings(tx, rows);
  }

  /** In the scanner's transaction: blocks from `block` on were replaced. */
  forgetFrom(tx: Tx, chainId: number, block: bigint) {
    return forgetFrom(tx, chainId, block, this.deps.now());
  }

  reorgedDeposits(chainIds: number[]) {
    return reorgedDeposits(this.deps.db, chainIds);
  }

  /**
   * Credits every confirming deposit on the chain whose block is deep enough below `head`. The caller has just
   * checked that the blocks it holds are the node's (so these blocks are on the chain the node holds now).
   */
  async creditFinal(chainId: number, head: bigint, limit = 200): Promise<number> {
    await setProgress(this.deps.db, chainId, head);
    let credited = 0;
    for (const deposit of await finalDeposits(this.deps.db, chainId, head, limit)) {
      const done = await this.deps.db
        .transaction(async (tx) => {
          const row = await lockConfirming(tx, deposit.id);
          if (!row) return false;
          await markCredited(tx, row.id, row.requiredConfirmations, this.deps.now());
          await creditDeposit(
            tx,
            { invites: this.deps.invites, notices: this.notices },
            {
              id: row.id,
              userId: row.userId,
              assetCode: row.assetCode,
              amount: BigInt(row.amount),
              memo: { chainId, txHash: row.txHash, logIndex: row.logIndex },
            },
          );
          return true;
        })
        // An account deleted while its deposit confirmed: it stays confirming for an operator to send back.
        .catch((error: unknown) => {
          if (error instanceof AccountDeleted) return false;
          throw error;
        });
      if (!done) continue;
      credited++;
      await this.deps.invites.settle(deposit.userId);
    }
    return credited;
  }

  /** Withdrawals on the chain waiting to be signed, locked in the caller's transaction. */
  unsentWithdrawals(tx: Tx, chainId: number, limit: number): Promise<WithdrawalRow[]> {
    return lockUnsent(tx, chainId, limit);
  }

  /** Ledger units of an asset's withdrawals on a chain that are broadcast and not settled: the hot wallet owes them. */
  broadcastTotal(tx: Tx, chainId: number, assetCode: string): Promise<bigint> {
    return broadcastTotal(tx, chainId, assetCode);
  }

  /**
   * Ledger units of an asset's withdrawals on a chain that the hot wallet must still pay: broadcast, or waiting to be
   * signed (held included). The chain module keeps that much in the hot wallet when it moves surplus to cold storage.
   */
  owedOnChain(db: Database | Tx, chainId: number, assetCode: string): Promise<bigint> {
    return owedTotal(db, chainId, assetCode);
  }

  /** Signed and written: from now on only the chain's answer settles it. */
  markBroadcast(tx: Tx, id: number) {
    return setWithdrawalStatus(tx, id, 'broadcast');
  }

  /** The hot wallet cannot cover it: it waits, still frozen, and the user is told once (through the outbox). */
  async hold(tx: Tx, row: WithdrawalRow): Promise<boolean> {
    if (row.status === 'held') return false;
    await setWithdrawalStatus(tx, row.id, 'held');
    await this.notices.later(tx, 'wallet.withdrawalDelayed', {
      id: row.id,
      userId: row.userId,
      assetCode: row.assetCode,
      amount: String(row.amount),
    });
    return true;
  }

  /**
   * The chain's answer for a withdrawal, in the caller's transaction: mined (completed), or provably never to be
   * (its nonce used by our own cancel, or its transaction mined and reverted): failed, refunded. Answers whether it
   * settled now (false when it already was).
   */
  async settle(
    tx: Tx,
    id: number,
    state: { state: 'completed'; txHash: string } | { state: 'failed'; reason: string },
  ): Promise<WithdrawalRow | undefined> {
    const row = await lockOpenWithdrawal(tx, id);
    if (!row) return undefined;
    await settleWithdrawal(tx, this.notices, row, state, this.deps.now());
    return row;
  }

  /** Gas the platform paid on a chain, in the chain's native asset: platform gas → chain clearing. */
  async postGas(tx: Tx, input: { asset: string; wei: bigint; reference: string }) {
    if (input.wei <= 0n) return;
    await ledger.transfer(tx, {
      kind: 'chain_gas',
      asset: input.asset,
      from: { system: 'platform_gas' },
      to: { system: 'chain_clearing' },
      amount: input.wei,
      reference: input.reference,
    });
  }

  /**
   * An operator moved coins into the hot wallet (`in`: native coin becomes platform gas, a token platform float) or
   * out of it to cold storage (`out`, the reverse); `amount` in ledger units. Answers the entry. Float may not go
   * below zero: moving out more than the operator put in would be users' money.
   */
  async recordFunding(
    tx: Tx,
    input: { asset: string; amount: bigint; native: boolean; direction: 'in' | 'out'; reference: string },
  ): Promise<number> {
    const platform = { system: input.native ? 'platform_gas' : 'platform_float' } as const;
    const outside = { system: 'chain_clearing' } as const;
    const { entryId } = await ledger.transfer(tx, {
      kind: input.direction === 'in' ? 'chain_fund' : 'chain_defund',
      asset: input.asset,
      from: input.direction === 'in' ? outside : platform,
      to: input.direction === 'in' ? platform : outside,
      amount: input.amount,
      reference: input.reference,
    });
    return entryId;
  }

  /** Every address that ever received a deposit on the chain: what reconciliation reads balances of. */
  depositAddressesSeen(chainId: number): Promise<string[]> {
    return addressesSeen(this.deps.db, chainId);
  }

  /** Addresses holding credited deposits on the chain, per asset, newest credit first: what may be swept. */
  sweepCandidates(chainId: number) {
    return sweepCandidates(this.deps.db, chainId);
  }

  pathOfAddress(address: string) {
    return pathOfAddress(this.deps.db, address);
  }

  withdrawalAmounts(ids: number[]) {
    return withdrawalAmounts(this.deps.db, ids);
  }

  /** Per asset on the chain, in chain units: deposits credited (and dust), deposits confirming, withdrawals completed. */
  custodyFigures(chainId: number) {
    return custodyFigures(this.deps.db, chainId);
  }
}
