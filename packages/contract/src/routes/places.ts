import { route } from '../api-route.ts';
import type { PlaceSearchInput, PlaceSearchOutput } from '../places.ts';

/** The places module's calls (apps/server/src/modules/places): paths and types only; schemas in places.schemas.ts. */
export const placesApi = {
  search: route<typeof PlaceSearchInput, typeof PlaceSearchOutput>('GET', '/places/search'),
};
