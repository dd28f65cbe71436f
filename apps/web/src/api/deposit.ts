import { type DepositSetRequest, depositApi } from '@polaris/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSession } from '@/lib/session.ts';
import { activityKeys } from './activity.ts';
import { api } from './request.ts';

/** The no-show deposit of an activity (docs/activities.md "No-show deposit"): its terms and the caller's own. */

const depositKey = (activityId: string) => [...activityKeys.all, 'deposit', activityId] as const;

export function useDeposit(activityId: string) {
  const loggedIn = useSession((state) => state.loginStatus);
  return useQuery({
    queryKey: depositKey(activityId),
    enabled: loggedIn && activityId !== '',
    queryFn: () => api.call(depositApi.get, { activityId }),
  });
}

/** The organizer sets or removes the terms; the activity's views are read again afterwards. */
export function useSetDeposit(activityId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (deposit: DepositSetRequest['deposit']) => api.call(depositApi.set, { activityId, deposit }),
    onSuccess: (view) => queryClient.setQueryData(depositKey(activityId), view),
  });
}
