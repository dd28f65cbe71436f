import type {
  Notice,
  NoticeCategory,
  NoticeChannel,
  NoticeListOutput,
  NoticeRoomMuteOutput,
  NoticeUnread,
} from '@polaris/contract';
import { notificationsApi } from '@polaris/contract';
import {
  type InfiniteData,
  type QueryClient,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { z } from 'zod';
import { useSession } from '@/lib/session.ts';
import { noticeKeys, useUnread } from './notice-unread.ts';
import { api } from './request.ts';

/**
 * The inbox, its unread counts and the notification preferences (docs/notifications.md). The counts and the keys
 * live in notice-unread.ts, the only part the tab bar (first-screen code) needs.
 */

export type NoticePage = z.output<typeof NoticeListOutput>;
export type RoomMute = z.output<typeof NoticeRoomMuteOutput>;

const useLoggedIn = () => useSession((state) => state.loginStatus);

export { noticeKeys, useUnread };

export function useNotices(category: NoticeCategory | null) {
  return useInfiniteQuery({
    queryKey: noticeKeys.list(category),
    enabled: useLoggedIn(),
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam }) =>
      api.call(notificationsApi.noticeList, { category: category ?? undefined, cursor: pageParam, limit: 20 }),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

/**
 * The notices of every page held, newest first by when they happened, each once. The server pages by (time, id),
 * but pages are fetched at different moments: a notice that arrived in between can sit on two pages (the list is
 * refetched page by page), and it must not show twice or out of place.
 */
export function inboxItems(pages: readonly NoticePage[]): Notice[] {
  const byId = new Map<string, Notice>();
  for (const page of pages) for (const notice of page.items) if (!byId.has(notice.id)) byId.set(notice.id, notice);
  return [...byId.values()].sort(
    (a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt) || Number(b.id) - Number(a.id),
  );
}

/**
 * A notice that arrived on the socket, put at the top of every cached inbox it belongs in (all, and its category),
 * once: the frame carries the whole notice, so the inbox is not asked again. A list not in the cache is left alone;
 * it is fetched when opened.
 */
export function addToInbox(client: QueryClient, notice: Notice): void {
  for (const category of [null, notice.category] as const) {
    client.setQueryData<InfiniteData<NoticePage>>(noticeKeys.list(category), (data) => {
      if (!data || data.pages.some((page) => page.items.some((item) => item.id === notice.id))) return data;
      const [first, ...rest] = data.pages;
      if (!first) return data;
      return { ...data, pages: [{ ...first, items: [notice, ...first.items] }, ...rest] };
    });
  }
}

export type MarkRead = { ids: string[] } | { all: true; category?: NoticeCategory };

/** Marks the read notices read in every list held, and lowers the counts, before the server answers. */
export function markReadLocally(client: QueryClient, input: MarkRead): void {
  const hit = (notice: Notice) =>
    'ids' in input ? input.ids.includes(notice.id) : !input.category || notice.category === input.category;
  const lowered: Partial<Record<NoticeCategory, number>> = {};
  const seen = new Set<string>();
  for (const [key, data] of client.getQueriesData<InfiniteData<NoticePage>>({ queryKey: noticeKeys.lists() })) {
    if (!data) continue;
    const pages = data.pages.map((page) => ({
      ...page,
      items: page.items.map((notice) => {
        if (notice.read || !hit(notice)) return notice;
        if (!seen.has(notice.id)) {
          seen.add(notice.id);
          lowered[notice.category] = (lowered[notice.category] ?? 0) + 1;
        }
        return { ...notice, read: true };
      }),
    }));
    client.setQueryData(key, { ...data, pages });
  }
  const unread = client.getQueryData<NoticeUnread>(noticeKeys.unread());
  if (!unread) return;
  const byCategory = { ...unread.byCategory };
  let total = unread.total;
  for (const [category, count] of Object.entries(byCategory) as [NoticeCategory, number][]) {
    const after =
      'all' in input && (!input.category || input.category === category) ? 0 : count - (lowered[category] ?? 0);
    byCategory[category] = Math.max(0, after);
    total -= count - byCategory[category];
  }
  client.setQueryData<NoticeUnread>(noticeKeys.unread(), { ...unread, byCategory, total: Math.max(0, total) });
}

export function useMarkRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: MarkRead) => api.call(notificationsApi.noticeRead, input),
    onMutate: (input) => markReadLocally(client, input),
    // The server answers its counts, which are the truth (a notice may have arrived meanwhile).
    onSuccess: (unread) => client.setQueryData(noticeKeys.unread(), unread),
    onError: () => client.invalidateQueries({ queryKey: noticeKeys.all }),
  });
}

export function usePreferences() {
  return useQuery({
    queryKey: noticeKeys.preferences(),
    enabled: useLoggedIn(),
    queryFn: () => api.call(notificationsApi.noticePreferences),
  });
}

export interface PreferencesChange {
  channels?: { category: NoticeCategory; channel: NoticeChannel; enabled: boolean }[];
  quietHours?: { start: string; end: string } | null;
  timezone?: string;
}

export function useSavePreferences() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: PreferencesChange) => api.call(notificationsApi.setNoticePreferences, change),
    onSuccess: () => client.invalidateQueries({ queryKey: noticeKeys.preferences() }),
  });
}

/**
 * Whether notifications from a chat room are muted for me (`GET /notice/mute?roomId=`). Silent: a server without
 * the read leaves the switch at "not muted" rather than toasting on the room's page.
 */
export function useRoomMuted(roomId: string) {
  return useQuery({
    queryKey: noticeKeys.mute(roomId),
    enabled: useLoggedIn(),
    queryFn: () => api.call(notificationsApi.noticeMute, { roomId }, { silent: true }),
  });
}

/** Notifications from one chat room on or off (its messages still arrive in the room). */
export function useRoomMute(roomId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (muted: boolean) => api.call(notificationsApi.setNoticeMute, { roomId, muted }),
    onMutate: (muted) => client.setQueryData<RoomMute>(noticeKeys.mute(roomId), { roomId, muted }),
    onError: (_error, muted) => client.setQueryData<RoomMute>(noticeKeys.mute(roomId), { roomId, muted: !muted }),
    onSuccess: (answer) => client.setQueryData(noticeKeys.mute(roomId), answer),
  });
}
