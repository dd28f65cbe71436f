import { APP_VERSION, EmptyInput } from '@polaris/contract';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import type { DatabaseHandle } from '../../db/client.ts';
import type { Router } from '../../platform/router.ts';

const HealthOutput = z.object({ ok: z.boolean(), database: z.enum(['pglite', 'postgres']), version: z.string() });
const AppConfigOutput = z.object({
  regionBlocked: z.boolean(),
  country: z.string().nullable(),
  version: z.string(),
  publicUrl: z.string(),
});

export function appRoutes(router: Router, deps: { database: DatabaseHandle; config: Config }): void {
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
    input: EmptyInput,
    output: AppConfigOutput,
    handler: async ({ request }) => {
      // The country comes from a header set by the edge (CDN or proxy), never from the client body.
      const header = request.headers[deps.config.countryHeader];
      const country = typeof header === 'string' && header ? header.trim().toUpperCase() : null;
      return {
        regionBlocked: country !== null && deps.config.blockedCountries.includes(country),
        country,
        version: APP_VERSION,
        publicUrl: deps.config.publicUrl,
      };
    },
  });
}
