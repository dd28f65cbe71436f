import { API_BASE } from '@polaris/contract';
import type { Platform } from './app-platform.ts';
import { AttendeeService } from './modules/activity/attendees.service.ts';
import { BlastService, blastBatching } from './modules/activity/blasts.service.ts';
import { CheckinService } from './modules/activity/checkin.service.ts';
import { NoShowDepositService } from './modules/activity/deposit.service.ts';
import { DiscoveryService } from './modules/activity/discovery.service.ts';
import { createDiscoveryCache, invalidateOnWrites } from './modules/activity/discovery-cache.ts';
import { DraftService } from './modules/activity/drafts.service.ts';
import { EditingService } from './modules/activity/editing.service.ts';
import { ActivityEvents } from './modules/activity/events.ts';
import type { ImageService } from './modules/activity/images.service.ts';
import { InvitationService } from './modules/activity/invitations.service.ts';
import { NftChainService } from './modules/activity/nft-chain.service.ts';
import { NftService } from './modules/activity/nfts.service.ts';
import { ActivityNoticeService } from './modules/activity/notify.service.ts';
import { PassKitService } from './modules/activity/passkit.service.ts';
import { PromoService } from './modules/activity/promo.service.ts';
import type { ActivityServices } from './modules/activity/routes.ts';
import { SeatService } from './modules/activity/seats.service.ts';
import { SeriesService } from './modules/activity/series/series.service.ts';
import { SettlementService } from './modules/activity/settlement.service.ts';
import { SignupService } from './modules/activity/signup.service.ts';
import { SplitService } from './modules/activity/split.service.ts';
import { WalletPassService } from './modules/activity/wallet-pass.service.ts';
import { applePassPusher, WalletPassUpdates } from './modules/activity/wallet-pass.updates.ts';
import type { ChainService } from './modules/chain/service.ts';
import type { InviteService } from './modules/invite/service.ts';
import { CreatorEarningsService } from './modules/master/service.ts';
import type { Notifier } from './modules/notifications/events.ts';
import type { TradePasswordService } from './modules/security/service.ts';
import type { UserService } from './modules/user/service.ts';
import type { Catalog } from './modules/wallet/service.ts';
import { mailboxOf } from './platform/mail.ts';

/** What the activity module is built with from the account and wallet modules (app-modules.ts builds them first). */
interface AccountPieces {
  trade: TradePasswordService;
  images: ImageService;
  invites: InviteService;
  users: UserService;
}
interface WalletPieces {
  catalog: () => Promise<Catalog>;
  chains: ChainService;
}

/** Activities (discovery and its cache, the topic services) and the creator earnings their settlement holds. */
export function activityServices(
  platform: Platform,
  { trade, images, invites, users }: AccountPieces,
  { catalog, chains }: WalletPieces,
  notifier: Notifier,
) {
  const { app, config, db, now, log, links, attempts, mailer } = platform;
  const activityEvents = new ActivityEvents(log);
  const activityNotices = new ActivityNoticeService({
    db,
    now,
    links,
    notifier,
    mailbox: mailboxOf(config.mailFrom),
    reminderLeads: config.noticeReminderLeads,
    emailsOf: (userIds) => users.emailsOf(userIds),
    log,
    events: activityEvents,
  });
  const earnings = new CreatorEarningsService({
    db,
    now,
    catalog,
    trade,
    released: (tx, earning) => activityNotices.later(tx, 'activity.payoutReleased', earning),
  });
  const discoveryCache = createDiscoveryCache({
    ttlMs: config.discoveryCacheMs,
    now,
    redis: platform.redis,
    scope: platform.busScope,
    log,
  });
  invalidateOnWrites(app, `${API_BASE}/activity/`, discoveryCache);
  const discovery = new DiscoveryService({ db, now, links, log, cache: discoveryCache });
  const seats = new SeatService({ db, now, events: activityEvents, notices: activityNotices });
  // Attendance NFTs on CHAIN_NFT's chain: the chain module signs the batches, this module keeps the tokens' state.
  const nftChain = new NftChainService({ db, now, links, chain: chains.nft });
  const editing = new EditingService({
    db,
    now,
    links,
    discovery,
    promote: (id) => seats.promoteAll(id),
    events: activityEvents,
    notices: activityNotices,
  });
  const walletPasses = new WalletPassService({ db, now, links, apple: config.applePass, google: config.googleWallet });
  const passUpdates = new WalletPassUpdates({ db, now, log, notifier, pusher: applePassPusher(config.applePass, log) });
  activityEvents.onRecorded(passUpdates.record);
  const promos = new PromoService({ db, now });
  const activity: ActivityServices = {
    discovery,
    editing,
    drafts: new DraftService({ db, now }),
    images,
    invitations: new InvitationService({ db, now, links, mailer, log, attempts }),
    signups: new SignupService({
      db,
      now,
      trade,
      seats,
      discovery,
      events: activityEvents,
      notices: activityNotices,
      promos,
    }),
    promos,
    seats,
    settlement: new SettlementService({
      db,
      now,
      links,
      seats,
      earnings,
      payoutHoldMs: config.payoutHoldMs,
      events: activityEvents,
      notices: activityNotices,
    }),
    checkins: new CheckinService({ db, now, links, invites, notices: activityNotices, nftChainId: nftChain.chainId }),
    nfts: new NftService({ db, links }),
    nftChain,
    attendees: new AttendeeService({ db, earnings, emailsOf: (userIds) => users.emailsOf(userIds) }),
    notices: activityNotices,
    // Blasts call the notifier only from their worker, after the notifications service is built.
    blasts: new BlastService({ db, now, log, notifier, ...blastBatching(platform.database) }),
    split: new SplitService({ db, now, catalog, earnings }),
    walletPasses,
    series: new SeriesService({ db, now, editing, discovery, promos, notifier, log, pollMs: config.seriesPollMs }),
    passKit: new PassKitService({ db, now, passes: walletPasses }),
    passUpdates,
    deposits: new NoShowDepositService({ db, now }),
  };
  return { activity, activityEvents, discovery, discoveryCache, earnings };
}
