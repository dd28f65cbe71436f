import { withSchemas } from '../api-route.ts';
import { PlaceSearchInput, PlaceSearchOutput } from '../places.ts';
import { placesApi as api } from './places.ts';

/** The places module's calls with their schemas: what the server registers and development builds parse with. */
export const placesSchemas = {
  search: withSchemas(api.search, PlaceSearchInput, PlaceSearchOutput),
};
