import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';
import { readStore, writeSlice } from '@/lib/storage.ts';

/**
 * The preferred city of the activity home. Settings (lib/settings) have no city field, so it lives in its own
 * small store, persisted as the `activity` slice of the one namespaced localStorage object (`polarisex:store`),
 * written through lib/storage's writeSlice like the session and settings slices.
 * `chosen` is false until the user has picked (or skipped with "all cities") once.
 */
export interface ActivityPrefs {
  city: string;
  chosen: boolean;
}

interface PrefsStore extends ActivityPrefs {
  setCity(city: string): void;
}

const SLICE = 'activity';
// StoredState names only session and settings; this slice is the activity area's own.
const writeAny = writeSlice as unknown as (key: string, value: unknown, storage?: Storage | null) => void;

export function createPrefsStore(storage?: Storage | null) {
  const stored = (readStore(storage) as Record<string, unknown>)[SLICE] as Partial<ActivityPrefs> | undefined;
  const store = createStore<PrefsStore>()((set) => ({
    city: typeof stored?.city === 'string' ? stored.city : '',
    chosen: stored?.chosen === true,
    setCity: (city) => set({ city, chosen: true }),
  }));
  store.subscribe(({ city, chosen }) => writeAny(SLICE, { city, chosen }, storage));
  return store;
}

export const prefsStore = createPrefsStore();

export function usePrefs<T>(select: (state: PrefsStore) => T): T {
  return useStore(prefsStore, select);
}
