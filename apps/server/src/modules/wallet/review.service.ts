import { formatAmount, Status } from '@polaris/contract';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../platform/errors.ts';
import type { Notifier } from '../notifications/events.ts';
import { centsText } from './limits.ts';
import { WalletNotices } from './notices.service.ts';
import { approveWithdrawal, noteReview, withdrawalsUnderReview } from './review.store.ts';
import { loadCatalog, lockWithdrawal } from './store.ts';
import { settleWithdrawal } from './transfers.service.ts';

/**
 * The review of large withdrawals (docs/wallet.md, "Review of large withdrawals"): a withdrawal worth more than
 * `WITHDRAWAL_REVIEW_ABOVE_USD` is written `review`, its whole amount frozen, and no chain worker picks it up. An
 * operator approves it (it becomes `processing` and goes out like any other) or rejects it: settled as failed, the
 * frozen amount back to the user's available balance through the ledger, the user told as for a failed withdrawal.
 */
export class WithdrawalReviewService {
  private readonly notices: WalletNotices;

  constructor(private readonly deps: { db: Database; now: () => Date; notifier?: Notifier }) {
    this.notices = new WalletNotices({ db: deps.db, notifier: deps.notifier });
  }

  async pending() {
    const [rows, catalog] = await Promise.all([withdrawalsUnderReview(this.deps.db), loadCatalog(this.deps.db)]);
    return {
      items: rows.map((row) => {
        const decimals = catalog.assets.get(row.asset)?.decimals ?? 0;
        return {
          id: String(row.id),
          uid: String(row.uid),
          asset: row.asset,
          amount: formatAmount(BigInt(row.amount) + BigInt(row.fee), decimals),
          valueUsd: row.valueCents === null ? null : centsText(row.valueCents),
          chainId: row.chainId,
          address: row.address,
          createdAt: row.createdAt.toISOString(),
        };
      }),
    };
  }

  async decide(input: { id: number; decision: 'approve' | 'reject'; note?: string }) {
    const now = this.deps.now();
    const note = input.note ?? null;
    const decided = await this.deps.db.transaction(async (tx) => {
      if (input.decision === 'approve') return approveWithdrawal(tx, input.id, now, note);
      const row = await lockWithdrawal(tx, input.id);
      if (row?.status !== 'review') return false;
      await settleWithdrawal(
        tx,
        this.notices,
        row,
        { state: 'failed', reason: `rejected in review: ${note ?? ''}` },
        now,
      );
      await noteReview(tx, row.id, now, note);
      return true;
    });
    if (!decided) throw new AppError(Status.conflict, 'moneyOut.reviewNotPending');
    return {
      id: String(input.id),
      status: input.decision === 'approve' ? ('processing' as const) : ('failed' as const),
    };
  }
}
