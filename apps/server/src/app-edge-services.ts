import type { AppOptions } from './app.ts';
import type { Platform } from './app-platform.ts';
import type { DiscoveryService } from './modules/activity/discovery.service.ts';
import type { ImageService } from './modules/activity/images.service.ts';
import type { ActivityServices } from './modules/activity/routes.ts';
import { AirdropService } from './modules/airdrop/service.ts';
import { ClientService } from './modules/app/client.service.ts';
import { AppService } from './modules/app/service.ts';
import type { AuthService } from './modules/auth/service.ts';
import type { BountyService } from './modules/bounty/service.ts';
import type { ChainService } from './modules/chain/service.ts';
import { DaogameService, daogameDataFrom } from './modules/daogame/service.ts';
import { KycService } from './modules/identity/kyc.service.ts';
import { PhoneService } from './modules/identity/phone.service.ts';
import { ListingService } from './modules/listing/service.ts';
import type { CreatorEarningsService } from './modules/master/service.ts';
import type { NotificationService } from './modules/notifications/service.ts';
import { PeopleService } from './modules/people/service.ts';
import { PlacesService } from './modules/places/service.ts';
import type { PushService } from './modules/push/service.ts';
import type { RedPacketService } from './modules/redpacket/service.ts';
import { ReservesService } from './modules/reserves/service.ts';
import { AccountDeletionService } from './modules/security/deletion.service.ts';
import type { SecurityHoldService } from './modules/security/holds.service.ts';
import { ShareService } from './modules/share/service.ts';
import type { UserService } from './modules/user/service.ts';
import type { VipService } from './modules/vip/service.ts';
import type { PaymentMethodService } from './modules/wallet/payments.service.ts';
import type { WalletService } from './modules/wallet/service.ts';
import { Readiness } from './platform/readiness.ts';
import { createSmsSender } from './platform/sms.ts';

/** What the edge modules' services are built from: services `buildServices` built before them. */
interface Built {
  auth: AuthService;
  holds: SecurityHoldService;
  users: UserService;
  vip: VipService;
  images: ImageService;
  wallet: WalletService;
  payments: PaymentMethodService;
  chains: ChainService;
  earnings: CreatorEarningsService;
  discovery: DiscoveryService;
  bounties: BountyService;
  redPackets: RedPacketService;
  activity: ActivityServices;
  notifications: NotificationService;
  push: { push: PushService };
}

/**
 * The services of the modules nothing else is built on: phone and identity checks and account deletion, airdrops
 * and token listings, proof of reserves, people, places, the DAO game, short links, the app's own. Part of the
 * composition root: `buildServices` (app-modules.ts) builds them last, and the route files only receive them.
 */
export function edgeServices(platform: Platform, options: AppOptions, built: Built) {
  const { config, database, db, now, log, attempts, box } = platform;
  const { auth, users, vip, wallet, discovery } = built;
  const phones = new PhoneService({
    db,
    attempts,
    now,
    holds: built.holds,
    sms: createSmsSender({
      gatewayUrl: config.smsGatewayUrl,
      gatewayToken: config.smsGatewayToken,
      dataDir: config.dataDir,
      log,
    }),
  });
  const kyc = new KycService({
    db,
    now,
    box,
    dataDir: config.dataDir,
    hasPhone: (userId) => phones.hasPhone(userId),
    emailsOf: (userIds) => users.emailsOf(userIds),
  });
  const deletion = new AccountDeletionService({
    db,
    auth,
    now,
    holdings: {
      funds: (db, userId) => wallet.heldFundsOf(db, userId),
      earningsLeft: (db, userId) => built.earnings.earningsLeft(db, userId),
      places: (db, userId, now) => built.activity.seats.openPlacesOf(db, userId, now),
      redPackets: (db, userId) => built.redPackets.unsettledSentBy(db, userId),
      bounties: (db, userId) => built.bounties.unsettledCreatedBy(db, userId),
      airdrops: (db, userId) => airdrops.undistributedFundedBy(db, userId),
      lock: async (tx, userId) => {
        await auth.lockAccountRow(tx, userId);
        await wallet.lockBalancesOf(tx, userId);
      },
    },
    forget: [
      (tx, userId) => built.payments.forgetUser(tx, userId),
      (tx, userId) => built.notifications.forgetUser(tx, userId),
      (tx, userId) => built.push.push.forgetUser(tx, userId),
      (tx, userId) => phones.forgetUser(tx, userId),
      (tx, userId) => kyc.forgetUser(tx, userId),
    ],
    // The wipe revoked every session in its transaction: announce it first, so sockets and media close everywhere.
    afterWipe: async (userId) => {
      await auth.accountSessionsEnded(userId);
      await kyc.removeDocuments(userId);
    },
  });
  const airdrops = new AirdropService({
    db,
    now,
    vipOf: (userId) => vip.current(userId),
    availableOf: (userId, asset) => wallet.available(userId, asset),
    activityIdOf: (code) => discovery.idByCode(code),
    userIdByEmail: async (email) => (await users.requireByEmail(email)).id,
    decimalsOf: async (asset) => (await wallet.catalog()).assets.get(asset)?.decimals,
  });
  const listings = new ListingService({ db, now, wallet, images: built.images });
  // Proof of reserves reads the ledger through the wallet and custody through the chains (docs/proof-of-reserves.md).
  const reserves = new ReservesService({
    db,
    now,
    liabilities: (realChains) => wallet.liabilitiesSnapshot(realChains),
    chains: built.chains,
  });
  const readiness = options.readiness ?? new Readiness({ migrated: true });
  return {
    phones,
    kyc,
    deletion,
    airdrops,
    listings,
    reserves,
    appInfo: new AppService({ database, config, readiness }),
    client: new ClientService({ db, clientReleaseFile: config.clientReleaseFile, now, log }),
    people: new PeopleService({ db, now }),
    places: new PlacesService({
      venues: (q, limit) => discovery.venues(q, limit),
      geocoderUrl: config.geocoderUrl,
      geocoderTimeoutMs: config.geocoderTimeoutMs,
      log,
    }),
    daogame: new DaogameService({ data: daogameDataFrom(config, { now, log }), shellUrl: config.daogameShellUrl }),
    share: new ShareService({
      links: platform.links,
      activityExists: async (code) => (await discovery.idByCode(code)) !== undefined,
      activityForGuest: (code) => discovery.detail(code, null),
      bountyForGuest: (id) => built.bounties.detail(null, id),
    }),
  };
}
