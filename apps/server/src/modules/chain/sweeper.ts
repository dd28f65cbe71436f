import type { FastifyBaseLogger } from 'fastify';
import type { Address, Hex, LocalAccount } from 'viem';
import type { Database, Tx } from '../../db/client.ts';
import type { CustodyService } from '../wallet/custody.service.ts';
import { type EvmAsset, type EvmChain, evmAssetOf } from './evm-chain.ts';
import { type EvmNode, type Receipt, transferData } from './evm-node.ts';
import type { Fees } from './fees.ts';
import type { WithdrawalSender } from './sender.ts';
import { type ChainTxRow, holdSender } from './store.ts';
import { nativeWorthSweeping, tokenWorthSweeping } from './sweep-worth.ts';
import {
  insertSweep,
  lastSweeps,
  lockSweep,
  moveSweep,
  openSweeps,
  type SweepRow,
  sweepingAt,
  topUps,
} from './sweeps.store.ts';

export interface SweeperDeps {
  db: Database;
  node: EvmNode;
  chain: EvmChain;
  custody: CustodyService;
  sender: WithdrawalSender;
  /**
   * A deposit address's signing account, derived from the seed at the path it was handed out with; undefined where
   * this process holds no seed, or where the path does not derive that address.
   */
  depositKeys: (address: string, path: string) => LocalAccount | undefined;
  /** CHAIN_SWEEP_RATIO: a sweep moves at least this many times its gas (sweep-worth.ts). */
  sweepRatio: number;
  /** Per token, its withdrawal minimum on this chain in base units: the rule where the market has no price. */
  tokenFloors: Map<string, bigint>;
  /** USD prices by asset code (the market's tickers). */
  usdPrices: () => Promise<Map<string, string>>;
  /** The chain's own coin in the ledger (ETH, BNB…): what gas is priced in. */
  gasAsset: string | undefined;
  now: () => Date;
  log: FastifyBaseLogger;
}

const NATIVE_GAS = 21_000n;
/** Sweeps a run starts, at most: each is a balance read or two and a signature. */
const BATCH = 20;
/** A deposit not worth sweeping is read again after this long (fees fall), or when a newer one there is credited. */
const RECHECK_MS = 10 * 60_000;

type Begun = 'started' | 'later' | 'busy';

/**
 * Moves deposits into the hot wallet (docs/wallet.md, "Custody"), up to BATCH new sweeps a run, one at a time per
 * address (they share its nonces and its gas), tokens before the address's own coin (which pays for them):
 * - native coin: one transaction of all but its gas, so it cannot fail for gas, when worth it (sweep-worth.ts);
 * - a token: if the address lacks the gas, the hot wallet first sends it exactly that (`gas_topup`); once the top-up
 *   is settled (mined deep enough), the token transfer goes.
 * Every transaction goes through the sender (a nonce per sending address from the database, written before it is
 * broadcast, replaced when stuck, settled once deep enough), which posts its gas to the platform's gas account:
 * sweeping moves nobody's money in the ledger, the coins only change address inside custody.
 */
export class DepositSweeper {
  /** Deposit accounts derived so far, for the sender to replace their stuck transactions. */
  private readonly accounts = new Map<string, LocalAccount>();
  /** Per address and asset, when it was last found not worth sweeping (or its transfer would revert). */
  private readonly later = new Map<string, Date>();

  constructor(private readonly deps: SweeperDeps) {}

  accountFor(address: string): LocalAccount | undefined {
    return this.accounts.get(address.toLowerCase());
  }

  async runOnce(): Promise<{ started: number; continued: number }> {
    const { db, chain, sender } = this.deps;
    const fees = await sender.currentFees();
    const open = await openSweeps(db, chain.id);
    let continued = 0;
    for (const sweep of open) {
      // Derived for every open sweep, so that after a restart the sender can still replace a stuck one.
      const account = await this.depositAccount(sweep.address);
      if (sweep.status !== 'topping_up' || !account) continue;
      if (await this.afterTopUp(sweep, account, fees).catch((error) => this.failed(error, sweep.address))) continued++;
    }

    const busy = new Set(open.map((s) => s.address));
    const swept = await lastSweeps(db, chain.id);
    const native = chain.native?.assetCode;
    const candidates = (await this.deps.custody.sweepCandidates(chain.id)).sort(
      (x, y) => Number(x.assetCode === native) - Number(y.assetCode === native),
    );
    const now = this.deps.now();
    let prices: Map<string, string> | undefined;
    let started = 0;
    for (const candidate of candidates) {
      if (started >= BATCH) break;
      const key = `${candidate.address}:${candidate.assetCode}`;
      if (busy.has(candidate.address)) continue;
      // Swept (or its sweep failed) since its last credit: nothing new to move.
      if ((swept.get(key)?.getTime() ?? 0) > candidate.lastCredited.getTime()) continue;
      const waited = this.later.get(key);
      if (waited && waited > candidate.lastCredited && now.getTime() - waited.getTime() < RECHECK_MS) continue;
      const asset = evmAssetOf(this.deps.chain, candidate.assetCode);
      const account = asset && (await this.depositAccount(candidate.address));
      if (!asset || !account) continue;
      if (asset.contract && !prices) prices = await this.prices();
      const begun = await (asset.contract
        ? this.sweepToken({ ...asset, contract: asset.contract }, account, fees, prices!)
        : this.sweepNative(asset, account, fees)
      ).catch((error): Begun => {
        this.failed(error, candidate.address);
        return 'later';
      });
      if (begun === 'later') this.later.set(key, now);
      else busy.add(candidate.address);
      if (begun === 'started') started++;
    }
    if (started + continued > 0) this.deps.log.info({ chain: chain.symbol, started, continued }, 'sweeps signed');
    return { started, continued };
  }

  private async sweepNative(asset: EvmAsset, account: LocalAccount, fees: Fees): Promise<Begun> {
    const balance = await this.deps.node.balance(account.address);
    const gasWei = NATIVE_GAS * fees.maxFeePerGas;
    if (!nativeWorthSweeping({ amount: balance, gasWei, ratio: this.deps.sweepRatio })) return 'later';
    // All but the most its gas can cost: the address is left with the fee's unspent part, less than one gas.
    const value = balance - gasWei;
    return this.begin(account.address, asset, value, 'sweeping', (tx, ref) =>
      this.deps.sender.signFrom(tx, account, {
        purpose: 'sweep',
        ref,
        call: { to: this.deps.sender.address as Address, value, data: undefined, gas: NATIVE_GAS },
        fees,
      }),
    );
  }

  private async sweepToken(
    asset: EvmAsset & { contract: string },
    account: LocalAccount,
    fees: Fees,
    prices: Map<string, string>,
  ): Promise<Begun> {
    const { node, sender } = this.deps;
    const amount = await node.tokenBalance(asset.contract, account.address);
    if (amount === 0n) return 'later';
    const data = transferData(sender.address, amount);
    const gas = await this.tokenGas(asset.contract, account.address, data);
    if (gas === undefined) return 'later';
    const need = gas * fees.maxFeePerGas;
    const has = await node.balance(account.address);
    const worth = tokenWorthSweeping({
      amount,
      gasWei: (has < need ? NATIVE_GAS + gas : gas) * fees.maxFeePerGas,
      ratio: this.deps.sweepRatio,
      chainDecimals: asset.chainDecimals,
      tokenUsd: prices.get(asset.assetCode),
      nativeUsd: this.deps.gasAsset && prices.get(this.deps.gasAsset),
      floor: this.deps.tokenFloors.get(asset.assetCode) ?? 1n,
    });
    if (!worth) return 'later';
    if (has < need) {
      if (!(await this.hotCanPay(need - has, fees))) return 'later';
      return this.begin(account.address, asset, amount, 'topping_up', (tx, ref) =>
        this.signTopUp(tx, account.address, need - has, ref, fees),
      );
    }
    return this.begin(account.address, asset, amount, 'sweeping', (tx, ref) =>
      sender.signFrom(tx, account, {
        purpose: 'sweep',
        ref,
        call: { to: asset.contract as Address, value: 0n, data, gas },
        fees,
      }),
    );
  }

  /** A token sweep whose top-up is settled: its transfer now, or another top-up if fees rose meanwhile. */
  private async afterTopUp(sweep: SweepRow, account: LocalAccount, fees: Fees): Promise<boolean> {
    const { db, node, sender } = this.deps;
    const asset = evmAssetOf(this.deps.chain, sweep.assetCode);
    const ref = `sweep:${sweep.id}`;
    const seen = await topUps(db, ref);
    if (!asset?.contract || seen.open > 0 || seen.mined === 0) return false;
    const data = transferData(sender.address, BigInt(sweep.amount));
    const gas = await this.tokenGas(asset.contract, account.address, data);
    if (gas === undefined) return false;
    const need = gas * fees.maxFeePerGas;
    const has = await node.balance(account.address);
    return db.transaction(async (tx) => {
      if (!(await lockSweep(tx, sweep.id, 'topping_up')) || (await topUps(tx, ref)).open > 0) return false;
      if (has < need) {
        // Never sign what the address cannot pay for: a transaction the node refuses would hold its nonce.
        if (await this.hotCanPay(need - has, fees)) await this.signTopUp(tx, account.address, need - has, ref, fees);
        return false;
      }
      await moveSweep(tx, sweep.id, 'topping_up', 'sweeping', this.deps.now());
      const call = { to: asset.contract as Address, value: 0n, data, gas };
      await sender.signFrom(tx, account, { purpose: 'sweep', ref, call, fees });
      return true;
    });
  }

  /**
   * Whether the hot wallet holds a top-up and its gas: one it cannot pay would be refused by the node and hold the
   * hot wallet's next nonces, withdrawals included.
   */
  private async hotCanPay(value: bigint, fees: Fees): Promise<boolean> {
    const { node, sender, chain, log } = this.deps;
    if ((await node.balance(sender.address)) >= value + NATIVE_GAS * fees.maxFeePerGas) return true;
    log.warn(
      { chain: chain.symbol },
      'the hot wallet has no gas for sweeps: an operator funds it (npm run chain:fund)',
    );
    return false;
  }

  private signTopUp(tx: Tx, to: string, value: bigint, ref: string, fees: Fees) {
    const { sender } = this.deps;
    const call = { to: to as Address, value, data: undefined, gas: NATIVE_GAS };
    return sender.signFrom(tx, sender.account, { purpose: 'gas_topup', ref, call, fees });
  }

  /**
   * Writes the sweep and signs its first transaction in one database transaction, queued on the deposit address's
   * sender row, so that a sweep another process began there meanwhile is seen and this one waits.
   */
  private begin(
    address: string,
    asset: EvmAsset,
    amount: bigint,
    status: 'topping_up' | 'sweeping',
    sign: (tx: Tx, ref: string) => Promise<unknown>,
  ): Promise<Begun> {
    const { db, node, chain } = this.deps;
    return db.transaction(async (tx) => {
      await holdSender(tx, chain.id, address, async () => BigInt(await node.nonce(address, 'pending')));
      if (await sweepingAt(tx, chain.id, address)) return 'busy';
      const values = {
        chainId: chain.id,
        assetCode: asset.assetCode,
        address,
        amount,
        status,
        createdAt: this.deps.now(),
      };
      const id = await insertSweep(tx, values);
      if (id === undefined) return 'busy';
      await sign(tx, `sweep:${id}`);
      return 'started';
    });
  }

  /**
   * The token transfer's gas limit, undefined when it would revert: the node's estimate, a tenth more, and 20,000 in
   * case withdrawals empty the hot wallet's balance of the token before it is mined (writing a balance from zero
   * costs 20,000 gas where the estimate may have priced 2,900; measured on anvil: 46,581 against 29,481). Unused gas
   * is not paid: what the top-up sent beyond it stays on the address for its next sweep.
   */
  private async tokenGas(contract: string, from: string, data: Hex): Promise<bigint | undefined> {
    try {
      const estimate = await this.deps.node.client.estimateGas({
        account: from as Address,
        to: contract as Address,
        data,
        prepare: false,
      });
      return estimate + estimate / 10n + 20_000n;
    } catch (error) {
      // A paused token or a blocked address: sweeping would only burn gas. Tried again after RECHECK_MS.
      this.deps.log.warn({ err: error, chain: this.deps.chain.symbol, from, contract }, 'a token sweep would revert');
      return undefined;
    }
  }

  /** One address's trouble (a node error, a token that answers oddly) does not hold up the others' sweeps. */
  private failed(error: unknown, address: string): false {
    this.deps.log.warn({ err: error, chain: this.deps.chain.symbol, address }, 'sweep not begun');
    return false;
  }

  /** The market's USD prices; without them (the market unreachable) token sweeps fall back to the floors. */
  private async prices(): Promise<Map<string, string>> {
    try {
      return await this.deps.usdPrices();
    } catch (error) {
      this.deps.log.warn({ err: error }, 'no market prices: token sweeps wait for their withdrawal minimums');
      return new Map();
    }
  }

  private async depositAccount(address: string): Promise<LocalAccount | undefined> {
    const known = this.accounts.get(address.toLowerCase());
    if (known) return known;
    const path = await this.deps.custody.pathOfAddress(address);
    const account = path ? this.deps.depositKeys(address, path) : undefined;
    if (account) this.accounts.set(address.toLowerCase(), account);
    return account;
  }

  /** The sender's settler for `sweep:` references: a mined sweep is done, or failed if it reverted. */
  readonly settle = async (tx: Tx, mined: ChainTxRow, receipt: Receipt): Promise<void> => {
    if (mined.purpose !== 'sweep') return;
    const id = Number(mined.ref.slice('sweep:'.length));
    const failed = receipt.status !== 'success';
    if (!(await moveSweep(tx, id, 'sweeping', failed ? 'failed' : 'done', this.deps.now()))) {
      this.deps.log.warn({ sweep: id }, 'a sweep was settled that was not sweeping');
    }
    // Not tried again by itself (it would burn gas again): the coins stay on the address until an operator looks.
    if (failed) this.deps.log.error({ sweep: id, tx: mined.hash }, 'a sweep reverted on the chain');
  };
}
