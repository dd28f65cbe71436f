import { EmptyInput } from '@polaris/contract';
import { appSchemas } from '@polaris/contract/schemas';
import type { RegionGate } from '../../platform/region.ts';
import type { Router } from '../../platform/router.ts';
import type { ClientService } from './client.service.ts';
import type { AppService } from './service.ts';

const tags = ['app'];

export function appRoutes(router: Router, deps: { app: AppService; client: ClientService; region: RegionGate }): void {
  router.route({
    ...appSchemas.health,
    summary: 'Liveness and database reachability',
    tags,
    auth: 'public',
    handler: () => deps.app.health(),
  });

  // For the load balancer's health check (deploy/haproxy.cfg), which reads only the HTTP status: a file route, so
  // "not ready" can be a 503 (an envelope answers 200 with its own status). Polled every second by every balancer,
  // so no rate limit; one `select 1` a call.
  router.raw({
    method: 'GET',
    path: '/ready',
    summary: 'Readiness: HTTP 200 when this node can serve (database answers, migrated, not draining), 503 otherwise',
    tags,
    auth: 'public',
    rateLimit: false,
    input: EmptyInput,
    params: {},
    produces: 'application/json',
    handler: async ({ reply }) => {
      const answer = await deps.app.ready();
      reply.code(answer.ready ? 200 : 503);
      return { type: 'application/json; charset=utf-8', body: answer, headers: { 'cache-control': 'no-store' } };
    },
  });

  router.route({
    ...appSchemas.config,
    summary: 'What the client needs at start: region block, version, public URL',
    tags,
    auth: 'public',
    // No database, no user, a few header reads: nothing a limiter would protect.
    rateLimit: false,
    // The country comes from a header set by a trusted proxy (TRUST_PROXY), never from the client itself.
    handler: async ({ request }) => deps.app.startConfig(deps.region.countryOf(request)),
  });

  router.route({
    ...appSchemas.clientLastest,
    summary: "The app's latest release for a platform (from CLIENT_RELEASE_FILE): version, notes, update links",
    tags,
    auth: 'public',
    handler: ({ input }) => deps.client.latest(input.deviceType),
  });

  router.route({
    ...appSchemas.clientDevice,
    summary: 'A client reports its install: device id, platform, app version, system (kept, one row per device)',
    tags,
    auth: 'optional',
    handler: ({ input, user }) => deps.client.reportDevice(input, user?.id ?? null),
  });
}
