import { formatAmount } from '@polaris/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Address } from 'viem';
import type { Database, Tx } from '../../db/client.ts';
import { currentContext } from '../../platform/context.ts';
import type { CustodyService } from '../wallet/custody.service.ts';
import { type EvmAsset, type EvmChain, toChainUnits, toLedgerUnits } from './evm-chain.ts';
import { type EvmNode, type Receipt, transferData } from './evm-node.ts';
import { coldInFlight, coldMoveRef, lastRevertedColdMove, openColdMoves } from './hot-cold.store.ts';
import type { WithdrawalSender } from './sender.ts';
import { type ChainTxRow, holdSender } from './store.ts';

/** One asset's limits on a chain, in the ledger's base units. */
export interface HotLimit {
  target: bigint;
  /** Above it, the surplus goes to the cold address; undefined: only the target is watched. */
  ceiling: bigint | undefined;
}

/** What the hot wallet holds of one asset against its limits, for the operator's listing (`npm run chain:hot`). */
export interface HotLevel {
  chain: string;
  asset: string;
  /** What it holds less what it owes to withdrawals signed or waiting, in whole coins. */
  available: string;
  target: string;
  ceiling: string | undefined;
  state: 'below_target' | 'ok' | 'above_ceiling';
  coldAddress: string | undefined;
  /** A move to the cold address signed and not yet settled: its newest attempt's hash and amount in whole coins. */
  moving: { hash: string; amount: string } | undefined;
}

export interface HotColdDeps {
  db: Database;
  node: EvmNode;
  chain: EvmChain;
  custody: CustodyService;
  /** The hot wallet's address (also where this process does not sign: its listing still answers). */
  hotAddress: string;
  /** Where this process signs: only then is surplus moved. */
  sender: WithdrawalSender | undefined;
  coldAddress: string | undefined;
  /** Per asset code. */
  limits: Map<string, HotLimit & { asset: EvmAsset & { contract?: string } }>;
  now: () => Date;
  log: FastifyBaseLogger;
}

const NATIVE_GAS = 21_000n;
// As the sender's withdrawals: the limit bounds what a failing call burns, unused gas is not paid.
const TOKEN_GAS = 100_000n;
/** After a move that reverted (a paused token), the next waits this long rather than burn gas every run. */
const AFTER_REVERT_MS = 60 * 60_000;

/**
 * The hot wallet's target and ceiling on one chain (docs/wallet.md, "Hot and cold"), on the process that signs, after
 * the sender's run:
 * - below the target (what it holds less what it owes to withdrawals signed or waiting): the operator is told to
 *   refill it, once per crossing on this process (a warning in the log, `polaris_chain_hot_below_target` at 1);
 * - above the ceiling: the surplus down to the target goes to the cold address, one transaction per asset at a time.
 *   It is signed with the hot wallet's next nonce from the database while its sender row is held (so two processes
 *   never both sign one), and written before anything is broadcast; the sender broadcasts, re-sends the same bytes
 *   after a crash, replaces it when stuck and settles it once mined deep enough. Custody does not change (the cold
 *   address counts as custody in reconciliation and proof of reserves), so no ledger entry moves but its gas.
 */
export class HotColdKeeper {
  /** Per asset, whether this process last saw the hot wallet below its target (told once per crossing). */
  private readonly below = new Map<string, boolean>();

  constructor(private readonly deps: HotColdDeps) {}

  async runOnce(): Promise<{ moved: string[]; belowTarget: string[] }> {
    const moved: string[] = [];
    const belowTarget: string[] = [];
    for (const [code, limit] of this.deps.limits) {
      try {
        const available = await this.available(this.deps.db, limit.asset);
        if (this.watch(code, limit, available)) belowTarget.push(code);
        if (limit.ceiling !== undefined && available > limit.ceiling && (await this.moveSurplus(code, limit)))
          moved.push(code);
      } catch (error) {
        this.deps.log.warn({ err: error, chain: this.deps.chain.symbol, asset: code }, 'hot wallet limits not checked');
      }
    }
    return { moved, belowTarget };
  }

  /** Per asset with limits: where the hot wallet stands (the operator's listing). */
  async levels(): Promise<HotLevel[]> {
    const { db, chain, limits, coldAddress } = this.deps;
    const open = await openColdMoves(db, chain.id);
    const levels: HotLevel[] = [];
    for (const [code, limit] of limits) {
      const available = await this.available(db, limit.asset);
      const move = open.find((m) => m.asset === code);
      const coins = (units: bigint) => formatAmount(units, limit.asset.decimals);
      levels.push({
        chain: chain.symbol,
        asset: code,
        available: coins(available),
        target: coins(limit.target),
        ceiling: limit.ceiling === undefined ? undefined : coins(limit.ceiling),
        state:
          available < limit.target
            ? 'below_target'
            : limit.ceiling !== undefined && available > limit.ceiling
              ? 'above_ceiling'
              : 'ok',
        coldAddress,
        moving: move && {
          hash: move.hash,
          amount: coins(toLedgerUnits(limit.asset, move.chainAmount)),
        },
      });
    }
    return levels;
  }

  /**
   * Ledger units the hot wallet holds of an asset less what it owes: withdrawals broadcast, those waiting to be
   * signed (held ones included: moving their cover to cold would only make them wait longer), and surplus on its way
   * to the cold address.
   */
  private async available(db: Database | Tx, asset: EvmAsset & { contract?: string }): Promise<bigint> {
    const { node, hotAddress, chain, custody } = this.deps;
    const held = asset.contract ? await node.tokenBalance(asset.contract, hotAddress) : await node.balance(hotAddress);
    const owed = await custody.owedOnChain(db, chain.id, asset.assetCode);
    return toLedgerUnits(asset, held - (await coldInFlight(db, chain.id, asset.assetCode))) - owed;
  }

  /** The target's crossings: a warning once when it falls below, a line when it is back; the gauges every run. */
  private watch(code: string, limit: HotLimit & { asset: EvmAsset }, available: bigint): boolean {
    const { chain, log } = this.deps;
    const below = available < limit.target;
    const coins = (units: bigint) => formatAmount(units, limit.asset.decimals);
    currentContext()?.metrics.hotWallet(chain.symbol, code, {
      available: Number(coins(available)),
      target: Number(coins(limit.target)),
      ceiling: limit.ceiling === undefined ? undefined : Number(coins(limit.ceiling)),
      below,
    });
    const was = this.below.get(code);
    this.below.set(code, below);
    if (below && was !== true) {
      log.warn(
        { chain: chain.symbol, asset: code, available: coins(available), target: coins(limit.target) },
        'the hot wallet is below its target: an operator refills it from cold storage and records it (npm run chain:fund)',
      );
    } else if (!below && was === true) {
      log.info(
        { chain: chain.symbol, asset: code, available: coins(available) },
        'the hot wallet is back at its target',
      );
    }
    return below;
  }

  /**
   * Signs the surplus down to the target to the cold address, in one database transaction that holds the hot wallet's
   * sender row (signers on every process queue there) and finds no move of this asset still open; the balance is read
   * again under that hold, so what another process moved and settled meanwhile is seen.
   */
  private async moveSurplus(code: string, limit: HotLimit & { asset: EvmAsset & { contract?: string } }) {
    const { db, node, chain, sender, coldAddress, log } = this.deps;
    if (!coldAddress || !sender || limit.ceiling === undefined) return false;
    const fees = await sender.currentFees();
    const { asset } = limit;
    return db.transaction(async (tx) => {
      await holdSender(tx, chain.id, sender.address, async () => BigInt(await node.nonce(sender.address, 'pending')));
      if ((await openColdMoves(tx, chain.id)).some((m) => m.asset === code)) return false;
      const reverted = await lastRevertedColdMove(tx, chain.id, code);
      if (reverted && this.deps.now().getTime() - reverted.getTime() < AFTER_REVERT_MS) return false;
      const available = await this.available(tx, asset);
      if (available <= limit.ceiling!) return false;
      let amount = toChainUnits(asset, available - limit.target);
      const gas = asset.contract ? TOKEN_GAS : NATIVE_GAS;
      const gasWei = gas * fees.maxFeePerGas;
      if (!asset.contract) amount -= gasWei;
      else if ((await node.balance(sender.address)) < gasWei) {
        log.warn({ chain: chain.symbol, asset: code }, 'the hot wallet has no gas to move its surplus to cold storage');
        return false;
      }
      if (amount <= 0n) return false;
      const call = asset.contract
        ? { to: asset.contract as Address, value: 0n, data: transferData(coldAddress, amount), gas }
        : { to: coldAddress as Address, value: amount, data: undefined, gas };
      const signed = await sender.signFrom(tx, sender.account, {
        purpose: 'cold',
        ref: coldMoveRef(code, amount),
        call,
        fees,
      });
      log.info(
        { chain: chain.symbol, asset: code, amount: String(amount), to: coldAddress, tx: signed.hash },
        'surplus above the ceiling signed to the cold address',
      );
      return true;
    });
  }

  /** The sender's settler for `cold:` references, in the transaction that marks it mined. */
  readonly settle = async (_tx: Tx, mined: ChainTxRow, receipt: Receipt): Promise<void> => {
    const fields = { chain: this.deps.chain.symbol, ref: mined.ref, tx: mined.hash };
    if (receipt.status === 'success') this.deps.log.info(fields, 'surplus moved to the cold address');
    // Reverted: nothing moved but its gas; the next run finds the surplus again and signs a new move.
    else this.deps.log.error(fields, 'a move to the cold address reverted on the chain');
  };
}
