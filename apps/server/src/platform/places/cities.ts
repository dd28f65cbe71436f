import type { Language } from '@polaris/contract';
import { ASIA } from './cities-asia.ts';
import { WORLD } from './cities-world.ts';
import { fold } from './fold.ts';

/**
 * The city catalogue: the seeded demo cities and the world's large cities (every capital and most cities over
 * about a million people), each with a stable id, its names in the app's three languages, the names people also
 * type, its country, position and IANA time zone. Reference data for every module that shows or files a city; it
 * stays on the server (the web reads names from the API and searches through GET /places/search).
 */
export interface City {
  id: string;
  country: string;
  lat: number;
  lon: number;
  timezone: string;
  names: Record<Language, string>;
  aliases: string[];
}

function parse(text: string): City[] {
  return text
    .split('\n')
    .filter((line) => line.includes('|'))
    .map((line) => {
      const [id, country, lat, lon, timezone, en, hant, hans, aliases] = line.split('|') as string[];
      return {
        id: id!,
        country: country!,
        lat: Number(lat),
        lon: Number(lon),
        timezone: timezone!,
        names: { en: en!, 'zh-Hant': hant!, 'zh-Hans': hans || hant! },
        aliases: aliases ? aliases.split(',').filter(Boolean) : [],
      };
    });
}

export const CITIES: readonly City[] = [...parse(ASIA), ...parse(WORLD)];

const byId = new Map(CITIES.map((city) => [city.id, city]));
/** Every folded name → the city (the first city listed wins a name two cities share). */
const byName = new Map<string, City>();
for (const city of CITIES) {
  for (const name of [city.id, ...Object.values(city.names), ...city.aliases]) {
    const key = fold(name);
    if (key && !byName.has(key)) byName.set(key, city);
  }
}

/** The catalogue city a typed name means (any language, alias, width, case, script), if any. */
export function matchCity(text: string): City | undefined {
  const key = fold(text);
  return key ? byName.get(key) : undefined;
}

/**
 * What activities.city keeps for what someone typed: the catalogue id when the text names a catalogue city, the
 * text as given (trimmed) when it does not.
 */
export function canonicalCity(text: string): string {
  return matchCity(text)?.id ?? text.trim();
}

/** The three names of a stored city value: the catalogue's for an id, null for free text (shown as given). */
export function cityNames(value: string | null): Record<Language, string> | null {
  if (value === null) return null;
  return byId.get(value)?.names ?? null;
}

/** A stored city value in one language: its catalogue name, or the free text as it was typed. */
export function cityName(value: string, language: Language): string {
  return byId.get(value)?.names[language] ?? value;
}

/** Cities whose names start with (then contain) the folded query, best first. */
export function searchCities(query: string, limit: number): City[] {
  const key = fold(query);
  if (!key) return [];
  const exact = byName.get(key);
  const starts = new Set<City>(exact ? [exact] : []);
  const contains = new Set<City>();
  for (const [name, city] of byName) {
    if (name.startsWith(key)) starts.add(city);
    else if (name.includes(key)) contains.add(city);
  }
  return [...starts, ...[...contains].filter((city) => !starts.has(city))].slice(0, limit);
}

/** Kilometres between two points (haversine). */
function distanceKm(a: { lat: number; lon: number }, b: { lat: number; lon: number }): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLon = (b.lon - a.lon) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLon / 2) ** 2;
  return 12_742 * Math.asin(Math.sqrt(h));
}

/** The catalogue city nearest a point, with its distance. */
export function nearestCity(point: { lat: number; lon: number }): { city: City; km: number } {
  let best = { city: CITIES[0]!, km: Number.POSITIVE_INFINITY };
  for (const city of CITIES) {
    const km = distanceKm(point, city);
    if (km < best.km) best = { city, km };
  }
  return best;
}
