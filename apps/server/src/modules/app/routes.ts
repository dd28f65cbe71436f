import { APP_VERSION, EmptyInput } from '@polaris/contract';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import type { DatabaseHandle } from '../../db/client.ts';
import type { RegionGate } from '../../platform/region.ts';
import type { Router } from '../../platform/router.ts';

const HealthOutput = z.object({ ok: z.boolean(), database: z.enum(['pglite', 'postgres']), version: z.string() });
const AppConfigOutput = z.object({
  regionBlocked: z.boolean(),
  country: z.string().nullable(),
  version: z.string(),
  publicUrl: z.string(),
  /** Map tile URL template ({z}/{x}/{y}); the CSP allows images from its origin and no other outside host. */
  mapTileUrl: z.string(),
});

export function appRoutes(
  router: Router,
  deps: { database: DatabaseHandle; config: Config; region: RegionGate },
): void {
  // One frozen answer per country, so the router whitelists each only once; the set of countries is bounded.
  const answers = new Map<string, z.input<typeof AppConfigOutput>>();
  const answerFor = (country: string | null) => {
    const known = answers.get(country ?? '');
    if (known) return known;
    const answer = Object.freeze({
      regionBlocked: country !== null && deps.config.blockedCountries.includes(country),
      country,
      version: APP_VERSION,
      publicUrl: deps.config.publicUrl,
      mapTileUrl: deps.config.mapTileUrl,
    });
    if (answers.size < 300) answers.set(country ?? '', answer);
    return answer;
  };

  router.route({
    method: 'GET',
    path: '/health',
    summary: 'Liveness and database reachability',
    tags: ['app'],
    auth: 'public',
    input: EmptyInput,
    output: HealthOutput,
    handler: async () => {
      await deps.database.db.execute(sql`select 1`);
      return { ok: true, database: deps.database.kind, version: APP_VERSION };
    },
  });

  router.route({
    method: 'GET',
    path: '/app/config',
    summary: 'What the client needs at start: region block, version, public URL',
    tags: ['app'],
    auth: 'public',
    // No database, no user, a few header reads: nothing a limiter would protect.
    rateLimit: false,
    input: EmptyInput,
    output: AppConfigOutput,
    handler: async ({ request }) => {
      // The country comes from a header set by a trusted proxy (TRUST_PROXY), never from the client itself.
      return answerFor(deps.region.countryOf(request));
    },
  });
}
