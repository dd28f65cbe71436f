import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';
import { readStore, type Settings, withFirstLaunchDefaults, writeSlice } from './storage.ts';

export interface SettingsStore extends Settings {
  update(patch: Partial<Settings>): void;
}

export function createSettingsStore(storage?: Storage | null) {
  const initial = withFirstLaunchDefaults(readStore(storage).settings);
  const store = createStore<SettingsStore>()((set) => ({
    ...initial,
    update: (patch) => set(patch),
  }));
  const persist = ({ update: _update, ...settings }: SettingsStore) => writeSlice('settings', settings, storage);
  // Write the first-launch defaults straight away so they count as "stored" from now on.
  persist(store.getState());
  store.subscribe(persist);
  return store;
}

export const settingsStore = createSettingsStore();

export function useSettings<T>(select: (state: SettingsStore) => T): T {
  return useStore(settingsStore, select);
}
