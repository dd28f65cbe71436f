import type { Language, Place } from '@polaris/contract';
import { type City, cityName, matchCity, nearestCity, searchCities } from '../../platform/places/cities.ts';
import type { Geocoder } from './geocoder.ts';

export interface Venue {
  address: string;
  city: string | null;
  latitude: number;
  longitude: number;
  timezone: string;
}

function cityPlace(city: City, language: Language): Place {
  return {
    kind: 'city',
    name: city.names[language],
    label: city.names[language],
    city: city.id,
    cityNames: city.names,
    address: '',
    country: city.country,
    lat: city.lat,
    lon: city.lon,
    timezone: city.timezone,
  };
}

/**
 * The local gazetteer, the default geocoder: no network, labelled as such in the picker. It knows the catalogue's
 * cities (by any of their names) and the venues public activities are held at (their address, position and zone,
 * which covers the demo seed's venues).
 */
export class Gazetteer implements Geocoder {
  readonly source = 'gazetteer' as const;

  constructor(private readonly venues: (query: string, limit: number) => Promise<Venue[]>) {}

  async search(query: string, language: Language, limit: number): Promise<Place[]> {
    const cities = searchCities(query, limit).map((city) => cityPlace(city, language));
    const venues = (await this.venues(query, limit)).map((venue): Place => {
      const city = venue.city === null ? undefined : matchCity(venue.city);
      const near = city ?? nearestCity({ lat: venue.latitude, lon: venue.longitude }).city;
      const cityText = venue.city === null ? null : cityName(venue.city, language);
      return {
        kind: 'venue',
        name: venue.address,
        label: [venue.address, cityText].filter(Boolean).join(', '),
        city: city?.id ?? venue.city,
        cityNames: city?.names ?? null,
        address: venue.address,
        country: near.country,
        lat: venue.latitude,
        lon: venue.longitude,
        timezone: venue.timezone,
      };
    });
    return [...cities, ...venues].slice(0, limit);
  }
}
