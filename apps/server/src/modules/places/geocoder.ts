import type { Language, Place } from '@polaris/contract';

/**
 * The geocoding adapter behind the location picker: a text query in, places out, in the reader's language.
 * `NominatimGeocoder` (nominatim.ts) asks a Nominatim-compatible HTTP API (GEOCODER_URL); `Gazetteer`
 * (gazetteer.ts), the default, answers from the city catalogue and the venues activities are held at.
 */
export interface Geocoder {
  readonly source: 'geocoder' | 'gazetteer';
  search(query: string, language: Language, limit: number): Promise<Place[]>;
}

/** The geocoding service could not answer (down, slow, or an answer we cannot read). */
export class GeocoderUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'GeocoderUnavailableError';
  }
}
