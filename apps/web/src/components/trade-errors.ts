import { Status } from '@polaris/contract';

import { isApiError } from '@/api/api-error.ts';
import { confirm } from '@/app/overlays.ts';
import { PATHS } from '@/app/paths.ts';
import { i18n } from '@/i18n/index.ts';

export type TradeError = { kind: 'notSet' } | { kind: 'wrong'; message: string };

/** 414 "not set" and 468 "wrong / locked" (docs/wallet.md); the server's msg already says tries or minutes left. */
export function tradeErrorOf(error: unknown): TradeError | null {
  if (!isApiError(error, 'quiet')) return null;
  if (error.status === Status.precondition) return { kind: 'notSet' };
  if (error.status === Status.secondFactor) return { kind: 'wrong', message: error.message };
  return null;
}

/** Offers to go and set the transaction password; resolves after navigating or cancelling. */
export async function offerToSetTradePassword(navigate: (to: string) => void): Promise<void> {
  const go = await confirm({
    title: i18n.t('tradePassword.notSetTitle'),
    content: i18n.t('contract:trade.notSet'),
    confirmText: i18n.t('tradePassword.goSet'),
    cancelText: i18n.t('common.cancel'),
  });
  if (go) navigate(PATHS.traderPassword);
}
