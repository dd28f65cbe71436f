import type { CityNames, Language } from '@polaris/contract';
import { settingsStore } from './settings.ts';

/**
 * A city as the reader reads it: a catalogue city (the API sends its `cityNames` beside its id) in the app's
 * language, free text as it was typed. The one way every screen names a city (docs/activities.md "Cities").
 */
export function cityLabel(
  city: string | null | undefined,
  names: CityNames | null | undefined,
  language: Language = settingsStore.getState().language,
): string {
  if (!city) return '';
  return names?.[language] ?? city;
}
