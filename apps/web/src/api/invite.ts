import { inviteApi } from '@polaris/contract';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { useSession } from '@/lib/session.ts';
import { api } from './request.ts';

/** Invite gift: my code, link, totals and invitees, and naming an inviter later (docs/invite-gift.md). */

const inviteKeys = {
  all: ['invite'] as const,
  info: () => [...inviteKeys.all, 'info'] as const,
};

/** Every page repeats the header (code, totals); the list grows page by page. */
export function useInvitedInfo() {
  return useInfiniteQuery({
    queryKey: inviteKeys.info(),
    enabled: useSession((state) => state.loginStatus),
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam }) => api.call(inviteApi.userGetInvitedInfo, { cursor: pageParam, limit: 20 }),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

export function useBindInviter() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (inviteCode: string) => api.call(inviteApi.userInviteBind, { inviteCode }),
    onSuccess: () => client.invalidateQueries({ queryKey: inviteKeys.all }),
  });
}
