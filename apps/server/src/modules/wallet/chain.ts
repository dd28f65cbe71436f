import { createHash } from 'node:crypto';

export interface WithdrawalOrder {
  id: number;
  chainId: number;
  assetCode: string;
  address: string;
  amount: bigint;
  createdAt: Date;
}

export type WithdrawalState =
  | { state: 'pending' }
  | { state: 'completed'; txHash: string }
  | { state: 'failed'; reason: string };

/**
 * What the wallet needs from a blockchain. A production adapter broadcasts from a hot wallet and watches the
 * chain through a node; none can be reached from here, so the default is the local simulator below.
 */
export interface DepositSighting {
  id: number;
  chainId: number;
  txHash: string;
  confirmations: number;
  createdAt: Date;
}

export interface ChainAdapter {
  readonly name: string;
  /** How many confirmations a deposit's transaction has now; called outside any database transaction. */
  depositConfirmations(deposit: DepositSighting, now: Date): Promise<number>;
  /** Where a withdrawal stands; called outside any database transaction. */
  withdrawalState(order: WithdrawalOrder, now: Date): Promise<WithdrawalState>;
}

/**
 * LOCAL SIMULATOR, not a blockchain. Deposits arrive through `npm run wallet:deposit` and, when reported with
 * fewer confirmations than the network needs, gain one every `blockMs`. A withdrawal completes
 * `delayMs` after it was made, with a made-up transaction hash; a `failRate` share of them (chosen
 * deterministically from the withdrawal id) fail instead, to exercise the refund path.
 */
export class LocalChainAdapter implements ChainAdapter {
  readonly name = 'local-simulator';

  constructor(private readonly options: { delayMs: number; failRate: number; blockMs: number }) {}

  /** One more confirmation every `blockMs` after the deposit was seen. */
  async depositConfirmations(deposit: DepositSighting, now: Date): Promise<number> {
    const blocks = Math.floor((now.getTime() - deposit.createdAt.getTime()) / Math.max(1, this.options.blockMs));
    return deposit.confirmations + Math.max(0, blocks);
  }

  async withdrawalState(order: WithdrawalOrder, now: Date): Promise<WithdrawalState> {
    if (now.getTime() - order.createdAt.getTime() < this.options.delayMs) return { state: 'pending' };
    const digest = createHash('sha256').update(`local-chain:${order.id}:${order.address}`).digest();
    if (digest.readUInt32BE(0) / 0x1_0000_0000 < this.options.failRate) {
      return { state: 'failed', reason: 'rejected by the local chain simulator' };
    }
    return { state: 'completed', txHash: `0x${digest.toString('hex')}` };
  }
}
