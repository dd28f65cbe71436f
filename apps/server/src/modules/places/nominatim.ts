import type { Language, Place } from '@polaris/contract';
import { z } from 'zod';
import { matchCity, nearestCity } from '../../platform/places/cities.ts';
import { type Geocoder, GeocoderUnavailableError } from './geocoder.ts';

/** How far a result may be from a catalogue city and still take its time zone and id (km). */
const NEAR_KM = 80;
const ACCEPT_LANGUAGE: Record<Language, string> = { en: 'en', 'zh-Hant': 'zh-TW,zh', 'zh-Hans': 'zh-CN,zh' };

/** The fields we read of Nominatim's `/search?format=jsonv2&addressdetails=1`. */
const SearchResponse = z.array(
  z.object({
    lat: z.coerce.number().finite(),
    lon: z.coerce.number().finite(),
    name: z.string().nullish(),
    display_name: z.string(),
    category: z.string().nullish(),
    type: z.string().nullish(),
    addresstype: z.string().nullish(),
    address: z.record(z.string(), z.string()).nullish(),
  }),
);

const CITY_TYPES = new Set(['city', 'town', 'municipality', 'village', 'state', 'province']);

export interface NominatimOptions {
  baseUrl: string;
  timeoutMs: number;
  /** Nominatim's usage policy asks every client to say who it is. */
  userAgent?: string;
}

/**
 * A Nominatim-compatible geocoding API (nominatim.org, a self-hosted Nominatim, or a service speaking its
 * protocol): GET {baseUrl}/search?q=&format=jsonv2&addressdetails=1&limit=&accept-language=. A result's city is
 * matched to the catalogue (by the city the address names, else the catalogue city within 80 km), which gives it an
 * id and a time zone; far from any catalogue city the nearest one's zone is used.
 */
export class NominatimGeocoder implements Geocoder {
  readonly source = 'geocoder' as const;

  constructor(private readonly options: NominatimOptions) {}

  async search(query: string, language: Language, limit: number): Promise<Place[]> {
    const url = new URL(`${this.options.baseUrl.replace(/\/+$/, '')}/search`);
    url.searchParams.set('q', query);
    url.searchParams.set('format', 'jsonv2');
    url.searchParams.set('addressdetails', '1');
    url.searchParams.set('limit', String(limit));
    url.searchParams.set('accept-language', ACCEPT_LANGUAGE[language]);
    let body: unknown;
    try {
      const response = await fetch(url, {
        headers: { accept: 'application/json', 'user-agent': this.options.userAgent ?? 'Polaris (activities app)' },
        signal: AbortSignal.timeout(this.options.timeoutMs),
      });
      if (!response.ok) throw new GeocoderUnavailableError(`geocoder answered ${response.status}`);
      body = await response.json();
    } catch (error) {
      if (error instanceof GeocoderUnavailableError) throw error;
      throw new GeocoderUnavailableError(`geocoder request failed: ${String(error)}`);
    }
    const parsed = SearchResponse.safeParse(body);
    if (!parsed.success) throw new GeocoderUnavailableError('geocoder answer unreadable');
    return parsed.data.slice(0, limit).map((item) => {
      const address = item.address ?? {};
      const cityText = address.city ?? address.town ?? address.municipality ?? null;
      const point = { lat: item.lat, lon: item.lon };
      const near = nearestCity(point);
      const isCity = CITY_TYPES.has(item.addresstype ?? item.type ?? '');
      const name = item.name?.trim() || item.display_name.split(',')[0]!.trim();
      // A town is its own city (the catalogue's when it is one); a venue is in the city its address names, else in
      // the catalogue city it is close to.
      const city = isCity
        ? matchCity(name)
        : ((cityText ? matchCity(cityText) : undefined) ?? (near.km <= NEAR_KM ? near.city : undefined));
      return {
        kind: isCity ? 'city' : item.category === 'place' || item.category === 'highway' ? 'address' : 'venue',
        name: isCity && city ? city.names[language] : name,
        label: item.display_name,
        city: city?.id ?? (isCity ? name : cityText),
        cityNames: city?.names ?? null,
        address: isCity ? '' : item.display_name.split(',').slice(0, 3).join(',').trim(),
        country: address.country_code?.toUpperCase() ?? city?.country ?? null,
        lat: item.lat,
        lon: item.lon,
        timezone: (city ?? near.city).timezone,
      } satisfies Place;
    });
  }
}
