import {
  AMOUNT_PROBLEM_KEYS,
  type Currency,
  formatAmount,
  multiplyDecimals,
  parseAmount,
  type RECORD_TYPES,
  Status,
  sumDecimals,
  type TransferResult,
  toScaled,
  type WalletAsset,
  type WalletRecord,
  type WalletSummary,
} from '@polaris/contract';
import { and, desc, eq, sql } from 'drizzle-orm';
import { type Database, query, type Tx } from '../../db/client.ts';
import { depositAddresses, deposits, userAssetPrefs, users, withdrawals } from '../../db/schema/index.ts';
import type { AttemptLimiter, AttemptRule } from '../../platform/attempts.ts';
import { AppError, FieldsError } from '../../platform/errors.ts';
import { once } from '../../platform/idempotency.ts';
import { rateLimited } from '../../platform/rate-limits.ts';
import type { MarketService } from '../market/service.ts';
import type { TradePasswordService } from '../security/service.ts';
import { type AddressDeriver, isValidAddress, normalizeAddress } from './addresses.ts';
import { type Catalog, type CatalogNetwork, loadCatalog, presentNetwork } from './catalog.ts';
import type { ChainAdapter } from './chain.ts';
import { ledger, type Movement } from './ledger.ts';

export interface WalletDeps {
  db: Database;
  now: () => Date;
  deriver: AddressDeriver;
  chain: ChainAdapter;
  trade: TradePasswordService;
  market: MarketService;
  attempts: AttemptLimiter;
}

/** Looking up recipients by uid is cheap to script: a person needs a few lookups a minute, not thousands. */
export const PREVIEW_RULE: AttemptRule = { max: 30, windowMs: 60_000 };

/** Assets shown on the home list until the user chooses otherwise (or holds a balance). */
const SHOWN_BY_DEFAULT = new Set(['USDT', 'XDR', 'BTC', 'ETH']);

const fieldError = (field: string, messageKey: string, params?: Record<string, string | number>) =>
  new FieldsError([{ field, messageKey, params }]);

type Recipient =
  | { kind: 'internal'; userId: number; uid: number; name: string }
  | { kind: 'external'; address: string };

export class WalletService {
  constructor(private readonly deps: WalletDeps) {}

  private get db() {
    return this.deps.db;
  }

  catalog(): Promise<Catalog> {
    return loadCatalog(this.db);
  }

  private async assetOf(catalog: Catalog, code: string) {
    const asset = catalog.assets.get(code);
    if (!asset) throw fieldError('asset', 'wallet.unknownAsset');
    return asset;
  }

  private networkOf(catalog: Catalog, assetCode: string, chainId: number | undefined): CatalogNetwork {
    const network = catalog.networks.find((n) => n.assetCode === assetCode && n.chainId === chainId);
    if (!network) throw fieldError('chainId', 'wallet.chainDisabled');
    if (catalog.chains.get(network.chainId)?.waiting) throw fieldError('chainId', 'wallet.chainWaiting');
    return network;
  }

  parseAmount(value: string, decimals: number): bigint {
    const parsed = parseAmount(value, decimals);
    if ('problem' in parsed) throw fieldError('amount', AMOUNT_PROBLEM_KEYS[parsed.problem], { max: decimals });
    return parsed.units;
  }

  async assets(userId: number): Promise<WalletAsset[]> {
    const catalog = await this.catalog();
    const balances = await query<{ asset_code: string; available: string; frozen: string }>(
      this.db,
      sql`select asset_code, available::text, frozen::text from accounts where user_id = ${userId}`,
    );
    const prefs = await this.db.select().from(userAssetPrefs).where(eq(userAssetPrefs.userId, userId));
    return [...catalog.assets.values()].map((asset) => {
      const balance = balances.rows.find((row) => row.asset_code === asset.code);
      const available = BigInt(balance?.available ?? '0');
      const frozen = BigInt(balance?.frozen ?? '0');
      const pref = prefs.find((p) => p.assetCode === asset.code);
      return {
        code: asset.code,
        name: asset.name,
        decimals: asset.decimals,
        singleAddress: asset.singleAddress,
        available: formatAmount(available, asset.decimals),
        frozen: formatAmount(frozen, asset.decimals),
        visible: pref ? pref.visible : SHOWN_BY_DEFAULT.has(asset.code) || available + frozen > 0n,
        networks: catalog.networks
          .filter((n) => n.assetCode === asset.code)
          .map((n) => presentNetwork(catalog, n))
          .sort((a, b) => (catalog.chains.get(a.chainId)?.sort ?? 0) - (catalog.chains.get(b.chainId)?.sort ?? 0)),
      };
    });
  }

  /** Every balance valued in one of the twelve currencies, from market prices; fixed-point throughout. */
  async summary(userId: number, currency: Currency): Promise<WalletSummary> {
    const [assets, tickers, fiat] = await Promise.all([
      this.assets(userId),
      this.deps.market.tickers(undefined),
      this.deps.market.fiatRates(),
    ]);
    const rate = fiat.rates[currency] ?? '1';
    const items = assets.map((asset) => {
      const amount = formatAmount(
        toScaled(asset.available, asset.decimals) + toScaled(asset.frozen, asset.decimals),
        asset.decimals,
      );
      const priceUsd = tickers.items.find((ticker) => ticker.symbol === asset.code)?.priceUsd ?? null;
      return {
        code: asset.code,
        amount,
        priceUsd,
        value: priceUsd === null ? null : multiplyDecimals([amount, priceUsd, rate], 2),
      };
    });
    const valued = items.flatMap((item) => (item.value === null ? [] : [item.value]));
    return { currency, total: sumDecimals(valued, 2), source: tickers.source, items };
  }

  async setVisibility(userId: number, assetCode: string, visible: boolean): Promise<void> {
    await this.assetOf(await this.catalog(), assetCode);
    await this.db
      .insert(userAssetPrefs)
      .values({ userId, assetCode, visible })
      .onConflictDoUpdate({ target: [userAssetPrefs.userId, userAssetPrefs.assetCode], set: { visible } });
  }

  /** The user's address for an asset on a chain, derived on first request. XDR uses one address everywhere. */
  async depositAddress(userId: number, assetCode: string, chainId: number) {
    const catalog = await this.catalog();
    const asset = await this.assetOf(catalog, assetCode);
    const network = this.networkOf(catalog, assetCode, chainId);
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
    const [existing] = await this.db
      .select()
      .from(depositAddresses)
      .where(and(eq(depositAddresses.userId, userId), eq(depositAddresses.chainId, chainId)));
    if (existing) return existing.address;
    const derived = this.deps.deriver.derive(family, chainId, userId);
    await this.db
      .insert(depositAddresses)
      .values({ userId, chainId, address: derived.address, path: derived.path })
      .onConflictDoNothing();
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
    const catalog = await this.catalog();
    const asset = await this.assetOf(catalog, input.assetCode);
    const network = this.networkOf(catalog, input.assetCode, input.chainId);
    if (!network.depositEnabled) throw fieldError('chainId', 'wallet.depositDisabled');
    const units = this.parseAmount(input.amount, asset.decimals);
    const { address } = await this.depositAddress(input.userId, input.assetCode, input.chainId);
    const now = this.deps.now();
    const confirmations = Math.min(input.confirmations ?? network.confirmations, network.confirmations);
    const confirmed = confirmations >= network.confirmations;
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(deposits)
        .values({
          userId: input.userId,
          assetCode: input.assetCode,
          chainId: input.chainId,
          address,
          txHash: input.txHash,
          amount: units.toString(),
          confirmations,
          requiredConfirmations: network.confirmations,
          status: confirmed ? 'credited' : 'confirming',
          createdAt: now,
          creditedAt: confirmed ? now : null,
        })
        .onConflictDoNothing()
        .returning({ id: deposits.id });
      if (!row) {
        const [existing] = await tx
          .select({ id: deposits.id, status: deposits.status })
          .from(deposits)
          .where(
            and(eq(deposits.chainId, input.chainId), eq(deposits.txHash, input.txHash), eq(deposits.address, address)),
          );
        return { id: existing!.id, credited: false, status: existing!.status as 'confirming' | 'credited' };
      }
      if (!confirmed) return { id: row.id, credited: false, status: 'confirming' as const };
      await creditInTx(tx, { id: row.id, userId: input.userId, assetCode: input.assetCode, amount: units });
      return { id: row.id, credited: true, status: 'credited' as const };
    });
  }

  /** Follow confirming deposits on their chains and credit each once it has the confirmations it needs. */
  async processDeposits(limit = 100): Promise<{ credited: number }> {
    const waiting = await this.db
      .select()
      .from(deposits)
      .where(eq(deposits.status, 'confirming'))
      .orderBy(deposits.id)
      .limit(limit);
    let credited = 0;
    for (const deposit of waiting) {
      const seen = await this.deps.chain.depositConfirmations(deposit, this.deps.now());
      const done = await this.db.transaction(async (tx) => {
        const [row] = await tx
          .select()
          .from(deposits)
          .where(eq(deposits.id, deposit.id))
          .for('update', { skipLocked: true });
        if (row?.status !== 'confirming') return false;
        const confirmations = Math.min(Math.max(row.confirmations, seen), row.requiredConfirmations);
        if (confirmations < row.requiredConfirmations) {
          if (confirmations !== row.confirmations) {
            await tx.update(deposits).set({ confirmations }).where(eq(deposits.id, row.id));
          }
          return false;
        }
        await tx
          .update(deposits)
          .set({ confirmations, status: 'credited', creditedAt: this.deps.now() })
          .where(eq(deposits.id, row.id));
        await creditInTx(tx, { id: row.id, userId: row.userId, assetCode: row.assetCode, amount: BigInt(row.amount) });
        return true;
      });
      if (done) credited++;
    }
    return { credited };
  }

  /** Who or where `to` is: a user of this app (uid, email or one of their deposit addresses) or an outside address. */
  private async resolveRecipient(to: string): Promise<Recipient> {
    const text = to.trim();
    if (text === '') throw fieldError('to', 'wallet.addressEmpty');
    if (/^\d{8,12}$/.test(text) || text.includes('@')) {
      const condition = text.includes('@') ? eq(users.email, text.toLowerCase()) : eq(users.uid, Number(text));
      const [user] = await this.db.select().from(users).where(condition).limit(1);
      if (!user) throw fieldError('to', 'wallet.recipientUnknown');
      return { kind: 'internal', userId: user.id, uid: user.uid, name: user.openName ?? user.uname ?? '' };
    }
    const spellings = new Set([text]);
    for (const family of ['evm', 'ton'] as const) {
      if (isValidAddress(family, text)) spellings.add(normalizeAddress(family, text));
    }
    if (/^0x[0-9a-fA-F]{40}$/.test(text)) spellings.add(normalizeAddress('evm', text.toLowerCase()));
    const [owned] = await this.db
      .select({ userId: depositAddresses.userId, uid: users.uid, openName: users.openName, uname: users.uname })
      .from(depositAddresses)
      .innerJoin(users, eq(users.id, depositAddresses.userId))
      .where(sql`${depositAddresses.address} in ${[...spellings]}`)
      .limit(1);
    if (owned) {
      return { kind: 'internal', userId: owned.userId, uid: owned.uid, name: owned.openName ?? owned.uname ?? '' };
    }
    return { kind: 'external', address: text };
  }

  /** Validate a withdrawal's destination and network; returns the network and the normalised address. */
  private checkWithdrawal(catalog: Catalog, assetCode: string, chainId: number | undefined, address: string) {
    if (chainId === undefined) throw fieldError('chainId', 'validation.required', { field: 'chainId' });
    const network = this.networkOf(catalog, assetCode, chainId);
    if (!network.withdrawEnabled) throw fieldError('chainId', 'wallet.withdrawDisabled');
    const chain = catalog.chains.get(chainId)!;
    if (!isValidAddress(chain.family, address)) throw fieldError('to', 'wallet.addressInvalid', { chain: chain.name });
    return { network, address: normalizeAddress(chain.family, address) };
  }

  async previewTransfer(userId: number, input: { asset: string; to: string; chainId?: number }) {
    if ((await this.deps.attempts.claim(`preview:${userId}`, PREVIEW_RULE)) === null) throw rateLimited();
    const catalog = await this.catalog();
    const asset = await this.assetOf(catalog, input.asset);
    const recipient = await this.resolveRecipient(input.to);
    const [balance] = (
      await query<{ available: string }>(
        this.db,
        sql`select available::text from accounts where user_id = ${userId} and asset_code = ${asset.code}`,
      )
    ).rows;
    const available = formatAmount(BigInt(balance?.available ?? '0'), asset.decimals);
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
    const { network } = this.checkWithdrawal(catalog, asset.code, input.chainId, recipient.address);
    return {
      kind: 'withdrawal' as const,
      recipient: null,
      chainId: network.chainId,
      fee: formatAmount(network.withdrawFee, asset.decimals),
      min: formatAmount(network.withdrawMin, asset.decimals),
      max: formatAmount(network.withdrawMax, asset.decimals),
      available,
    };
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
    const catalog = await this.catalog();
    const asset = await this.assetOf(catalog, input.asset);
    const units = this.parseAmount(input.amount, asset.decimals);
    const recipient = await this.resolveRecipient(input.to);
    let withdrawal: ReturnType<WalletService['checkWithdrawal']> | undefined;
    if (recipient.kind === 'internal') {
      if (recipient.userId === user.id) throw fieldError('to', 'wallet.selfTransfer');
    } else {
      withdrawal = this.checkWithdrawal(catalog, asset.code, input.chainId, recipient.address);
      const { network } = withdrawal;
      if (units <= network.withdrawFee) throw fieldError('amount', 'wallet.amountBelowFee');
      if (units < network.withdrawMin) {
        throw fieldError('amount', 'wallet.amountBelowMin', { min: formatAmount(network.withdrawMin, asset.decimals) });
      }
      if (units > network.withdrawMax) {
        throw fieldError('amount', 'wallet.amountAboveMax', { max: formatAmount(network.withdrawMax, asset.decimals) });
      }
    }
    await this.deps.trade.verify(user.id, input.tradePassword);
    const { tradePassword: _secret, ...request } = input;
    const now = this.deps.now();

    return once(
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
        const [row] = await tx
          .insert(withdrawals)
          .values({
            userId: user.id,
            assetCode: asset.code,
            chainId: network.chainId,
            address,
            amount: (units - network.withdrawFee).toString(),
            fee: network.withdrawFee.toString(),
            status: 'processing',
            createdAt: now,
          })
          .returning({ id: withdrawals.id });
        await ledger.freeze(tx, {
          kind: 'withdrawal',
          asset: asset.code,
          account: { userId: user.id },
          amount: units,
          actorId: user.id,
          reference: `withdrawal:${row!.id}`,
          memo: { address, chainId: network.chainId },
        });
        return {
          kind: 'withdrawal',
          id: String(row!.id),
          asset: asset.code,
          amount: formatAmount(units, asset.decimals),
          fee: formatAmount(network.withdrawFee, asset.decimals),
          status: 'processing',
          createdAt: now.toISOString(),
        };
      },
    );
  }

  /**
   * Ask the chain about every processing withdrawal and settle the finished ones: the frozen amount goes to
   * chain clearing and the fee account, or back to the user. Safe to run in several processes at once.
   */
  async processWithdrawals(limit = 100): Promise<{ completed: number; failed: number }> {
    const pending = await this.db
      .select()
      .from(withdrawals)
      .where(eq(withdrawals.status, 'processing'))
      .orderBy(withdrawals.id)
      .limit(limit);
    let completed = 0;
    let failed = 0;
    for (const order of pending) {
      const state = await this.deps.chain.withdrawalState({ ...order, amount: BigInt(order.amount) }, this.deps.now());
      if (state.state === 'pending') continue;
      const settled = await this.db.transaction(async (tx) => {
        const [row] = await tx
          .select()
          .from(withdrawals)
          .where(eq(withdrawals.id, order.id))
          .for('update', { skipLocked: true });
        if (row?.status !== 'processing') return false;
        const amount = BigInt(row.amount);
        const fee = BigInt(row.fee);
        const reference = `withdrawal:${row.id}`;
        if (state.state === 'completed') {
          const movements: Movement[] = [
            { account: { userId: row.userId }, bucket: 'frozen', amount: -(amount + fee) },
            { account: { system: 'chain_clearing' }, bucket: 'available', amount },
          ];
          if (fee > 0n)
            movements.push({ account: { system: 'fees' as const }, bucket: 'available' as const, amount: fee });
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
        await tx
          .update(withdrawals)
          .set({
            status: state.state,
            txHash: state.state === 'completed' ? state.txHash : null,
            failureReason: state.state === 'failed' ? state.reason : null,
            finishedAt: this.deps.now(),
          })
          .where(eq(withdrawals.id, row.id));
        return true;
      });
      if (settled && state.state === 'completed') completed++;
      if (settled && state.state === 'failed') failed++;
    }
    return { completed, failed };
  }

  /** What moved in and out of the user's available balance of one asset, newest first. */
  async records(
    userId: number,
    input: { asset: string; type?: (typeof RECORD_TYPES)[number]; cursor?: string; limit: number },
  ): Promise<{ items: WalletRecord[]; nextCursor: string | null }> {
    const catalog = await this.catalog();
    const asset = await this.assetOf(catalog, input.asset);
    const cursor = input.cursor && /^\d+$/.test(input.cursor) ? BigInt(input.cursor) : null;
    const typeFilter = {
      deposit: sql`and e.kind = 'deposit'`,
      transfer_in: sql`and e.kind = 'transfer' and p.amount > 0`,
      transfer_out: sql`and e.kind = 'transfer' and p.amount < 0`,
      withdraw: sql`and e.kind in ('withdrawal', 'withdrawal_refund')`,
      other: sql`and e.kind not in ('deposit', 'transfer', 'withdrawal', 'withdrawal_refund')`,
    };
    const rows = await query<{
      id: string;
      kind: string;
      amount: string;
      memo: Record<string, string> | null;
      created_at: string | Date;
      d_chain: number | null;
      d_tx: string | null;
      d_conf: number | null;
      d_req: number | null;
      w_chain: number | null;
      w_status: string | null;
      w_tx: string | null;
      w_fee: string | null;
    }>(
      this.db,
      sql`
      select p.id::text, e.kind, p.amount::text, e.memo, e.created_at,
             d.chain_id as d_chain, d.tx_hash as d_tx, d.confirmations as d_conf, d.required_confirmations as d_req,
             w.chain_id as w_chain, w.status as w_status, w.tx_hash as w_tx, w.fee::text as w_fee
      from postings p
      join accounts a on a.id = p.account_id
      join journal_entries e on e.id = p.entry_id
      left join deposits d on e.reference = 'deposit:' || d.id
      left join withdrawals w on e.reference = 'withdrawal:' || w.id
      where a.user_id = ${userId} and a.asset_code = ${asset.code} and p.bucket = 'available'
        ${cursor !== null ? sql`and p.id < ${cursor.toString()}` : sql``}
        ${input.type ? typeFilter[input.type] : sql``}
      order by p.id desc
      limit ${input.limit + 1}`,
    );
    const page = rows.rows.slice(0, input.limit);
    const items = page.map((row): WalletRecord => {
      const amount = BigInt(row.amount);
      const type: WalletRecord['type'] =
        row.kind === 'deposit'
          ? 'deposit'
          : row.kind === 'transfer'
            ? amount > 0n
              ? 'transfer_in'
              : 'transfer_out'
            : row.kind.startsWith('withdrawal')
              ? 'withdraw'
              : 'other';
      const chainId = row.d_chain ?? row.w_chain;
      let status: WalletRecord['status'] = 'completed';
      if (row.kind === 'withdrawal') status = (row.w_status as WalletRecord['status']) ?? 'processing';
      const counterparty =
        row.kind === 'transfer'
          ? ((amount > 0n ? row.memo?.fromUid : row.memo?.toUid) ?? null)
          : (row.memo?.address ?? null);
      return {
        id: row.id,
        type,
        kind: row.kind,
        amount: formatAmount(amount, asset.decimals),
        status,
        chain: chainId !== null ? (catalog.chains.get(Number(chainId))?.symbol ?? null) : null,
        txHash: row.d_tx ?? (row.kind === 'withdrawal' ? row.w_tx : null),
        confirmations: row.d_conf,
        requiredConfirmations: row.d_req,
        counterparty,
        fee: row.kind === 'withdrawal' && row.w_fee ? formatAmount(BigInt(row.w_fee), asset.decimals) : null,
        createdAt: new Date(row.created_at).toISOString(),
      };
    });
    const nextCursor = rows.rows.length > input.limit ? (page[page.length - 1]?.id ?? null) : null;
    // Deposits still confirming have no ledger entry yet; they head the first page so the user sees them coming.
    if (cursor !== null || (input.type && input.type !== 'deposit')) return { items, nextCursor };
    const confirming = await this.db
      .select()
      .from(deposits)
      .where(and(eq(deposits.userId, userId), eq(deposits.assetCode, asset.code), eq(deposits.status, 'confirming')))
      .orderBy(desc(deposits.id));
    const pending = confirming.map(
      (deposit): WalletRecord => ({
        id: `deposit-${deposit.id}`,
        type: 'deposit',
        kind: 'deposit',
        amount: formatAmount(BigInt(deposit.amount), asset.decimals),
        status: 'confirming',
        chain: catalog.chains.get(deposit.chainId)?.symbol ?? null,
        txHash: deposit.txHash,
        confirmations: deposit.confirmations,
        requiredConfirmations: deposit.requiredConfirmations,
        counterparty: null,
        fee: null,
        createdAt: deposit.createdAt.toISOString(),
      }),
    );
    return { items: [...pending, ...items], nextCursor };
  }

  async requireUserByEmail(email: string) {
    const [user] = await this.db.select().from(users).where(eq(users.email, email.trim().toLowerCase()));
    if (!user) throw new AppError(Status.notFound, 'auth.emailNotRegistered');
    return user;
  }
}

/** The ledger side of a confirmed deposit: chain clearing → the user, linked back to the deposit row. */
async function creditInTx(tx: Tx, deposit: { id: number; userId: number; assetCode: string; amount: bigint }) {
  const { entryId } = await ledger.transfer(tx, {
    kind: 'deposit',
    asset: deposit.assetCode,
    from: { system: 'chain_clearing' },
    to: { userId: deposit.userId },
    amount: deposit.amount,
    reference: `deposit:${deposit.id}`,
  });
  await tx.update(deposits).set({ entryId }).where(eq(deposits.id, deposit.id));
}
