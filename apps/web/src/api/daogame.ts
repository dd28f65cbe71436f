import { daogameApi } from '@polaris/contract';
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { isApiError } from '@/lib/api-error.ts';
import { useSettings } from '@/lib/settings.ts';
import { api } from './request.ts';

/** The DAO games tab (docs/daogame.md), read through our server: the API key never reaches the browser. */

export const daogameKeys = {
  all: ['daogame'] as const,
  home: (language: string) => [...daogameKeys.all, 'home', language] as const,
  list: (language: string, category: string, q: string) => [...daogameKeys.all, 'list', language, category, q] as const,
  rank: (language: string, category: string) => [...daogameKeys.all, 'rank', language, category] as const,
  detail: (language: string, id: string) => [...daogameKeys.all, 'detail', language, id] as const,
};

/** The server answers in the caller's language, so each language is its own cache entry. */
const useLanguage = () => useSettings((state) => state.language);

export function useDaogameHome() {
  const language = useLanguage();
  return useQuery({
    queryKey: daogameKeys.home(language),
    queryFn: () => api.call(daogameApi.home),
    staleTime: 60_000,
  });
}

export function useDaogameList(filter: { category?: string; q?: string }, enabled = true) {
  const language = useLanguage();
  return useInfiniteQuery({
    queryKey: daogameKeys.list(language, filter.category ?? '', filter.q ?? ''),
    enabled,
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam }) =>
      api.call(daogameApi.list, {
        category: filter.category || undefined,
        q: filter.q || undefined,
        cursor: pageParam,
      }),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

export function useDaogameRank(category: string) {
  const language = useLanguage();
  return useQuery({
    queryKey: daogameKeys.rank(language, category),
    queryFn: () => api.call(daogameApi.rank, { category: category || undefined }),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

export function useDaogameDetail(id: string) {
  const language = useLanguage();
  return useQuery({
    queryKey: daogameKeys.detail(language, id),
    enabled: id !== '',
    queryFn: () => api.call(daogameApi.detail, { id }),
    staleTime: 60_000,
    retry: false,
  });
}

/**
 * SPEC §8: a DAO call shows the API's message or "request failed", and "API request error" when the API could
 * not be reached. The server says which (status 580, in the user's language); a failure between the browser
 * and our server has no message of the API's, so it is the network case.
 */
export function daogameErrorText(error: unknown, apiError: string): string {
  if (!isApiError(error) || error.kind === 'network' || error.kind === 'timeout') return apiError;
  return error.message.trim() || apiError;
}

export const isNotFound = (error: unknown) => isApiError(error) && error.status === 404;
