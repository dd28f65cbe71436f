import { hashTradePassword, type MasterBalance, masterApi, Status } from '@polaris/contract';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { isApiError } from '@/lib/api-error.ts';
import { useSession } from '@/lib/session.ts';
import { api } from './request.ts';
import { walletKeys } from './wallet-keys.ts';

/** Creator earnings: statistics, balances, per-activity earnings and withdrawals (docs/creator-earnings.md). */

export type { MasterBalance };
export type StatKind = 'count' | 'signup-count';

export const masterKeys = {
  all: ['master'] as const,
  info: (uid: string | undefined) => ['master', 'info', uid] as const,
  detail: (uid: string | undefined) => ['master', 'detail', uid] as const,
  balances: ['master', 'balances'] as const,
  counts: (kind: StatKind, days: number) => ['master', kind, days] as const,
  earnings: (days: number, asset: string) => ['master', 'earnings', days, asset] as const,
  activityEarnings: ['master', 'activity-earnings'] as const,
  withdrawals: ['master', 'withdrawals'] as const,
};

const useUid = () => useSession((state) => (state.loginStatus ? state.userInfo?.uid : undefined));

/** SPEC §6: a master user is one whose master-info call returns status 200; anything else means "no". */
export function useIsMaster(): boolean {
  const uid = useUid();
  const query = useQuery({
    queryKey: masterKeys.info(uid),
    enabled: Boolean(uid),
    queryFn: () =>
      api.call(masterApi.openMasterInfo, {}, { silent: true }).then(
        () => true,
        () => false,
      ),
    staleTime: 5 * 60_000,
  });
  return query.data === true;
}

/** The creator's totals; `null` when the caller has organized nothing (the server's 404). */
export function useMasterInfo() {
  const uid = useUid();
  return useQuery({
    queryKey: masterKeys.detail(uid),
    enabled: Boolean(uid),
    queryFn: () =>
      api.call(masterApi.openMasterInfo, {}, { silent: true }).catch((error: unknown) => {
        if (isApiError(error, 'quiet') && error.status === Status.notFound) return null;
        throw error;
      }),
  });
}

export function useMasterCount(kind: StatKind, days: number) {
  return useQuery({
    queryKey: masterKeys.counts(kind, days),
    enabled: Boolean(useUid()),
    queryFn: () => api.call(kind === 'count' ? masterApi.openMasterCount : masterApi.openMasterSignupCount, { days }),
  });
}

export function useMasterEarnings(days: number, asset: string) {
  return useQuery({
    queryKey: masterKeys.earnings(days, asset),
    enabled: Boolean(useUid()) && asset !== '',
    queryFn: () => api.call(masterApi.openMasterEarnings, { days, asset }),
  });
}

export function useMasterBalances() {
  return useQuery({
    queryKey: masterKeys.balances,
    enabled: Boolean(useUid()),
    queryFn: () => api.call(masterApi.openTicketFrozenBalance),
  });
}

export function useActivityEarnings() {
  return useInfiniteQuery({
    queryKey: masterKeys.activityEarnings,
    enabled: Boolean(useUid()),
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam }) => api.call(masterApi.openTicketActivityEarnings, { cursor: pageParam, limit: 20 }),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

export function useWithdrawals() {
  return useInfiniteQuery({
    queryKey: masterKeys.withdrawals,
    enabled: Boolean(useUid()),
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam }) => api.call(masterApi.openTicketUserWithdrawal, { cursor: pageParam, limit: 20 }),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

export interface WithdrawRequest {
  asset: string;
  amount: string;
  tradePassword: string;
  idempotencyKey: string;
  /** Google Authenticator's code, when it is on (the second-factor table). */
  totp?: string;
}

/** Withdraw to the wallet; afterwards every earnings figure and the wallet are read again. */
export function useWithdraw() {
  const queryClient = useQueryClient();
  const uid = useSession((state) => state.userInfo?.uid ?? '');
  return useMutation({
    mutationFn: ({ tradePassword, ...input }: WithdrawRequest) =>
      api.call(masterApi.openMasterWithdraw, {
        ...input,
        tradePassword: hashTradePassword(tradePassword, uid),
      }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: masterKeys.all });
      void queryClient.invalidateQueries({ queryKey: walletKeys.all });
    },
  });
}
