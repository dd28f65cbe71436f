import type { FastifyBaseLogger } from 'fastify';
import type { Address, LocalAccount } from 'viem';
import type { Database, Tx } from '../../db/client.ts';
import type { CustodyService } from '../wallet/custody.service.ts';
import type { EvmAsset, EvmChain } from './evm-chain.ts';
import { type EvmNode, type Receipt, transferData } from './evm-node.ts';
import type { Call, WithdrawalSender } from './sender.ts';
import type { ChainTxRow } from './store.ts';
import { insertSweep, lastSweeps, minedFor, moveSweep, openSweeps, type SweepRow } from './sweeps.store.ts';

export interface SweeperDeps {
  db: Database;
  node: EvmNode;
  chain: EvmChain;
  custody: CustodyService;
  sender: WithdrawalSender;
  /** A deposit address's signing account from its derivation path; undefined where this process holds no seed. */
  depositKey: (path: string) => LocalAccount | undefined;
  /** A sweep is worth it once the coin moved is this many times its gas (`CHAIN_SWEEP_RATIO`). */
  sweepRatio: number;
  /** Per token, the least worth sweeping, in chain units (its withdrawal minimum). */
  tokenThresholds: Map<string, bigint>;
  now: () => Date;
  log: FastifyBaseLogger;
  batch?: number;
}

const NATIVE_GAS = 21_000n;
// An ERC-20 transfer from an address that never sent one costs 35–55k; the top-up covers this much at the fee signed.
const TOKEN_GAS = 65_000n;

/**
 * Moves deposits into the hot wallet (docs/wallet.md, "Custody"), in batches of `batch` addresses a run:
 * - native coin: one transaction from the deposit address of all but its gas, when the coin is worth `sweepRatio`
 *   times that gas;
 * - a token, when the address holds at least its withdrawal minimum: if the address lacks the gas, the hot wallet
 *   first tops it up with exactly that (`gas_topup`), and once that is mined and settled, the token transfer goes.
 * Every transaction goes through the sender (a nonce per sender from the database, written before broadcast,
 * replaced when stuck, settled once deep enough), which posts its gas to the platform's gas account: sweeping moves
 * no user's money in the ledger, the coins only change address.
 */
export class DepositSweeper {
  /** Deposit accounts this process signed with, for the sender to replace their stuck transactions. */
  private readonly accounts = new Map<string, LocalAccount>();

  constructor(private readonly deps: SweeperDeps) {}

  accountFor(address: string): LocalAccount | undefined {
    return this.accounts.get(address.toLowerCase());
  }

  private async depositAccount(address: string): Promise<LocalAccount | undefined> {
    const known = this.accounts.get(address.toLowerCase());
    if (known) return known;
    const path = await this.deps.custody.pathOfAddress(address);
    const account = path ? this.deps.depositKey(path) : undefined;
    if (account) this.accounts.set(address.toLowerCase(), account);
    return account;
  }

  private asset(code: string): (EvmAsset & { contract?: string }) | undefined {
    const { chain } = this.deps;
    if (chain.native?.assetCode === code) return chain.native;
    return [...chain.tokens.values()].find((t) => t.assetCode === code);
  }

  async runOnce(): Promise<{ started: number; continued: number }> {
    const { db, node, chain, sender } = this.deps;
    const fees = await sender.currentFees();
    let continued = 0;
    // Top-ups that are mined: the token transfer goes now.
    for (const sweep of await openSweeps(db, chain.id)) {
      if (sweep.status !== 'topping_up' || !(await minedFor(db, `sweep:${sweep.id}`, 'gas_topup'))) continue;
      const account = await this.depositAccount(sweep.address);
      const asset = this.asset(sweep.assetCode);
      if (!account || !asset?.contract) continue;
      await db.transaction(async (tx) => {
        if (!(await moveSweep(tx, sweep.id, 'topping_up', 'sweeping', this.deps.now()))) return;
        const call: Call = {
          to: asset.contract as Address,
          value: 0n,
          data: transferData(sender.address, BigInt(sweep.amount)),
          gas: TOKEN_GAS,
        };
        await sender.signFrom(tx, account, { purpose: 'sweep', ref: `sweep:${sweep.id}`, call, fees });
      });
      continued++;
    }

    // One sweep at a time per address (they share its nonces and its gas): tokens first, its own coin after them.
    const busy = new Set((await openSweeps(db, chain.id)).map((s) => s.address));
    const last = await lastSweeps(db, chain.id);
    const candidates = (await this.deps.custody.sweepCandidates(chain.id)).sort(
      (x, y) => Number(x.assetCode === chain.native?.assetCode) - Number(y.assetCode === chain.native?.assetCode),
    );
    let started = 0;
    for (const candidate of candidates) {
      if (started >= (this.deps.batch ?? 20)) break;
      // Swept since its last credit, or a sweep under way there: nothing to start now.
      if (busy.has(candidate.address)) continue;
      if ((last.get(`${candidate.address}:${candidate.assetCode}`) ?? new Date(0)) > candidate.lastCredited) continue;
      const asset = this.asset(candidate.assetCode);
      const account = asset && (await this.depositAccount(candidate.address));
      if (!asset || !account) continue;
      const begun = await (asset.contract
        ? this.sweepToken(asset, account, fees)
        : this.sweepNative(asset, account, fees));
      if (begun) {
        started++;
        busy.add(candidate.address);
      }
    }
    return { started, continued };
  }

  private async sweepNative(
    asset: EvmAsset,
    account: LocalAccount,
    fees: { maxFeePerGas: bigint; maxPriorityFeePerGas: bigint },
  ) {
    const balance = await this.deps.node.balance(account.address);
    const gas = NATIVE_GAS * fees.maxFeePerGas;
    if (balance < gas * BigInt(this.deps.sweepRatio)) return false;
    const value = balance - gas;
    return this.deps.db.transaction(async (tx) => {
      const id = await this.insert(tx, asset, account.address, value, 'sweeping');
      if (id === undefined) return false;
      const call: Call = { to: this.deps.sender.address as Address, value, data: undefined, gas: NATIVE_GAS };
      await this.deps.sender.signFrom(tx, account, { purpose: 'sweep', ref: `sweep:${id}`, call, fees });
      return true;
    });
  }

  private async sweepToken(
    asset: EvmAsset & { contract?: string },
    account: LocalAccount,
    fees: { maxFeePerGas: bigint; maxPriorityFeePerGas: bigint },
  ) {
    const { node, sender } = this.deps;
    const amount = await node.tokenBalance(asset.contract!, account.address);
    if (amount === 0n || amount < (this.deps.tokenThresholds.get(asset.assetCode) ?? 1n)) return false;
    const need = TOKEN_GAS * fees.maxFeePerGas;
    const has = await node.balance(account.address);
    return this.deps.db.transaction(async (tx) => {
      if (has >= need) {
        const id = await this.insert(tx, asset, account.address, amount, 'sweeping');
        if (id === undefined) return false;
        const call: Call = {
          to: asset.contract as Address,
          value: 0n,
          data: transferData(sender.address, amount),
          gas: TOKEN_GAS,
        };
        await sender.signFrom(tx, account, { purpose: 'sweep', ref: `sweep:${id}`, call, fees });
        return true;
      }
      const id = await this.insert(tx, asset, account.address, amount, 'topping_up');
      if (id === undefined) return false;
      const call: Call = { to: account.address, value: need - has, data: undefined, gas: NATIVE_GAS };
      await sender.signFrom(tx, sender.account, { purpose: 'gas_topup', ref: `sweep:${id}`, call, fees });
      return true;
    });
  }

  private insert(tx: Tx, asset: EvmAsset, address: string, amount: bigint, status: 'topping_up' | 'sweeping') {
    return insertSweep(tx, {
      chainId: this.deps.chain.id,
      assetCode: asset.assetCode,
      address,
      amount,
      status,
      createdAt: this.deps.now(),
    });
  }

  /** The sender's settler for `sweep:` references: a mined sweep is done (failed if it reverted). */
  readonly settle = async (tx: Tx, mined: ChainTxRow, receipt: Receipt): Promise<void> => {
    if (mined.purpose !== 'sweep') return;
    const id = Number(mined.ref.slice('sweep:'.length));
    const to = receipt.status === 'success' ? 'done' : 'failed';
    if (!(await moveSweep(tx, id, 'sweeping', to, this.deps.now()))) {
      this.deps.log.warn({ sweep: id }, 'a sweep was settled that was not sweeping');
    }
  };
}

export type { SweepRow };
