import { placesSchemas } from '@polaris/contract/schemas';
import type { Router } from '../../platform/router.ts';
import type { PlacesService } from './service.ts';

const tags = ['places'];

/** The location picker's address search (docs/api.md "Places"). Public, rate-limited like every public route. */
export function placesRoutes(router: Router, places: PlacesService): void {
  router.route({
    ...placesSchemas.search,
    summary: 'Cities, venues and addresses matching a query (GEOCODER_URL, or the local gazetteer)',
    tags,
    auth: 'public',
    handler: ({ input, language }) => places.search(input.q, language),
  });
}
