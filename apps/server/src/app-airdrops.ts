import { airdropOperatorRoutes, airdropRoutes } from './modules/airdrop/routes.ts';
import type { AirdropService } from './modules/airdrop/service.ts';
import { listingOperatorRoutes, listingRoutes } from './modules/listing/routes.ts';
import type { ListingService } from './modules/listing/service.ts';
import { operatorGuard } from './platform/operator-guard.ts';
import type { Router } from './platform/router.ts';

/**
 * Airdrops and token listing applications (the wallet's "airdrop" and "shelves-coin") routed, their operators'
 * routes too where those are on: part of the composition root beside app.ts, the one place that may join two
 * modules' routes. Their services are built with the others (app-edge-services.ts).
 */
export function registerAirdrops(
  router: Router,
  deps: {
    airdrops: AirdropService;
    listings: ListingService;
    /** Operator routes are registered only where the wallet's are (config.operatorRoutes). */
    adminToken: string | null;
  },
) {
  const { airdrops, listings } = deps;
  airdropRoutes(router, airdrops);
  listingRoutes(router, listings);
  if (deps.adminToken) {
    const guard = operatorGuard(deps.adminToken);
    airdropOperatorRoutes(router, airdrops, guard);
    listingOperatorRoutes(router, listings, guard);
  }
}
