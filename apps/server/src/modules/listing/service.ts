import {
  AMOUNT_PROBLEM_KEYS,
  LISTING_LIMITS,
  type Listing,
  type ListingApply,
  parseAmount,
  Status,
  servableLink,
  type UploadImageOutput,
} from '@polaris/contract';
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { AppError, fieldError } from '../../platform/errors.ts';
import { isValidAddress, normalizeAddress, type WalletService } from '../wallet/service.ts';
import { decide, findListing, insertListing, type ListingRow, listMine, listPending } from './store.ts';

type Image = z.infer<typeof UploadImageOutput>;

export interface ListingDeps {
  db: Database;
  now: () => Date;
  /** The wallet: its catalogue, the asset an approval adds, a network's switches. */
  wallet: Pick<WalletService, 'catalog' | 'addListedAsset' | 'setNetwork'>;
  images: {
    upload(ownerId: number, bytes: Buffer): Promise<Image>;
    ownedBy(id: string, userId: number): Promise<boolean>;
    presented(ids: string[]): Promise<Map<string, Image>>;
  };
}

/** Confirmations a newly listed network asks for until the operator sets its own. */
const DEFAULT_CONFIRMATIONS = 12;

/**
 * Token listing applications (docs/token-listing.md): a project applies with its token's details and a logo;
 * an operator approves (the token joins the catalogue with deposits and withdrawals off) or rejects it; the
 * operator turns the network on when the chain side is ready.
 */
export class ListingService {
  constructor(private readonly deps: ListingDeps) {}

  /** A logo: the activity images' checks (JPEG, PNG or WebP by their bytes) with a tighter size. */
  async uploadLogo(userId: number, bytes: Buffer) {
    if (bytes.length > LISTING_LIMITS.logoMaxBytes) {
      throw fieldError('file', 'listing.logoTooLarge', { max: LISTING_LIMITS.logoMaxBytes / 1_048_576 });
    }
    return this.deps.images.upload(userId, bytes);
  }

  async apply(userId: number, input: ListingApply): Promise<Listing> {
    const catalog = await this.deps.wallet.catalog();
    const chain = catalog.chains.get(input.chainId);
    if (!chain) throw fieldError('chainId', 'listing.chainUnknown');
    // Bitcoin has no token contracts of the kind listed here, and is still waiting in the catalogue.
    if (chain.waiting || chain.family === 'btc')
      throw fieldError('chainId', 'listing.chainNoTokens', { chain: chain.name });
    if (!isValidAddress(chain.family, input.contract)) {
      throw fieldError('contract', 'listing.contractInvalid', { chain: chain.name });
    }
    if (catalog.assets.has(input.symbol)) throw fieldError('symbol', 'listing.symbolListed', { symbol: input.symbol });
    if (!(await this.deps.images.ownedBy(input.logoImageId, userId)))
      throw fieldError('logoImageId', 'listing.logoNotYours');
    const row = await insertListing(this.deps.db, {
      userId,
      ...input,
      contract: normalizeAddress(chain.family, input.contract),
      status: 'pending',
      createdAt: this.deps.now(),
    });
    if (!row) throw new AppError(Status.conflict, 'listing.duplicate');
    return (await this.present([row]))[0]!;
  }

  async mine(userId: number, page: { cursor?: string; limit: number }) {
    const rows = await listMine(this.deps.db, userId, {
      beforeId: page.cursor ? Number(page.cursor) : null,
      limit: page.limit + 1,
    });
    const items = await this.present(rows.slice(0, page.limit));
    return { items, nextCursor: rows.length > page.limit ? items.at(-1)!.id : null };
  }

  async pending() {
    return { items: await this.present(await listPending(this.deps.db, 200)) };
  }

  /** Operator: approve (the asset and its network join the catalogue, switched off) or reject a pending application. */
  async review(input: { id: string; decision: 'approve' | 'reject'; decimals?: number; note?: string }) {
    const id = Number(input.id);
    if (!(await findListing(this.deps.db, id))) throw new AppError(Status.notFound, 'listing.notFound');
    if (input.decision === 'approve' && input.decimals === undefined)
      throw fieldError('decimals', 'listing.decimalsRequired');
    return this.deps.db.transaction(async (tx) => {
      const reviewedAt = this.deps.now();
      const approve = input.decision === 'approve';
      const row = await decide(tx, id, {
        status: approve ? 'approved' : 'rejected',
        reviewNote: approve ? null : (input.note ?? null),
        reviewedAt,
      });
      if (!row) throw new AppError(Status.conflict, 'listing.notPending');
      if (approve) {
        const listed = await this.deps.wallet.addListedAsset(
          tx,
          { code: row.symbol, name: row.name, decimals: input.decimals! },
          { chainId: row.chainId, contract: row.contract, confirmations: DEFAULT_CONFIRMATIONS },
        );
        if (!listed) throw new AppError(Status.conflict, 'listing.symbolListed', { symbol: row.symbol });
      }
      return { id: String(row.id), status: row.status };
    });
  }

  /** Operator: switch a network's deposits and withdrawals, and set its withdrawal limits and confirmations. */
  async network(input: {
    asset: string;
    chainId: number;
    deposit?: boolean;
    withdraw?: boolean;
    withdrawFee?: string;
    withdrawMin?: string;
    withdrawMax?: string;
    confirmations?: number;
  }) {
    const catalog = await this.deps.wallet.catalog();
    const asset = catalog.assets.get(input.asset);
    const current = catalog.networks.find((n) => n.assetCode === input.asset && n.chainId === input.chainId);
    if (!asset || !current) throw new AppError(Status.notFound, 'listing.networkUnknown');
    const units = (name: string, value: string | undefined, fallback: bigint) => {
      if (value === undefined) return fallback.toString();
      if (value.trim() === '0') return '0';
      const parsed = parseAmount(value, asset.decimals);
      if ('problem' in parsed) throw fieldError(name, AMOUNT_PROBLEM_KEYS[parsed.problem], { max: asset.decimals });
      return parsed.units.toString();
    };
    const row = await this.deps.wallet.setNetwork(input.asset, input.chainId, {
      depositEnabled: input.deposit ?? current.depositEnabled,
      withdrawEnabled: input.withdraw ?? current.withdrawEnabled,
      withdrawFee: units('withdrawFee', input.withdrawFee, current.withdrawFee),
      withdrawMin: units('withdrawMin', input.withdrawMin, current.withdrawMin),
      withdrawMax: units('withdrawMax', input.withdrawMax, current.withdrawMax),
      confirmations: input.confirmations ?? current.confirmations,
    });
    return {
      asset: row!.assetCode,
      chainId: row!.chainId,
      depositEnabled: row!.depositEnabled,
      withdrawEnabled: row!.withdrawEnabled,
    };
  }

  /** Rows as the applicant sees them: the chain's name and the logo's sizes, in one query for the page. */
  private async present(rows: ListingRow[]): Promise<Listing[]> {
    const [catalog, logos] = await Promise.all([
      this.deps.wallet.catalog(),
      this.deps.images.presented(rows.map((row) => row.logoImageId)),
    ]);
    return rows.map((row) => ({
      id: String(row.id),
      name: row.name,
      symbol: row.symbol,
      chainId: row.chainId,
      chain: catalog.chains.get(row.chainId)?.name ?? String(row.chainId),
      contract: row.contract,
      logo: logos.get(row.logoImageId) ?? null,
      website: servableLink(row.website) ?? '',
      whitepaper: servableLink(row.whitepaper) ?? '',
      contact: row.contact,
      description: row.description,
      status: row.status,
      reviewNote: row.reviewNote,
      createdAt: row.createdAt.toISOString(),
      reviewedAt: row.reviewedAt?.toISOString() ?? null,
    }));
  }
}
