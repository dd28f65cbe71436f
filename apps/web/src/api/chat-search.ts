import { CHAT_SEARCH_LIMITS, chatApi } from '@polaris/contract';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { api } from './request.ts';

/** Message search over HTTP (docs/chat.md "Search"): in one room, or in every room I am in. */

const chatSearchKeys = {
  all: ['chat', 'messageSearch'] as const,
  /** A query's pages, in one room (`roomId`) or all mine (`''`). */
  results: (q: string, roomId: string) => [...chatSearchKeys.all, roomId, q] as const,
};

/** Hits newest first, a page at a time; off while the query is empty. */
export function useMessageSearch(q: string, roomId?: string) {
  return useInfiniteQuery({
    queryKey: chatSearchKeys.results(q, roomId ?? ''),
    enabled: q !== '',
    initialPageParam: '',
    queryFn: ({ pageParam }) =>
      api.call(chatApi.messagesSearch, { q, roomId, cursor: pageParam, limit: CHAT_SEARCH_LIMITS.page }),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    placeholderData: keepPreviousData,
    // A found message may be deleted or new ones sent: a search opened again asks again.
    staleTime: 30_000,
  });
}
