import type { NoticeCategory } from '@polaris/contract';
import { notificationsApi } from '@polaris/contract';
import { useQuery } from '@tanstack/react-query';
import { useSession } from '@/lib/session.ts';
import { api } from './request.ts';

/**
 * The notice query keys and the unread counts: all the tab bar (first-screen code) needs of api/notice.ts, which
 * re-exports them. The counts are fetched once per session and then kept by the socket's `notice` and `changed`
 * frames (app/live-updates.ts), never polled.
 */

const useLoggedIn = () => useSession((state) => state.loginStatus);

export const noticeKeys = {
  all: ['notice'] as const,
  lists: () => [...noticeKeys.all, 'list'] as const,
  list: (category: NoticeCategory | null) => [...noticeKeys.lists(), category ?? 'all'] as const,
  unread: () => [...noticeKeys.all, 'unread'] as const,
  preferences: () => [...noticeKeys.all, 'preferences'] as const,
  mute: (roomId: string) => [...noticeKeys.all, 'mute', roomId] as const,
};

export function useUnread() {
  return useQuery({
    queryKey: noticeKeys.unread(),
    enabled: useLoggedIn(),
    queryFn: () => api.call(notificationsApi.noticeUnread, undefined, { silent: true }),
    // Fresh until a frame says otherwise (or the socket came back after a gap).
    staleTime: Number.POSITIVE_INFINITY,
  });
}
