import { formatAmount, type MarketSource, type TransferResult } from '@polaris/contract';
import type { Database, Tx } from '../../db/client.ts';
import type { AttemptLimiter, AttemptRule } from '../../platform/attempts.ts';
import { fieldError } from '../../platform/errors.ts';
import { once } from '../../platform/idempotency.ts';
import { rateLimited } from '../../platform/rate-limits.ts';
import { FailingItems, ItemsFailed } from '../../platform/worker.ts';
import type { Notifier } from '../notifications/events.ts';
import type { AddressBookService } from './address-book.service.ts';
import { isValidAddress, normalizeAddress } from './addresses.ts';
import { amountUnits, assetOf, networkOf } from './catalog.ts';
import type { ChainAdapter } from './chain.ts';
import { ledger, type Movement } from './ledger.ts';
import { claimDailyUsage, usedOn } from './limits.store.ts';
import { centsText, limitCentsOf, limitDay, presentDailyLimit, valueCents } from './limits.ts';
import { WalletNotices } from './notices.service.ts';
import type { AccountsByEmail, TradePasswordGate } from './ports.ts';
import {
  availableOf,
  type Catalog,
  finishWithdrawal,
  insertWithdrawal,
  loadCatalog,
  lockWithdrawal,
  processingWithdrawals,
  type RecipientUser,
  recipientByAddress,
  recipientByUidOrId,
  type WithdrawalRow,
} from './store.ts';

export interface TransferDeps {
  db: Database;
  now: () => Date;
  chain: ChainAdapter;
  trade: TradePasswordGate;
  /** Who an email belongs to, for a transfer to an email (the user module's). */
  accounts: Pick<AccountsByEmail, 'idByEmail'>;
  attempts: AttemptLimiter;
  /** The user's membership perks: a member pays `withdrawFeeDiscount` percent less withdrawal fee. */
  perksOf: (userId: number) => Promise<{ withdrawFeeDiscount: number }>;
  /** Chains a node answers for (the chain module sends and settles their withdrawals); the simulator, the rest. */
  realChains?: number[];
  /** Transfer received, withdrawal completed or failed, balances on screens (docs/notifications.md, "Events: chat, red packets, wallet"). */
  notifier?: Notifier;
  /** A withdrawal worth more than this (US cents) waits for an operator's review (review.service.ts). */
  reviewAboveCents: bigint;
  /** The allowlist's answer for a withdrawal's address (address-book.service.ts). */
  addressBook: Pick<AddressBookService, 'refusal'>;
  /** What the daily withdrawal limit needs (limits.ts): the user's verified identity level and an asset's USD price. */
  limits: {
    levelOf(userId: number): Promise<number>;
    usdPrice(asset: string): Promise<{ priceUsd: string | null; source: MarketSource }>;
  };
}

/** A network's withdrawal fee less a member's discount; the discount rounds down, so the fee never rounds to less. */
function discountedFee(fee: bigint, discountPercent: number): bigint {
  return fee - (fee * BigInt(discountPercent)) / 100n;
}

/** Looking up recipients by uid is cheap to script: a person needs a few lookups a minute, not thousands. */
export const PREVIEW_RULE: AttemptRule = { max: 30, windowMs: 60_000 };

type Recipient =
  | { kind: 'internal'; userId: number; uid: number; name: string }
  | { kind: 'external'; address: string };

/** A user of the app as a recipient; a deleted account is refused here, before the confirm step shows it. */
const internal = (user: RecipientUser): Recipient => {
  if (user.deletedAt) throw fieldError('to', 'wallet.accountDeleted');
  return {
    kind: 'internal',
    userId: user.userId,
    uid: user.uid,
    name: user.openName ?? user.uname ?? '',
  };
};

/**
 * Money going out: to another user of the app instantly and free (`transfer`), or to an outside address as a
 * withdrawal whose amount, fee included, stays frozen until the chain confirms or refuses it.
 */
export class TransferService {
  /** Withdrawals whose settling failed, held out of the next runs for a while (platform/worker.ts). */
  private readonly failing: FailingItems;
  private readonly notices: WalletNotices;

  constructor(private readonly deps: TransferDeps) {
    this.failing = new FailingItems({ now: () => deps.now().getTime() });
    this.notices = new WalletNotices({ db: deps.db, notifier: deps.notifier });
  }

  private get db() {
    return this.deps.db;
  }

  /** Who or where `to` is: a user of this app (uid, email or one of their deposit addresses) or an outside address. */
  private async resolveRecipient(to: string): Promise<Recipient> {
    const text = to.trim();
    if (text === '') throw fieldError('to', 'wallet.addressEmpty');
    if (/^\d{8,12}$/.test(text) || text.includes('@')) {
      const id = text.includes('@') ? await this.deps.accounts.idByEmail(text) : undefined;
      const by = text.includes('@') ? (id === undefined ? undefined : { id }) : { uid: Number(text) };
      const user = by && (await recipientByUidOrId(this.db, by));
      if (!user) throw fieldError('to', 'wallet.recipientUnknown');
      return internal(user);
    }
    const spellings = new Set([text]);
    for (const family of ['evm', 'ton'] as const) {
      if (isValidAddress(family, text)) spellings.add(normalizeAddress(family, text));
    }
    if (/^0x[0-9a-fA-F]{40}$/.test(text)) spellings.add(normalizeAddress('evm', text.toLowerCase()));
    const owner = await recipientByAddress(this.db, [...spellings]);
    return owner ? internal(owner) : { kind: 'external', address: text };
  }

  /**
   * Validate a withdrawal's destination and network, and the allowlist when it is on; returns the network and the
   * normalised address.
   */
  private async checkWithdrawal(
    userId: number,
    catalog: Catalog,
    assetCode: string,
    chainId: number | undefined,
    address: string,
  ) {
    if (chainId === undefined) throw fieldError('chainId', 'validation.required', { field: 'chainId' });
    const network = networkOf(catalog, assetCode, chainId);
    if (!network.withdrawEnabled) throw fieldError('chainId', 'wallet.withdrawDisabled');
    const chain = catalog.chains.get(chainId)!;
    if (!isValidAddress(chain.family, address)) throw fieldError('to', 'wallet.addressInvalid', { chain: chain.name });
    const normalised = normalizeAddress(chain.family, address);
    const refused = await this.deps.addressBook.refusal(userId, chainId, normalised);
    if (refused) throw refused;
    return { network, address: normalised };
  }

  async previewTransfer(userId: number, input: { asset: string; to: string; chainId?: number }) {
    if ((await this.deps.attempts.claim(`preview:${userId}`, PREVIEW_RULE)) === null) throw rateLimited();
    const catalog = await loadCatalog(this.db);
    const asset = assetOf(catalog, input.asset);
    const recipient = await this.resolveRecipient(input.to);
    const available = formatAmount(await availableOf(this.db, userId, asset.code), asset.decimals);
    if (recipient.kind === 'internal') {
      if (recipient.userId === userId) throw fieldError('to', 'wallet.selfTransfer');
      return {
        kind: 'internal' as const,
        recipient: { uid: String(recipient.uid), label: recipient.name },
        chainId: null,
        fee: '0',
        min: null,
        max: null,
        available,
      };
    }
    const { network } = await this.checkWithdrawal(userId, catalog, asset.code, input.chainId, recipient.address);
    const fee = discountedFee(network.withdrawFee, (await this.deps.perksOf(userId)).withdrawFeeDiscount);
    const [level, { priceUsd, source }] = await Promise.all([
      this.deps.limits.levelOf(userId),
      this.deps.limits.usdPrice(asset.code),
    ]);
    const now = this.deps.now();
    const usedCents = await usedOn(this.db, userId, limitDay(now));
    return {
      kind: 'withdrawal' as const,
      recipient: null,
      chainId: network.chainId,
      fee: formatAmount(fee, asset.decimals),
      min: formatAmount(network.withdrawMin, asset.decimals),
      max: formatAmount(network.withdrawMax, asset.decimals),
      available,
      dailyLimit: presentDailyLimit({ level, usedCents, priceUsd, source, now }),
    };
  }

  /**
   * A withdrawal's share of the daily limit, worked out before its transaction (the price may come from the
   * network): its value in cents, or null when the market has no price for the asset (then it counts nothing).
   */
  private async limitClaim(userId: number, assetCode: string, decimals: number, units: bigint) {
    const [level, { priceUsd }] = await Promise.all([
      this.deps.limits.levelOf(userId),
      this.deps.limits.usdPrice(assetCode),
    ]);
    const cents = priceUsd === null ? null : valueCents(units, decimals, priceUsd);
    return { cents, limitCents: limitCentsOf(level) };
  }

  /**
   * Claims the withdrawal's value from today's limit in its transaction, before anything is frozen (one conditional
   * upsert, limits.store.ts): over it, the whole transaction rolls back with a 400 naming `amount`.
   */
  private async claimLimit(tx: Tx, userId: number, claim: { cents: bigint | null; limitCents: bigint }) {
    if (claim.cents === null) return;
    const day = limitDay(this.deps.now());
    const used = await claimDailyUsage(tx, { userId, day, cents: claim.cents, limitCents: claim.limitCents });
    if (used !== null) return;
    const left = claim.limitCents - (await usedOn(tx, userId, day));
    throw fieldError('amount', 'moneyOut.dailyLimit', {
      value: centsText(claim.cents),
      left: centsText(left),
      limit: centsText(claim.limitCents),
    });
  }

  /**
   * Move money out of the user's account: to another user instantly and free, or to an outside address as a
   * withdrawal whose amount (fee included) stays frozen until the chain confirms or refuses it.
   */
  async transfer(
    user: { id: number; uid: number },
    input: {
      asset: string;
      amount: string;
      to: string;
      chainId?: number;
      tradePassword: string;
      idempotencyKey: string;
      memo?: string;
    },
  ): Promise<TransferResult> {
    const catalog = await loadCatalog(this.db);
    const asset = assetOf(catalog, input.asset);
    const units = amountUnits(input.amount, asset.decimals);
    const recipient = await this.resolveRecipient(input.to);
    let withdrawal: Awaited<ReturnType<TransferService['checkWithdrawal']>> | undefined;
    let fee = 0n;
    if (recipient.kind === 'internal') {
      if (recipient.userId === user.id) throw fieldError('to', 'wallet.selfTransfer');
    } else {
      withdrawal = await this.checkWithdrawal(user.id, catalog, asset.code, input.chainId, recipient.address);
      const { network } = withdrawal;
      fee = discountedFee(network.withdrawFee, (await this.deps.perksOf(user.id)).withdrawFeeDiscount);
      if (units <= fee) throw fieldError('amount', 'wallet.amountBelowFee');
      if (units < network.withdrawMin) {
        throw fieldError('amount', 'wallet.amountBelowMin', { min: formatAmount(network.withdrawMin, asset.decimals) });
      }
      if (units > network.withdrawMax) {
        throw fieldError('amount', 'wallet.amountAboveMax', { max: formatAmount(network.withdrawMax, asset.decimals) });
      }
    }
    const limit = withdrawal ? await this.limitClaim(user.id, asset.code, asset.decimals, units) : null;
    // Large withdrawals wait, frozen, for an operator; so does every one of an asset the market does not price
    // (XDR): it cannot be valued against the daily limit, so a person looks at it instead.
    const underReview = limit !== null && (limit.cents === null || limit.cents > this.deps.reviewAboveCents);
    await this.deps.trade.verify(user.id, input.tradePassword);
    // The authenticator code, when it is on, was taken by the router (the contract's second-factor table).
    const { tradePassword: _secret, ...request } = input;
    const now = this.deps.now();

    const result = await once(
      this.db,
      { key: input.idempotencyKey, userId: user.id, operation: 'wallet.transfer', request },
      async (tx): Promise<TransferResult> => {
        if (recipient.kind === 'internal') {
          const { entryId } = await ledger.transfer(tx, {
            kind: 'transfer',
            asset: asset.code,
            from: { userId: user.id },
            to: { userId: recipient.userId },
            amount: units,
            actorId: user.id,
            memo: { fromUid: String(user.uid), toUid: String(recipient.uid), note: input.memo },
          });
          const sender = await recipientByUidOrId(tx, { uid: user.uid });
          await this.notices.later(tx, 'wallet.transferred', {
            entryId: String(entryId),
            fromId: user.id,
            fromName: sender?.openName ?? sender?.uname ?? '',
            toId: recipient.userId,
            asset: asset.code,
            units: units.toString(),
          });
          return {
            kind: 'internal',
            id: String(entryId),
            asset: asset.code,
            amount: formatAmount(units, asset.decimals),
            fee: '0',
            status: 'completed',
            createdAt: now.toISOString(),
          };
        }
        const { network, address } = withdrawal!;
        await this.claimLimit(tx, user.id, limit!);
        const id = await insertWithdrawal(tx, {
          userId: user.id,
          assetCode: asset.code,
          chainId: network.chainId,
          address,
          amount: units - fee,
          fee,
          createdAt: now,
          valueCents: limit!.cents,
          status: underReview ? 'review' : 'processing',
        });
        await ledger.freeze(tx, {
          kind: 'withdrawal',
          asset: asset.code,
          account: { userId: user.id },
          amount: units,
          actorId: user.id,
          reference: `withdrawal:${id}`,
          memo: { address, chainId: network.chainId },
        });
        return {
          kind: 'withdrawal',
          id: String(id),
          asset: asset.code,
          amount: formatAmount(units, asset.decimals),
          fee: formatAmount(fee, asset.decimals),
          status: underReview ? 'review' : 'processing',
          createdAt: now.toISOString(),
        };
      },
    );
    // The recipient is told through the outbox (written with the entry); a withdrawal's own screens refresh now.
    if (recipient.kind !== 'internal') await this.notices.changed([user.id]);
    return result;
  }

  /**
   * Ask the chain about every processing withdrawal and settle the finished ones: the frozen amount goes to
   * chain clearing and the fee account, or back to the user. Safe to run in several processes at once.
   */
  async processWithdrawals(limit = 100): Promise<{ completed: number; failed: number }> {
    const pending = await processingWithdrawals(this.db, limit, this.deps.realChains ?? []);
    const held = new Set(this.failing.held());
    const failures: { id: number; error: unknown }[] = [];
    let completed = 0;
    let failed = 0;
    for (const order of pending) {
      if (held.has(order.id)) continue;
      // The chain out of reach ends the run (the worker backs off); a withdrawal that fails to be settled is held
      // out for a while and the others go on.
      const state = await this.deps.chain.withdrawalState({ ...order, amount: BigInt(order.amount) }, this.deps.now());
      if (state.state === 'pending') continue;
      const settled = await this.db
        .transaction(async (tx) => {
          const row = await lockWithdrawal(tx, order.id);
          if (row?.status !== 'processing') return false;
          await settleWithdrawal(tx, this.notices, row, state, this.deps.now());
          return true;
        })
        .then(
          (done) => {
            this.failing.succeeded(order.id);
            return done;
          },
          (error: unknown) => {
            this.failing.failed(order.id);
            failures.push({ id: order.id, error });
            return false;
          },
        );
      if (settled && state.state === 'completed') completed++;
      if (settled && state.state === 'failed') failed++;
    }
    if (failures.length > 0) throw new ItemsFailed('withdrawals', failures, completed + failed);
    return { completed, failed };
  }
}

/**
 * The ledger side of a withdrawal the chain has answered, in the caller's transaction on the locked row: completed,
 * the frozen amount goes to chain clearing (what arrives) and the fee account; failed, all of it back to the user.
 * The withdrawer's notice is written into the outbox with it.
 */
export async function settleWithdrawal(
  tx: Tx,
  notices: WalletNotices,
  row: WithdrawalRow,
  state: { state: 'completed'; txHash: string } | { state: 'failed'; reason: string },
  now: Date,
): Promise<void> {
  const amount = BigInt(row.amount);
  const fee = BigInt(row.fee);
  const reference = `withdrawal:${row.id}`;
  if (state.state === 'completed') {
    const movements: Movement[] = [
      { account: { userId: row.userId }, bucket: 'frozen', amount: -(amount + fee) },
      { account: { system: 'chain_clearing' }, bucket: 'available', amount },
    ];
    if (fee > 0n) movements.push({ account: { system: 'fees' as const }, bucket: 'available' as const, amount: fee });
    await ledger.post(tx, { kind: 'withdrawal_settle', asset: row.assetCode, movements, reference });
  } else {
    await ledger.unfreeze(tx, {
      kind: 'withdrawal_refund',
      asset: row.assetCode,
      account: { userId: row.userId },
      amount: amount + fee,
      reference,
    });
  }
  await finishWithdrawal(tx, row.id, {
    status: state.state,
    txHash: state.state === 'completed' ? state.txHash : null,
    failureReason: state.state === 'failed' ? state.reason : null,
    finishedAt: now,
  });
  // The withdrawer is told through the notice outbox, written with the settlement.
  await notices.later(tx, 'wallet.withdrawalFinished', {
    ...{ id: row.id, userId: row.userId, assetCode: row.assetCode, address: row.address },
    ...{ amount: String(row.amount), fee: String(row.fee), state: state.state },
  });
}
