import { Status } from '@polaris/contract';
import { type TradePasswordStatus, walletKeys } from '@/api/wallet.ts';
import { queryClient } from '@/app/query-client.ts';
import { isApiError } from '@/lib/api-error.ts';

export type TradeError = { kind: 'notSet' } | { kind: 'wrong'; message: string };

/** 414 "not set" and 468 "wrong / locked" (docs/wallet.md); the server's msg already says tries or minutes left. */
export function tradeErrorOf(error: unknown): TradeError | null {
  if (!isApiError(error, 'quiet')) return null;
  if (error.status === Status.precondition) return { kind: 'notSet' };
  if (error.status === Status.secondFactor) return { kind: 'wrong', message: error.message };
  return null;
}

/**
 * The server said no transaction password is set (a 414: the status read with the page was out of date). The
 * status is corrected, so the open TradePasswordPrompt turns into its offer to set one, over the flow as it was;
 * the caller keeps the prompt open.
 */
export function tradePasswordMissing(): void {
  queryClient.setQueryData<TradePasswordStatus>(walletKeys.tradeStatus(), (status) => ({
    lockedUntil: status?.lockedUntil ?? null,
    blank: true,
  }));
}
