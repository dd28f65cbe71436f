import type { Language, PlaceSearch } from '@polaris/contract';
import { Gazetteer, type Venue } from './gazetteer.ts';
import type { Geocoder } from './geocoder.ts';
import { NominatimGeocoder } from './nominatim.ts';

/** How many places one search answers. */
const PLACE_RESULTS = 8;

export interface PlacesDeps {
  /** The venues public activities are held at whose address contains a query (the activity module's). */
  venues: (query: string, limit: number) => Promise<Venue[]>;
  geocoderUrl: string | undefined;
  geocoderTimeoutMs: number;
  log?: { warn(object: object, message: string): void };
}

/**
 * Address search for the location picker: the Nominatim-compatible API at GEOCODER_URL when it is set, else the
 * local gazetteer. When the API cannot answer, the gazetteer does, and the answer says so (`source`), so the
 * picker keeps working and labels what it shows.
 */
export class PlacesService {
  private readonly gazetteer: Gazetteer;
  private readonly geocoder: Geocoder | null;

  constructor(private readonly deps: PlacesDeps) {
    this.gazetteer = new Gazetteer(deps.venues);
    this.geocoder = deps.geocoderUrl
      ? new NominatimGeocoder({ baseUrl: deps.geocoderUrl, timeoutMs: deps.geocoderTimeoutMs })
      : null;
  }

  async search(query: string, language: Language): Promise<PlaceSearch> {
    if (this.geocoder) {
      try {
        return { source: 'geocoder', items: await this.geocoder.search(query, language, PLACE_RESULTS) };
      } catch (error) {
        this.deps.log?.warn({ err: error }, 'geocoder unavailable; answering from the local gazetteer');
      }
    }
    return { source: 'gazetteer', items: await this.gazetteer.search(query, language, PLACE_RESULTS) };
  }
}
