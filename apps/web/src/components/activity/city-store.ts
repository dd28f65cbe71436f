import type { CityNames } from '@polaris/contract';
import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';
import { type ActivityPrefs, readStore, writeSlice } from '@/lib/storage.ts';

/**
 * The preferred city of the activity home. Settings (lib/settings) have no city field, so it lives in its own
 * small store, persisted as the `activity` slice of the one namespaced localStorage object (`polarisex:store`),
 * written through lib/storage's writeSlice like the session and settings slices.
 * `chosen` is false until the user has picked (or skipped with "all cities") once.
 */

interface PrefsStore extends ActivityPrefs {
  setCity(city: string, cityNames?: CityNames | null): void;
}

function createPrefsStore(storage?: Storage | null) {
  const stored = readStore(storage).activity;
  const store = createStore<PrefsStore>()((set) => ({
    city: typeof stored?.city === 'string' ? stored.city : '',
    cityNames: stored?.cityNames ?? null,
    chosen: stored?.chosen === true,
    setCity: (city, cityNames = null) => set({ city, cityNames, chosen: true }),
  }));
  store.subscribe(({ city, cityNames, chosen }) => writeSlice('activity', { city, cityNames, chosen }, storage));
  return store;
}

export const prefsStore = createPrefsStore();

export function usePrefs<T>(select: (state: PrefsStore) => T): T {
  return useStore(prefsStore, select);
}
