import { type RecentSearchPlace, readStore, writeSlice } from '@/lib/storage.ts';

/** How many searches a page remembers. */
export const RECENT_SEARCHES_MAX = 8;
/** Longer queries are not worth offering again. */
const LONGEST = 60;

/**
 * The searches a user made on a search page, newest first, kept on this device only (the `recentSearches` slice of
 * `polarisex:store`): shown before anything is typed, and cleared in one tap.
 */
export function recentSearches(place: RecentSearchPlace, storage?: Storage | null): string[] {
  const list = readStore(storage).recentSearches?.[place];
  return Array.isArray(list)
    ? list.filter((item): item is string => typeof item === 'string').slice(0, RECENT_SEARCHES_MAX)
    : [];
}

/** Puts `query` first (once, whatever its case), dropping the oldest past the limit; returns the new list. */
export function rememberSearch(place: RecentSearchPlace, query: string, storage?: Storage | null): string[] {
  const value = query.trim().replace(/\s+/g, ' ');
  const current = recentSearches(place, storage);
  if (!value || value.length > LONGEST) return current;
  const next = [value, ...current.filter((item) => item.toLocaleLowerCase() !== value.toLocaleLowerCase())].slice(
    0,
    RECENT_SEARCHES_MAX,
  );
  writeSlice('recentSearches', { ...readStore(storage).recentSearches, [place]: next }, storage);
  return next;
}

export function clearSearches(place: RecentSearchPlace, storage?: Storage | null): void {
  writeSlice('recentSearches', { ...readStore(storage).recentSearches, [place]: [] }, storage);
}
