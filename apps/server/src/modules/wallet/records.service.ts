import { type RECORD_TYPES, Status, type WalletRecord } from '@polaris/contract';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../platform/errors.ts';
import { assetOf } from './catalog.ts';
import { presentConfirmingDeposit, presentRecord } from './presenter.ts';
import { recordRows } from './records.store.ts';
import { confirmingDepositsOf, loadCatalog } from './store.ts';

/** The records list: what moved in and out of a user's available balance of one asset. */
export class RecordService {
  constructor(private readonly deps: { db: Database }) {}

  /** Newest first, by cursor; deposits still confirming head the first page so the user sees them coming. */
  async records(
    userId: number,
    input: { asset: string; type?: (typeof RECORD_TYPES)[number]; cursor?: string; limit: number },
  ): Promise<{ items: WalletRecord[]; nextCursor: string | null }> {
    const catalog = await loadCatalog(this.deps.db);
    const asset = assetOf(catalog, input.asset);
    const before = input.cursor && /^\d+$/.test(input.cursor) ? BigInt(input.cursor) : null;
    const rows = await recordRows(this.deps.db, userId, asset.code, {
      before,
      type: input.type,
      limit: input.limit + 1,
    });
    const page = rows.slice(0, input.limit);
    const items = page.map((row) => presentRecord(catalog, asset, row));
    const nextCursor = rows.length > input.limit ? (page[page.length - 1]?.id ?? null) : null;
    // Deposits still confirming have no ledger entry yet.
    if (before !== null || (input.type && input.type !== 'deposit')) return { items, nextCursor };
    const confirming = await confirmingDepositsOf(this.deps.db, userId, asset.code);
    const pending = confirming.map((deposit) => presentConfirmingDeposit(catalog, asset, deposit));
    return { items: [...pending, ...items], nextCursor };
  }

  /** One record by its reference number (what a bounty or a red packet links to); someone else's is not found. */
  async record(userId: number, input: { asset: string; reference: string }): Promise<WalletRecord> {
    const catalog = await loadCatalog(this.deps.db);
    const asset = assetOf(catalog, input.asset);
    const [row] = await recordRows(this.deps.db, userId, asset.code, {
      before: null,
      entry: BigInt(input.reference),
      limit: 1,
    });
    if (!row) throw new AppError(Status.notFound, 'wallet.recordNotFound');
    return presentRecord(catalog, asset, row);
  }
}
