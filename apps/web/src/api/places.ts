import { PLACE_QUERY_MAX, placesApi } from '@polaris/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useSettings } from '@/lib/settings.ts';
import { useDebounced } from '@/lib/useDebounced.ts';
import { api } from './request.ts';

/** How long typing settles before a search goes out. */
const SEARCH_DEBOUNCE_MS = 300;

const placeKeys = {
  search: (q: string, language: string) => ['places', 'search', language, q] as const,
};

/**
 * Cities, venues and addresses matching what is typed (GET /places/search: the configured geocoder or the local
 * gazetteer, which the answer's `source` says), in the reader's language; nothing is asked for a blank query.
 */
export function usePlaceSearch(typed: string) {
  const language = useSettings((state) => state.language);
  const q = useDebounced(typed.trim().slice(0, PLACE_QUERY_MAX), SEARCH_DEBOUNCE_MS);
  return useQuery({
    queryKey: placeKeys.search(q, language),
    queryFn: () => api.call(placesApi.search, { q }),
    enabled: q !== '',
    staleTime: 5 * 60_000,
    placeholderData: keepPreviousData,
  });
}
