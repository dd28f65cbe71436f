import {
  type Currency,
  formatAmount,
  multiplyDecimals,
  Status,
  sumDecimals,
  toScaled,
  type WalletAsset,
  type WalletSummary,
} from '@polaris/contract';
import { sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client.ts';
import { AppError } from '../../platform/errors.ts';
import type { MarketService } from '../market/service.ts';
import { assetOf } from './catalog.ts';
import { checkLedger } from './ledger.store.ts';
import { simulatedHoldings, systemBalancesAll, userBalancesAll } from './liabilities.store.ts';
import { presentAsset, presentChains } from './presenter.ts';
import {
  assetPrefsOf,
  availableOf,
  balancesOf,
  type Catalog,
  heldFundsOf,
  insertAsset,
  insertNetwork,
  loadCatalog,
  lockBalancesOf,
  setAssetVisible,
  updateNetwork,
} from './store.ts';

// The catalogue as other modules use it: WalletService.catalog() reads it, these rules read an amount or an asset
// of it (docs/modules.md, "Between modules").
export { isValidAddress, normalizeAddress } from './addresses.ts';
export { amountUnits, assetOf } from './catalog.ts';
export type { Catalog } from './store.ts';

/**
 * The wallet as the user's home screen shows it: the catalogue, balances, the chosen home list and their value.
 * Deposits, transfers and withdrawals, records and payment methods are services of their own beside it; money
 * moves only through `ledger.ts`.
 */
export interface WalletDeps {
  db: Database;
  market: MarketService;
}

/** Assets shown on the home list until the user chooses otherwise (or holds a balance). */
const SHOWN_BY_DEFAULT = new Set(['USDT', 'XDR', 'BTC', 'ETH']);

export class WalletService {
  constructor(private readonly deps: WalletDeps) {}

  /** What the person holds or has on its way in, per asset, for deleting the account (in its transaction). */
  heldFundsOf(db: Database | Tx, userId: number) {
    return heldFundsOf(db, userId);
  }

  /** Locks the person's balances, after their account row, for deleting the account. */
  lockBalancesOf(tx: Tx, userId: number): Promise<void> {
    return lockBalancesOf(tx, userId);
  }

  catalog(): Promise<Catalog> {
    return loadCatalog(this.deps.db);
  }

  /**
   * Inside the caller's transaction (an approved token listing): a new asset at the end of the catalogue with its
   * one network, deposits and withdrawals off until the operator switches them on. False when the code is taken.
   */
  async addListedAsset(
    tx: Tx,
    asset: { code: string; name: string; decimals: number },
    network: { chainId: number; contract: string | null; confirmations: number },
  ): Promise<boolean> {
    if (!(await insertAsset(tx, asset))) return false;
    await insertNetwork(tx, {
      assetCode: asset.code,
      chainId: network.chainId,
      contract: network.contract,
      depositEnabled: false,
      withdrawEnabled: false,
      withdrawFee: '0',
      withdrawMin: '0',
      withdrawMax: '0',
      confirmations: network.confirmations,
    });
    return true;
  }

  /** Operator: a network's switches and limits (base units as text); undefined when there is no such network. */
  async setNetwork(
    asset: string,
    chainId: number,
    values: {
      depositEnabled: boolean;
      withdrawEnabled: boolean;
      withdrawFee: string;
      withdrawMin: string;
      withdrawMax: string;
      confirmations: number;
    },
  ) {
    return updateNetwork(this.deps.db, asset, chainId, values);
  }

  /**
   * Proof of reserves (docs/proof-of-reserves.md): every user's and system account's balance, and what the local
   * simulator holds on the chains not on a node (`realChains`), all read in one REPEATABLE READ, read-only
   * transaction: one moment of the ledger, however many entries are written meanwhile.
   */
  async liabilitiesSnapshot(realChains: number[]) {
    const catalog = await this.catalog();
    return this.deps.db.transaction(async (tx) => {
      await tx.execute(sql`set transaction isolation level repeatable read, read only`);
      const users = await userBalancesAll(tx);
      const system = await systemBalancesAll(tx);
      const simulated = await simulatedHoldings(tx, realChains);
      return { catalog, users, system, simulated };
    });
  }

  /** What the user may spend of an asset now, in base units (0 without an account). */
  available(userId: number, asset: string): Promise<bigint> {
    return availableOf(this.deps.db, userId, asset);
  }

  async chains() {
    return presentChains(await this.catalog());
  }

  async assets(userId: number): Promise<WalletAsset[]> {
    const catalog = await this.catalog();
    const balances = await balancesOf(this.deps.db, userId);
    const prefs = await assetPrefsOf(this.deps.db, userId);
    return [...catalog.assets.values()].map((asset) => {
      const balance = balances.find((row) => row.assetCode === asset.code) ?? { available: 0n, frozen: 0n };
      const pref = prefs.find((p) => p.assetCode === asset.code);
      const visible = pref ? pref.visible : SHOWN_BY_DEFAULT.has(asset.code) || balance.available + balance.frozen > 0n;
      return presentAsset(catalog, asset, balance, visible);
    });
  }

  /** One asset of the user; an unlisted one is not found. */
  async asset(userId: number, code: string): Promise<WalletAsset> {
    const found = (await this.assets(userId)).find((asset) => asset.code === code);
    if (!found) throw new AppError(Status.notFound, 'wallet.unknownAsset');
    return found;
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
    assetOf(await this.catalog(), assetCode);
    await setAssetVisible(this.deps.db, userId, assetCode, visible);
  }

  /** Every ledger rule checked over the whole database (operator routes, `npm run ledger:check`). */
  async ledgerCheck() {
    const violations = await checkLedger(this.deps.db);
    return { ok: violations.length === 0, violations };
  }
}
