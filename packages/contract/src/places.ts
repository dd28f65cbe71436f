import { z } from 'zod';
import { text } from './text.ts';

/**
 * Places: the names of a catalogue city in the app's three languages, and the address search behind the location
 * picker (GET /places/search). A city value (activities.city, a city room's key) is a catalogue id such as
 * "taipei" when the city is in the catalogue, else the text as it was typed; outputs carry `cityNames` beside it,
 * null for free text, which is shown as given.
 */
export const CityNamesOutput = z.object({ en: z.string(), 'zh-Hant': z.string(), 'zh-Hans': z.string() });
export type CityNames = z.infer<typeof CityNamesOutput>;

export const PLACE_QUERY_MAX = 100;

export const PlaceSearchInput = z.object({
  q: text().min(1, { error: 'validation.required' }).max(PLACE_QUERY_MAX),
});

export const PLACE_KINDS = ['city', 'venue', 'address'] as const;

export const PlaceOutput = z.object({
  kind: z.enum(PLACE_KINDS),
  /** The place's own name in the reader's language (a city's catalogue name, a venue's address). */
  name: z.string(),
  /** The full line a geocoder gives (street, district, city, country), or the name again. */
  label: z.string(),
  /** What the form's city field takes: a catalogue id, or the geocoder's city text when it is not in the catalogue. */
  city: z.string().nullable(),
  cityNames: CityNamesOutput.nullable(),
  /** The address line the form's address field takes (empty for a city). */
  address: z.string(),
  country: z.string().nullable(),
  lat: z.number(),
  lon: z.number(),
  /** The IANA zone of the place: its catalogue city's, or the nearest catalogue city's. */
  timezone: z.string(),
});
export type Place = z.infer<typeof PlaceOutput>;

export const PlaceSearchOutput = z.object({
  /** Who answered: the configured geocoding service (GEOCODER_URL), or the local gazetteer (the catalogue and the venues activities use). */
  source: z.enum(['geocoder', 'gazetteer']),
  items: z.array(PlaceOutput),
});
export type PlaceSearch = z.infer<typeof PlaceSearchOutput>;
