import type { Database } from './db/client.ts';
import type { ImageService } from './modules/activity/images.service.ts';
import { airdropOperatorRoutes, airdropRoutes } from './modules/airdrop/routes.ts';
import { AirdropService } from './modules/airdrop/service.ts';
import { listingOperatorRoutes, listingRoutes } from './modules/listing/routes.ts';
import { ListingService } from './modules/listing/service.ts';
import type { UserService } from './modules/user/service.ts';
import type { VipService } from './modules/vip/service.ts';
import type { WalletService } from './modules/wallet/service.ts';
import { operatorGuard } from './platform/operator-guard.ts';
import type { Router } from './platform/router.ts';

/**
 * Airdrops and token listing applications (the wallet's "airdrop" and "shelves-coin"), wired and routed: part of
 * the composition root beside app.ts, the one place that may join two modules' routes.
 */
export function registerAirdrops(
  router: Router,
  deps: {
    db: Database;
    now: () => Date;
    vip: VipService;
    wallet: WalletService;
    users: UserService;
    images: ImageService;
    activityIdOf: (code: string) => Promise<number | undefined>;
    /** Operator routes are registered only where the wallet's are (config.operatorRoutes). */
    adminToken: string | null;
  },
) {
  const { db, now, wallet } = deps;
  const airdrops = new AirdropService({
    db,
    now,
    vipOf: (userId) => deps.vip.current(userId),
    availableOf: (userId, asset) => wallet.available(userId, asset),
    activityIdOf: deps.activityIdOf,
    userIdByEmail: async (email) => (await deps.users.requireByEmail(email)).id,
    decimalsOf: async (asset) => (await wallet.catalog()).assets.get(asset)?.decimals,
  });
  const listings = new ListingService({ db, now, wallet, images: deps.images });
  airdropRoutes(router, airdrops);
  listingRoutes(router, listings);
  if (deps.adminToken) {
    const guard = operatorGuard(deps.adminToken);
    airdropOperatorRoutes(router, airdrops, guard);
    listingOperatorRoutes(router, listings, guard);
  }
  return { airdrops, listings };
}
