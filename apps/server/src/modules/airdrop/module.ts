import type { Database } from '../../db/client.ts';
import { operatorGuard } from '../../platform/operator-guard.ts';
import type { Router } from '../../platform/router.ts';
import type { ImageService } from '../activity/images.service.ts';
import { listingOperatorRoutes, listingRoutes } from '../listing/routes.ts';
import { ListingService } from '../listing/service.ts';
import type { UserService } from '../user/service.ts';
import type { VipService } from '../vip/service.ts';
import type { WalletService } from '../wallet/service.ts';
import { availableOf } from '../wallet/store.ts';
import { airdropOperatorRoutes, airdropRoutes } from './routes.ts';
import { AirdropService } from './service.ts';

/** Airdrops and token listing applications (the wallet's "airdrop" and "shelves-coin"), wired and routed. */
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
    availableOf: (userId, asset) => availableOf(db, userId, asset),
    activityIdOf: deps.activityIdOf,
    userIdByEmail: async (email) => (await deps.users.requireByEmail(email)).id,
    decimalsOf: async (asset) => (await wallet.catalog()).assets.get(asset)?.decimals,
  });
  const listings = new ListingService({ db, now, catalog: () => wallet.catalog(), images: deps.images });
  airdropRoutes(router, airdrops);
  listingRoutes(router, listings);
  if (deps.adminToken) {
    const guard = operatorGuard(deps.adminToken);
    airdropOperatorRoutes(router, airdrops, guard);
    listingOperatorRoutes(router, listings, guard);
  }
  return { airdrops, listings };
}
