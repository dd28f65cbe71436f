import type { Blast, BlastAudience } from '@polaris/contract';
import { activityApi } from '@polaris/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSession } from '@/lib/session.ts';
import { api } from './request.ts';

/** Organizer blasts (docs/notifications.md "blasts"): the list, sending and cancelling. */

export type { Blast };

const blastKeys = {
  all: ['activity-blasts'] as const,
  list: (activityId: string) => [...blastKeys.all, activityId] as const,
};

/** The activity's blasts: all of them for hosts, the sent ones for ticket holders (`enabled` only for those). */
export function useBlasts(activityId: string, enabled = true) {
  const loggedIn = useSession((state) => state.loginStatus);
  return useQuery({
    queryKey: blastKeys.list(activityId),
    enabled: loggedIn && enabled && activityId !== '',
    queryFn: () => api.call(activityApi.blastList, { activityId }, { silent: true }),
    retry: false,
  });
}

export interface BlastDraft {
  audience: BlastAudience[];
  message: string;
  /** An ISO instant, or undefined to send now. */
  sendAt?: string;
}

export function useSendBlast(activityId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (draft: BlastDraft) => api.call(activityApi.blastSend, { activityId, ...draft }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: blastKeys.list(activityId) }),
  });
}

export function useCancelBlast(activityId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (blastId: string) => api.call(activityApi.blastCancel, { activityId, blastId }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: blastKeys.list(activityId) }),
  });
}
