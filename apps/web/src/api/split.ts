import type { ActivitySplit, SplitRequest } from '@polaris/contract';
import { activityApi } from '@polaris/contract';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { useSession } from '@/lib/session.ts';
import { masterKeys } from './master.ts';
import { api } from './request.ts';

/** The split of ticket money between organizer, co-hosts and referrers (docs/creator-earnings.md "Distribution"). */

export type { ActivitySplit, SplitRequest };

const splitKeys = { distribution: [...masterKeys.all, 'distribution'] as const };

export function useDistribution() {
  const uid = useSession((state) => (state.loginStatus ? state.userInfo?.uid : undefined));
  return useInfiniteQuery({
    queryKey: splitKeys.distribution,
    enabled: Boolean(uid),
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam }) => api.call(activityApi.openMasterDistribution, { cursor: pageParam, limit: 20 }),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

/** The organizer saves an activity's shares; the list is read again afterwards. */
export function useSaveSplit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SplitRequest) => api.call(activityApi.openMasterSplit, input),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: splitKeys.distribution }),
  });
}
