import { type ActivityEarning, formatAmount, type MasterBalance, type MasterWithdrawal } from '@polaris/contract';
import { assetOf, type Catalog } from '../wallet/service.ts';
import type { EarningListRow, EarningTotals, PromoDiscountRow } from './store.ts';

/** What leaves the server about creator earnings, field by field. */

export function presentBalance(catalog: Catalog, row: EarningTotals): MasterBalance {
  const { decimals } = assetOf(catalog, row.asset);
  return {
    asset: row.asset,
    frozen: formatAmount(row.frozen, decimals),
    withdrawable: formatAmount(row.released - row.withdrawn, decimals),
    withdrawn: formatAmount(row.withdrawn, decimals),
    earned: formatAmount(row.frozen + row.released, decimals),
  };
}

export function presentWithdrawal(
  catalog: Catalog,
  row: { id: number; assetCode: string; amount: bigint; at: Date },
): MasterWithdrawal {
  return {
    id: String(row.id),
    asset: row.assetCode,
    amount: formatAmount(row.amount, assetOf(catalog, row.assetCode).decimals),
    at: row.at.toISOString(),
  };
}

export function presentEarning(
  catalog: Catalog,
  row: EarningListRow,
  discounts: PromoDiscountRow[] = [],
): ActivityEarning {
  const { decimals } = assetOf(catalog, row.assetCode);
  return {
    activity: { id: row.activityCode, title: row.activityTitle },
    role: row.role,
    asset: row.assetCode,
    amount: formatAmount(row.amount, decimals),
    earnedAt: row.earnedAt.toISOString(),
    releaseAt: row.releaseAt.toISOString(),
    releasedAt: row.releasedAt?.toISOString() ?? null,
    discounts:
      row.role === 'organizer'
        ? discounts
            .filter((line) => line.activityId === row.activityId && line.assetCode === row.assetCode)
            .map((line) => ({
              code: line.code,
              tickets: line.tickets,
              discount: formatAmount(line.discount, decimals),
            }))
        : [],
  };
}
