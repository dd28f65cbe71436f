import { randomBytes } from 'node:crypto';
import { LocalChainDepositInput, Status } from '@polaris/contract';
import type { z } from 'zod';
import type { Database, Tx } from '../../db/client.ts';
import { AppError, fieldError } from '../../platform/errors.ts';
import { FailingItems, ItemsFailed } from '../../platform/worker.ts';
import type { Notifier } from '../notifications/events.ts';
import type { AddressDeriver } from './addresses.ts';
import { amountUnits, assetOf, networkOf } from './catalog.ts';
import type { ChainAdapter } from './chain.ts';
import { AccountDeleted, ledger } from './ledger.ts';
import { WalletNotices } from './notices.service.ts';
import type { AccountsByEmail, InviteRewards } from './ports.ts';
import {
  confirmingDeposits,
  depositAddressOf,
  findDeposit,
  insertDeposit,
  keepDepositAddress,
  linkDepositEntry,
  loadCatalog,
  lockDeposit,
  markDepositCredited,
  setDepositConfirmations,
} from './store.ts';

export interface DepositDeps {
  db: Database;
  now: () => Date;
  deriver: AddressDeriver;
  chain: ChainAdapter;
  /** Finds the user a simulated deposit is for. */
  users: AccountsByEmail;
  /**
   * Told of every credited deposit in its transaction (a first large enough one may earn an invite reward), and
   * asked to pay that reward once the transaction has committed.
   */
  invites: InviteRewards;
  /** Deposit credited (docs/notifications.md, "Events: chat, red packets, wallet"). */
  notifier?: Notifier;
  /** Chains a node answers for: the simulator makes up no deposits there (they would exist in no block). */
  realChains?: number[];
}

/**
 * Money coming in from a chain: each user's deposit addresses, deposits as they are seen, and their credit once
 * the chain has confirmed them enough (chain clearing → the user, `deposit`).
 */
export class DepositService {
  /** Deposits whose crediting failed, held out of the next runs for a while (platform/worker.ts). */
  private readonly failing: FailingItems;
  private readonly notices: WalletNotices;

  constructor(private readonly deps: DepositDeps) {
    this.failing = new FailingItems({ now: () => deps.now().getTime() });
    this.notices = new WalletNotices({ db: deps.db, notifier: deps.notifier });
  }

  private get db() {
    return this.deps.db;
  }

  /** The user's address for an asset on a chain, derived on first request. XDR uses one address everywhere. */
  async depositAddress(userId: number, assetCode: string, chainId: number) {
    const catalog = await loadCatalog(this.db);
    const asset = assetOf(catalog, assetCode);
    const network = networkOf(catalog, assetCode, chainId);
    if (!network.depositEnabled) throw fieldError('chainId', 'wallet.depositDisabled');
    // A single-address coin lives at the user's address on the first chain that carries it.
    const addressChainId = asset.singleAddress
      ? catalog.networks
          .filter((n) => n.assetCode === assetCode)
          .map((n) => catalog.chains.get(n.chainId)!)
          .sort((a, b) => a.sort - b.sort)[0]!.id
      : chainId;
    const chain = catalog.chains.get(addressChainId)!;
    const address = await this.addressFor(userId, chain.id, chain.family);
    return {
      asset: assetCode,
      chainId,
      chain: catalog.chains.get(chainId)!.symbol,
      address,
      confirmations: network.confirmations,
    };
  }

  private async addressFor(userId: number, chainId: number, family: Parameters<AddressDeriver['derive']>[0]) {
    const existing = await depositAddressOf(this.db, userId, chainId);
    if (existing) return existing;
    const derived = this.deps.deriver.derive(family, chainId, userId);
    await keepDepositAddress(this.db, { userId, chainId, address: derived.address, path: derived.path });
    return derived.address;
  }

  /**
   * Record a deposit seen on a chain. With enough confirmations it is credited at once; otherwise it waits as
   * `confirming` until processDeposits sees the chain reach the number the network needs. A transaction hash is
   * recorded once per chain and address, however often it is reported.
   */
  async recordDeposit(input: {
    userId: number;
    assetCode: string;
    chainId: number;
    amount: string;
    txHash: string;
    confirmations?: number;
  }): Promise<{ id: number; credited: boolean; status: 'confirming' | 'credited' }> {
    const catalog = await loadCatalog(this.db);
    const asset = assetOf(catalog, input.assetCode);
    const network = networkOf(catalog, input.assetCode, input.chainId);
    if (!network.depositEnabled) throw fieldError('chainId', 'wallet.depositDisabled');
    const units = amountUnits(input.amount, asset.decimals);
    const { address } = await this.depositAddress(input.userId, input.assetCode, input.chainId);
    const now = this.deps.now();
    const confirmations = Math.min(input.confirmations ?? network.confirmations, network.confirmations);
    const confirmed = confirmations >= network.confirmations;
    const result = await this.db.transaction(async (tx) => {
      const id = await insertDeposit(tx, {
        userId: input.userId,
        assetCode: input.assetCode,
        chainId: input.chainId,
        address,
        txHash: input.txHash,
        amount: units,
        confirmations,
        requiredConfirmations: network.confirmations,
        status: confirmed ? 'credited' : 'confirming',
        createdAt: now,
        creditedAt: confirmed ? now : null,
      });
      if (id === undefined) {
        const existing = await findDeposit(tx, input.chainId, input.txHash, address);
        return { id: existing!.id, credited: false, status: existing!.status as 'confirming' | 'credited' };
      }
      if (!confirmed) return { id, credited: false, status: 'confirming' as const };
      await creditDeposit(
        tx,
        { invites: this.deps.invites, notices: this.notices },
        {
          id,
          userId: input.userId,
          assetCode: input.assetCode,
          amount: units,
        },
      );
      return { id, credited: true, status: 'credited' as const };
    });
    if (result.credited) await this.deps.invites.settle(input.userId);
    return result;
  }

  /**
   * LOCAL SIMULATOR: a deposit to the user with this email, as if it arrived on the chain named by symbol or id
   * (a made-up transaction hash unless one is given), recorded as the chain watcher would. The operator route and
   * operator scripts call it, so their money arrives exactly as a local deposit does.
   */
  async simulateDeposit(command: z.input<typeof LocalChainDepositInput>) {
    const input = LocalChainDepositInput.parse(command);
    const user = await this.deps.users.requireByEmail(input.email);
    const catalog = await loadCatalog(this.db);
    const chain = [...catalog.chains.values()].find(
      (c) => c.symbol.toLowerCase() === input.chain.toLowerCase() || String(c.id) === input.chain,
    );
    if (!chain) throw new AppError(Status.invalid, 'wallet.chainDisabled');
    if (this.deps.realChains?.includes(chain.id)) throw fieldError('chain', 'wallet.chainOnNode');
    const result = await this.recordDeposit({
      userId: user.id,
      assetCode: input.asset,
      chainId: chain.id,
      amount: input.amount,
      txHash: input.txHash ?? `0x${randomBytes(32).toString('hex')}`,
      confirmations: input.confirmations,
    });
    const { address } = await this.depositAddress(user.id, input.asset, chain.id);
    return { ...result, address };
  }

  /** Follow confirming deposits on their chains and credit each once it has the confirmations it needs. */
  async processDeposits(limit = 100): Promise<{ credited: number }> {
    const waiting = await confirmingDeposits(this.db, limit);
    const held = new Set(this.failing.held());
    const failures: { id: number; error: unknown }[] = [];
    let credited = 0;
    for (const deposit of waiting) {
      if (held.has(deposit.id)) continue;
      // The chain out of reach ends the run (the worker backs off); a deposit that fails to be credited is held
      // out for a while and the others go on.
      const seen = await this.deps.chain.depositConfirmations(deposit, this.deps.now());
      const done = await this.db
        .transaction(async (tx) => {
          const row = await lockDeposit(tx, deposit.id);
          if (row?.status !== 'confirming') return false;
          const confirmations = Math.min(Math.max(row.confirmations, seen), row.requiredConfirmations);
          if (confirmations < row.requiredConfirmations) {
            if (confirmations !== row.confirmations) await setDepositConfirmations(tx, row.id, confirmations);
            return false;
          }
          await markDepositCredited(tx, row.id, confirmations, this.deps.now());
          await creditDeposit(
            tx,
            { invites: this.deps.invites, notices: this.notices },
            {
              id: row.id,
              userId: row.userId,
              assetCode: row.assetCode,
              amount: BigInt(row.amount),
            },
          );
          return true;
        })
        // The account was deleted while the deposit gathered confirmations: it is not credited and stays
        // `confirming` for the operator to send back on the chain (docs/wallet.md), without holding up the others.
        .catch((error: unknown) => {
          if (error instanceof AccountDeleted) return false;
          this.failing.failed(deposit.id);
          failures.push({ id: deposit.id, error });
          return false;
        });
      if (done) {
        this.failing.succeeded(deposit.id);
        credited++;
        await this.deps.invites.settle(deposit.userId);
      }
    }
    if (failures.length > 0) throw new ItemsFailed('deposits', failures, credited);
    return { credited };
  }
}

/**
 * The ledger side of a confirmed deposit, the simulator's or a chain's, in the caller's transaction: chain clearing →
 * the user, linked back to the deposit row, the invite module told (a first large enough deposit may earn a reward),
 * and the owner's notice written into the outbox.
 */
export async function creditDeposit(
  tx: Tx,
  deps: { invites: Pick<InviteRewards, 'qualify'>; notices: WalletNotices },
  deposit: { id: number; userId: number; assetCode: string; amount: bigint; memo?: Record<string, unknown> },
): Promise<void> {
  const { entryId } = await ledger.transfer(tx, {
    kind: 'deposit',
    asset: deposit.assetCode,
    from: { system: 'chain_clearing' },
    to: { userId: deposit.userId },
    amount: deposit.amount,
    reference: `deposit:${deposit.id}`,
    memo: deposit.memo,
  });
  await linkDepositEntry(tx, deposit.id, entryId);
  await deps.invites.qualify(tx, {
    trigger: 'deposit',
    userId: deposit.userId,
    reference: `deposit:${deposit.id}`,
    assetCode: deposit.assetCode,
    units: deposit.amount,
  });
  // The owner is told through the notice outbox, written with the credit.
  await deps.notices.later(tx, 'wallet.depositCredited', {
    id: deposit.id,
    userId: deposit.userId,
    assetCode: deposit.assetCode,
    amount: deposit.amount.toString(),
  });
}
