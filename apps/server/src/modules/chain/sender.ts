import type { FastifyBaseLogger } from 'fastify';
import { type Address, type Hex, keccak256, type LocalAccount, parseTransaction } from 'viem';
import type { Database, Tx } from '../../db/client.ts';
import type { CustodyService, WithdrawalRow } from '../wallet/custody.service.ts';
import { type EvmAsset, type EvmChain, evmAssetOf, toChainUnits } from './evm-chain.ts';
import { type EvmNode, type Receipt, transferData } from './evm-node.ts';
import { bumpedFees, cappedFees, dueForBump, type Fees } from './fees.ts';
import { coldInFlight } from './hot-cold.store.ts';
import {
  type ChainTxRow,
  holdSender,
  insertChainTx,
  lockNonce,
  markMined,
  markReplaced,
  markSent,
  openNonces,
  signedTxs,
  takeNonce,
} from './store.ts';

export interface SenderDeps {
  db: Database;
  node: EvmNode;
  chain: EvmChain;
  custody: CustodyService;
  /** The hot wallet. */
  account: LocalAccount;
  now: () => Date;
  bumpAfterMs: number;
  maxFeeWei: bigint;
  /** The chain's own coin in the ledger (ETH, BNB, AVAX, POL): what gas is posted in. */
  gasAsset: string | undefined;
  failpoint?: string | undefined;
  log: FastifyBaseLogger;
  /**
   * Other senders of ours on this chain (deposit addresses sweeping into the hot wallet): their signing account by
   * address, to replace their stuck transactions too.
   */
  accountFor?: (address: string) => LocalAccount | undefined;
  /**
   * What a mined transaction of another purpose settles (`sweep:`, `nft:` …), by its reference's prefix, in the
   * transaction that marks it mined.
   */
  settlers?: Record<string, (tx: Tx, mined: ChainTxRow, receipt: Receipt) => Promise<void>>;
}

/** A transaction to sign: where, what, how much gas at most. */
export interface Call {
  to: Address;
  value: bigint;
  data: Hex | undefined;
  gas: bigint;
}

const NATIVE_GAS = 21_000n;
// An ERC-20 transfer costs 35–65k; the limit only bounds what a failing call may burn, unused gas is not paid.
const TOKEN_GAS = 100_000n;

/**
 * Sends the hot wallet's transactions on one EVM chain (docs/wallet.md, "Withdrawals"):
 * - sign: each waiting withdrawal gets the sender's next nonce from the database and is signed and written, with the
 *   nonce, in one transaction, before anything is broadcast; a withdrawal the hot wallet cannot cover is held.
 * - broadcast: what is signed is sent (again after a crash: the same bytes, never a new nonce).
 * - follow: a nonce is settled by the one attempt the chain mined, once it is deep enough; one not mined in time is
 *   replaced at the same nonce with higher fees; the money is refunded only when the nonce was provably used by our
 *   own cancel or by the withdrawal itself reverting.
 */
export class WithdrawalSender {
  constructor(private readonly deps: SenderDeps) {}

  get address(): string {
    return this.deps.account.address;
  }

  /** The hot wallet's account (the sweeper tops deposit addresses up from it). */
  get account(): LocalAccount {
    return this.deps.account;
  }

  /** What a mined transaction of another purpose settles, by its reference's prefix (`sweep`, `nft`). */
  settleWith(prefix: string, settler: NonNullable<SenderDeps['settlers']>[string]): void {
    this.deps.settlers = { ...this.deps.settlers, [prefix]: settler };
  }

  /** Other accounts of ours whose stuck transactions this sender may replace (deposit addresses sweeping). */
  signAlsoFor(accountFor: (address: string) => LocalAccount | undefined): void {
    this.deps.accountFor = accountFor;
  }

  private async hotBalance(asset: EvmAsset & { contract?: string }): Promise<bigint> {
    return asset.contract
      ? this.deps.node.tokenBalance(asset.contract, this.address)
      : this.deps.node.balance(this.address);
  }

  async signDue(limit = 50): Promise<{ signed: number; held: number }> {
    const { db, chain, custody } = this.deps;
    const fees = cappedFees(await this.deps.node.fees(), this.deps.maxFeeWei);
    // What the hot wallet holds, less what it already owes to broadcast withdrawals, per asset (read outside the
    // transaction: a deposit arriving meanwhile only makes it more).
    const room = new Map<string, bigint>();
    const held: WithdrawalRow[] = [];
    const signed = await db.transaction(async (tx) => {
      let count = 0;
      const rows = await custody.unsentWithdrawals(tx, chain.id, limit);
      if (rows.length === 0) return 0;
      // One signer at a time per hot wallet, so what it owes is read after the previous signer's commit.
      await holdSender(tx, chain.id, this.address, () => this.pendingNonce(this.address));
      for (const row of rows) {
        const asset = evmAssetOf(this.deps.chain, row.assetCode);
        if (!asset) continue;
        if (!room.has(asset.assetCode)) {
          // Owed: withdrawals broadcast, and surplus signed to the cold address and not yet settled (hot-cold.ts).
          const owed =
            toChainUnits(asset, await custody.broadcastTotal(tx, chain.id, asset.assetCode)) +
            (await coldInFlight(tx, chain.id, asset.assetCode));
          room.set(asset.assetCode, (await this.hotBalance(asset)) - owed);
        }
        const value = toChainUnits(asset, BigInt(row.amount));
        if (room.get(asset.assetCode)! < value) {
          if (await custody.hold(tx, row)) held.push(row);
          continue;
        }
        room.set(asset.assetCode, room.get(asset.assetCode)! - value);
        const call: Call = asset.contract
          ? { to: asset.contract as Address, value: 0n, data: transferData(row.address, value), gas: TOKEN_GAS }
          : { to: row.address as Address, value, data: undefined, gas: NATIVE_GAS };
        await this.signNew(tx, { purpose: 'withdrawal', ref: `withdrawal:${row.id}`, call, fees });
        await custody.markBroadcast(tx, row.id);
        count++;
      }
      return count;
    });
    if (signed > 0 && this.deps.failpoint === 'after-sign') {
      // Test failpoint (chain-withdrawals.shared.test.ts): die between the commit and the broadcast.
      process.kill(process.pid, 'SIGKILL');
    }
    return { signed, held: held.length };
  }

  /** Takes the next nonce and writes the signed transaction, in the caller's transaction. */
  private signNew(tx: Tx, input: { purpose: string; ref: string; call: Call; fees: Fees }) {
    return this.signFrom(tx, this.deps.account, input);
  }

  /**
   * Signs a transaction from one of our accounts (the hot wallet, a deposit address) with that sender's next nonce
   * from the database, and writes it, in the caller's transaction; the broadcast and follow loops do the rest.
   */
  async signFrom(tx: Tx, account: LocalAccount, input: { purpose: string; ref: string; call: Call; fees: Fees }) {
    const nonce = await takeNonce(tx, this.deps.chain.id, account.address, () => this.pendingNonce(account.address));
    return this.write(tx, account, { ...input, nonce, attempt: 1 });
  }

  /** Where a sender new to the database starts: the node's count of its transactions, pending included. */
  private async pendingNonce(address: string): Promise<bigint> {
    return BigInt(await this.deps.node.nonce(address, 'pending'));
  }

  /** Fees to offer now, under the cap. */
  async currentFees(): Promise<Fees> {
    return cappedFees(await this.deps.node.fees(), this.deps.maxFeeWei);
  }

  private accountOf(address: string): LocalAccount | undefined {
    if (address.toLowerCase() === this.address.toLowerCase()) return this.deps.account;
    return this.deps.accountFor?.(address);
  }

  private async write(
    tx: Tx,
    account: LocalAccount,
    input: { purpose: string; ref: string; call: Call; fees: Fees; nonce: bigint; attempt: number },
  ): Promise<ChainTxRow> {
    const raw = await account.signTransaction({
      type: 'eip1559',
      chainId: this.deps.chain.networkId,
      nonce: Number(input.nonce),
      to: input.call.to,
      value: input.call.value,
      data: input.call.data,
      gas: input.call.gas,
      maxFeePerGas: input.fees.maxFeePerGas,
      maxPriorityFeePerGas: input.fees.maxPriorityFeePerGas,
    });
    return insertChainTx(tx, {
      chainId: this.deps.chain.id,
      fromAddress: account.address,
      nonce: input.nonce,
      attempt: input.attempt,
      purpose: input.purpose,
      ref: input.ref,
      raw,
      hash: keccak256(raw),
      gasLimit: input.call.gas.toString(),
      maxFeePerGas: input.fees.maxFeePerGas.toString(),
      maxPriorityFeePerGas: input.fees.maxPriorityFeePerGas.toString(),
      status: 'signed',
      createdAt: this.deps.now(),
    });
  }

  /** Sends everything signed, lowest nonce first; a node that already has it counts as sent. */
  async broadcastDue(limit = 200): Promise<number> {
    let sent = 0;
    for (const row of await signedTxs(this.deps.db, this.deps.chain.id, limit)) {
      try {
        await this.deps.node.send(row.raw);
      } catch (error) {
        // Left signed: tried again next run (a node restarting, a replacement it found underpriced for now).
        this.deps.log.warn({ err: error, chain: this.deps.chain.symbol, tx: row.hash }, 'broadcast refused');
        continue;
      }
      await markSent(this.deps.db, row.id, this.deps.now());
      sent++;
    }
    return sent;
  }

  /** Settles what was mined deep enough, replaces what is stuck. */
  async followDue(limit = 200): Promise<{ settled: number; bumped: number }> {
    const { node } = this.deps;
    const head = await node.head();
    const market = await node.fees();
    const groups = new Map<string, ChainTxRow[]>();
    for (const row of await openNonces(this.deps.db, this.deps.chain.id, limit)) {
      const key = `${row.fromAddress}:${row.nonce}`;
      groups.set(key, [...(groups.get(key) ?? []), row]);
    }
    let settled = 0;
    let bumped = 0;
    const used = new Map<string, number>();
    for (const attempts of groups.values()) {
      const receipts = await Promise.all(
        attempts.map((a) => (a.status === 'replaced' ? undefined : node.receipt(a.hash))),
      );
      const index = receipts.findIndex((r) => r !== undefined);
      if (index >= 0) {
        const receipt = receipts[index]!;
        // As deep as the chain's deepest deposit confirmations before it settles.
        if (head - receipt.blockNumber + 1n < BigInt(this.deps.chain.finality)) continue;
        if (await this.settle(attempts[index]!, receipt)) settled++;
        continue;
      }
      const newest = attempts[attempts.length - 1]!;
      if (BigInt(await this.minedNonce(newest.fromAddress, used)) > newest.nonce) {
        // The node counts this nonce as used, yet none of our attempts at it has a receipt: either a receipt is not
        // visible yet (the next run sees it), or something we did not sign used our key. Never refunded by itself.
        this.deps.log.error(
          { chain: this.deps.chain.symbol, from: newest.fromAddress, nonce: String(newest.nonce), ref: newest.ref },
          'a nonce was used by no transaction of ours: an operator must look (docs/wallet.md, "Withdrawals")',
        );
        continue;
      }
      if (newest.status === 'sent' && dueForBump(newest.createdAt, this.deps.now(), this.deps.bumpAfterMs)) {
        if (await this.bump(newest, market)) bumped++;
      } else if (newest.status === 'sent') {
        // Nodes drop what they will not keep (anvil drops underpriced transactions): send the newest again.
        await node.send(newest.raw).catch(() => undefined);
      }
    }
    return { settled, bumped };
  }

  /** The sender's mined transaction count, once per run. */
  private async minedNonce(address: string, cache: Map<string, number>): Promise<number> {
    if (!cache.has(address)) cache.set(address, await this.deps.node.nonce(address, 'latest'));
    return cache.get(address)!;
  }

  /** A new attempt at the newest one's nonce: the same call (or cancel) at higher fees. */
  private async bump(newest: ChainTxRow, market: Fees): Promise<boolean> {
    const fees = bumpedFees(
      { maxFeePerGas: BigInt(newest.maxFeePerGas), maxPriorityFeePerGas: BigInt(newest.maxPriorityFeePerGas) },
      market,
      this.deps.maxFeeWei,
    );
    if (!fees) return false;
    const account = this.accountOf(newest.fromAddress);
    if (!account) return false;
    const parsed = parseTransaction(newest.raw as Hex);
    const call: Call = { to: parsed.to!, value: parsed.value ?? 0n, data: parsed.data, gas: parsed.gas ?? NATIVE_GAS };
    await this.deps.db.transaction(async (tx) => {
      const attempts = await lockNonce(tx, this.deps.chain.id, newest.fromAddress, newest.nonce);
      // Another process bumped or settled it meanwhile.
      if (attempts[0]?.id !== newest.id || attempts.some((a) => a.status === 'mined')) return;
      await this.write(tx, account, {
        purpose: newest.purpose,
        ref: newest.ref,
        call,
        fees,
        nonce: newest.nonce,
        attempt: newest.attempt + 1,
      });
    });
    return true;
  }

  /** An operator's cancel: a transfer of nothing to ourselves at the withdrawal's nonce, at higher fees. */
  async cancel(withdrawalId: number): Promise<ChainTxRow | undefined> {
    const market = await this.deps.node.fees();
    const open = (await openNonces(this.deps.db, this.deps.chain.id, 1000)).filter(
      (row) => row.ref === `withdrawal:${withdrawalId}`,
    );
    const newest = open[open.length - 1];
    if (!newest) return undefined;
    return this.deps.db.transaction(async (tx) => {
      const attempts = await lockNonce(tx, this.deps.chain.id, newest.fromAddress, newest.nonce);
      const last = attempts[0]!;
      if (attempts.some((a) => a.status === 'mined')) return undefined;
      const fees = bumpedFees(
        { maxFeePerGas: BigInt(last.maxFeePerGas), maxPriorityFeePerGas: BigInt(last.maxPriorityFeePerGas) },
        market,
        this.deps.maxFeeWei * 2n,
      );
      if (!fees) return undefined;
      const call: Call = { to: this.address as Address, value: 0n, data: undefined, gas: NATIVE_GAS };
      return this.write(tx, this.deps.account, {
        purpose: 'cancel',
        ref: last.ref,
        call,
        fees,
        nonce: last.nonce,
        attempt: last.attempt + 1,
      });
    });
  }

  /** The mined attempt settles its nonce once: the purpose's outcome, the others replaced, its gas in the ledger. */
  private async settle(mined: ChainTxRow, receipt: Receipt): Promise<boolean> {
    const { custody } = this.deps;
    await this.deps.db.transaction(async (tx) => {
      const attempts = await lockNonce(tx, this.deps.chain.id, mined.fromAddress, mined.nonce);
      if (attempts.some((a) => a.status === 'mined')) return;
      await markMined(tx, mined.id, {
        minedBlock: receipt.blockNumber,
        succeeded: receipt.status === 'success',
        gasPaid: receipt.gasPaid,
      });
      await markReplaced(
        tx,
        attempts.filter((a) => a.id !== mined.id).map((a) => a.id),
      );
      if (this.deps.gasAsset) {
        await custody.postGas(tx, {
          asset: this.deps.gasAsset,
          wei: receipt.gasPaid,
          reference: `chaintx:${mined.id}`,
        });
      }
      if (!mined.ref.startsWith('withdrawal:')) {
        const settler = this.deps.settlers?.[mined.ref.split(':')[0]!];
        if (settler) await settler(tx, mined, receipt);
        return;
      }
      const id = Number(mined.ref.slice('withdrawal:'.length));
      const state =
        mined.purpose === 'withdrawal' && receipt.status === 'success'
          ? ({ state: 'completed', txHash: mined.hash } as const)
          : ({
              state: 'failed',
              reason: mined.purpose === 'cancel' ? 'cancelled by an operator' : 'reverted on the chain',
            } as const);
      // Settled at most once (the user is told through the notice outbox, in this transaction).
      await custody.settle(tx, id, state);
    });
    return true;
  }
}
