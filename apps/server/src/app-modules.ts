import { CHAT_LIMITS } from '@polaris/contract';
import { privateKeyToAccount } from 'viem/accounts';
import type { AppOptions } from './app.ts';
import { activityServices } from './app-activity-services.ts';
import { edgeServices } from './app-edge-services.ts';
import type { Platform } from './app-platform.ts';
import { ImageService } from './modules/activity/images.service.ts';
import { activityPurposeSources } from './modules/activity/purposes.ts';
import { airdropPurposeSources } from './modules/airdrop/purposes.ts';
import { AuthService } from './modules/auth/service.ts';
import { bountyPurposeSources } from './modules/bounty/purposes.ts';
import { BountyService } from './modules/bounty/service.ts';
import { CalendarService } from './modules/calendar/service.ts';
import { ChainService } from './modules/chain/service.ts';
import { LiveChatService } from './modules/chat/live.service.ts';
import { ChatService } from './modules/chat/service.ts';
import { InviteService } from './modules/invite/service.ts';
import { EmbeddedMedia } from './modules/live/embedded-media.ts';
import { JanusMedia } from './modules/live/janus-media.ts';
import type { RoomRole } from './modules/live/policy.ts';
import { LiveService } from './modules/live/service.ts';
import { MarketService, marketDataFrom } from './modules/market/service.ts';
import type { NoticeEvent, Notifier } from './modules/notifications/events.ts';
import { NoticeOutbox } from './modules/notifications/outbox.ts';
import { NotificationService } from './modules/notifications/service.ts';
import { providerClients } from './modules/oidc/providers.ts';
import { OidcService } from './modules/oidc/service.ts';
import { createPush } from './modules/push/module.ts';
import { ClaimAutomationGuard } from './modules/redpacket/automation.ts';
import { packetPurposeSources } from './modules/redpacket/purposes.ts';
import { RedPacketService } from './modules/redpacket/service.ts';
import { AntiPhishingService } from './modules/security/anti-phishing.service.ts';
import { SecurityHoldService } from './modules/security/holds.service.ts';
import { TradePasswordService } from './modules/security/service.ts';
import { TotpService } from './modules/security/totp.service.ts';
import { UserService } from './modules/user/service.ts';
import { VipService } from './modules/vip/service.ts';
import { AddressBookService } from './modules/wallet/address-book.service.ts';
import { AddressDeriver } from './modules/wallet/addresses.ts';
import { LocalChainAdapter } from './modules/wallet/chain.ts';
import { CustodyService } from './modules/wallet/custody.service.ts';
import { DepositService } from './modules/wallet/deposits.service.ts';
import { ledger } from './modules/wallet/ledger.ts';
import { walletMnemonic } from './modules/wallet/mnemonic.ts';
import { WalletNotices } from './modules/wallet/notices.service.ts';
import { PaymentMethodService } from './modules/wallet/payments.service.ts';
import { RecordService } from './modules/wallet/records.service.ts';
import { WithdrawalReviewService } from './modules/wallet/review.service.ts';
import { WalletService } from './modules/wallet/service.ts';
import { TransferService } from './modules/wallet/transfers.service.ts';
import { MemoryWindowCounter, RedisWindowCounter, type WindowCounter } from './platform/realtime.ts';

/** The module services the routes and workers use: `buildServices`' answer. */
export type ModuleServices = Awaited<ReturnType<typeof buildServices>>;

/**
 * Every module's services, built in the order their dependencies need (the composition root, docs/modules.md).
 * Services built before the notifications service (it needs chat, built later) tell it through `notifier`.
 */
export async function buildServices(platform: Platform, options: AppOptions) {
  const outbox = new NoticeOutbox({
    ...{ db: platform.db, now: platform.now, log: platform.log },
    ...{ leaseMs: platform.config.noticeOutbox.leaseMs, failpoint: platform.config.noticeOutbox.failpoint },
  });
  // What the money of each module's references moved for, kept with every entry the ledger writes (wallet/ports.ts).
  ledger.describeWith({
    ...activityPurposeSources,
    ...bountyPurposeSources,
    ...packetPurposeSources,
    ...airdropPurposeSources,
  });
  const late = laterNotifier(outbox);
  const notifier = late.notifier;
  const accounts = await accountServices(platform, notifier);
  // Identity is built with the edge modules, last; the daily withdrawal limit asks its verified level once it is.
  let kyc: { verifiedLevel(userId: number): Promise<number> } | undefined;
  const money = await walletServices(platform, accounts, notifier, async (userId) =>
    kyc ? kyc.verifiedLevel(userId) : 0,
  );
  const activities = activityServices(platform, accounts, money, notifier);
  const community = await communityServices(platform, options, { ...accounts, ...money, ...activities }, notifier);
  late.connect(community.notifications);
  // What each module announces after its changes commit (docs/notifications.md, "The outbox").
  outbox.handle({ 'notices.events': (events: NoticeEvent[]) => community.notifications.deliver(events) });
  outbox.handle(activities.activity.notices.topics);
  outbox.handle(activities.activity.series.topics);
  outbox.handle(activities.activity.passUpdates.topics);
  outbox.handle(new WalletNotices({ db: platform.db, notifier }).topics);
  outbox.handle(community.chat.notices.topics);
  outbox.handle(community.chat.reactionNotices.topics);
  outbox.handle(community.redPackets.notices.topics);
  const edges = edgeServices(platform, options, { ...accounts, ...money, ...activities, ...community });
  kyc = edges.kyc;
  return { ...accounts, ...money, ...activities, ...community, ...edges, outbox };
}

/** A notifier that hands every call to the one connected later. */
function laterNotifier(outbox: NoticeOutbox): {
  notifier: Notifier;
  connect(target: Omit<Notifier, 'later' | 'notifyIn'>): void;
} {
  let target: Omit<Notifier, 'later' | 'notifyIn'> | undefined;
  const connected = () => {
    if (!target) throw new Error('the notifications service is not built yet');
    return target;
  };
  return {
    notifier: {
      later: (tx, topic, payload, timing) => outbox.add(tx, topic, payload, timing),
      notifyIn: (tx, events) => outbox.add(tx, 'notices.events', events),
      notify: (events) => connected().notify(events),
      deliver: (events) => connected().deliver(events),
      recordIn: (tx, events) => connected().recordIn(tx, events),
      changed: (userIds, topic, ref) => connected().changed(userIds, topic, ref),
    },
    connect: (built) => {
      target = built;
    },
  };
}

/** Signing in, the security centre's second factors and trade password, membership, profiles and their images. */
async function accountServices(platform: Platform, notifier: Notifier) {
  const { config, db, now, log, attempts, links, box } = platform;
  const invites = new InviteService({ db, now, links });
  // Holds on money leaving an account after a security change, and the owner's freeze (docs/security-centre.md).
  const holds: SecurityHoldService = new SecurityHoldService({
    db,
    now,
    auth: {
      verifyPassword: (email, password, ip) => auth.verifyPassword(email, password, ip),
      revokeAllIn: (tx, userId) => auth.revokeAllIn(tx, userId),
      accountSessionsEnded: (userId) => auth.accountSessionsEnded(userId),
    },
  });
  const auth: AuthService = new AuthService({
    db,
    attempts,
    mailer: platform.mailer,
    sessionTtlMs: config.sessionTtlMs,
    now,
    invites,
    sessionEvents: platform.sessionEvents,
    notifier,
    log,
    holds,
  });
  const totp = new TotpService({ db, attempts, box, now, notifier, holds });
  const trade = new TradePasswordService({ db, auth, now });
  const antiPhishing = new AntiPhishingService({ db, auth, now });
  // Every mail carries its recipient's anti-phishing code from here on (platform/mail-stamp.ts).
  platform.mailer.stampWith((email) => antiPhishing.codeForEmail(email));
  const oidc = new OidcService({
    db,
    auth,
    providers: providerClients(config.oidc, now),
    publicUrl: config.publicUrl,
    now,
    log,
  });
  const vip = new VipService({ db, now, trade, notifier });
  const images = new ImageService({ db, now, links, dataDir: config.dataDir });
  const users = new UserService(db, vip, images);
  return { invites, auth, holds, totp, trade, antiPhishing, oidc, vip, images, users };
}

/** Quotes, the wallet and its flows: deposits, transfers, records, payment methods. */
async function walletServices(
  platform: Platform,
  { trade, users, invites, vip }: Awaited<ReturnType<typeof accountServices>>,
  notifier: Notifier,
  kycLevelOf: (userId: number) => Promise<number>,
) {
  const { config, db, now, log, attempts } = platform;
  const market = new MarketService(marketDataFrom(config, { now, log }));
  const wallet = new WalletService({ db, market });
  const chain = new LocalChainAdapter({
    delayMs: config.localChainDelayMs,
    failRate: config.localChainFailRate,
    blockMs: config.localChainBlockMs,
  });
  // Chains with a node (CHAIN_RPC_<CHAIN>) are the chain module's; the local simulator answers for the rest.
  const custody = new CustodyService({ db, now, invites, notifier });
  // With only the EVM chains' public keys (WALLET_EVM_XPUBS, no WALLET_MNEMONIC) this process can hand out
  // addresses but derive no key (docs/wallet.md, "Keys").
  const publicOnly = Boolean(config.walletEvmXpubs && !config.walletMnemonic);
  const deriver = publicOnly
    ? new AddressDeriver({ evmXpubs: config.walletEvmXpubs! })
    : new AddressDeriver(await walletMnemonic(config, log));
  const chains = await ChainService.start({
    db,
    config: config.chains,
    catalog: await wallet.catalog(),
    custody,
    // Sweeping signs from deposit addresses: only where the seed is, and only with the key of the address asked for.
    depositKeys: publicOnly
      ? undefined
      : (address, path) => {
          const account = privateKeyToAccount(deriver.evmKey(path));
          return account.address.toLowerCase() === address.toLowerCase() ? account : undefined;
        },
    // Tickers come largest market cap first: where two coins share a symbol, the first is meant (kept last here).
    usdPrices: async () =>
      new Map((await market.tickers(undefined)).items.map((t) => [t.symbol, t.priceUsd] as const).reverse()),
    now,
    log,
  });
  const deposits = new DepositService({
    db,
    now,
    deriver,
    chain,
    users,
    invites,
    notifier,
    realChains: chains.chainIds,
  });
  const addressBook = new AddressBookService({ db, now, mailer: platform.mailer, publicUrl: config.publicUrl });
  const transfers = new TransferService({
    db,
    now,
    chain,
    realChains: chains.chainIds,
    trade,
    accounts: users,
    attempts,
    perksOf: (userId) => vip.perksOf(userId),
    notifier,
    addressBook,
    reviewAboveCents: BigInt(config.withdrawalReviewAboveUsd) * 100n,
    limits: {
      levelOf: kycLevelOf,
      usdPrice: async (asset) => {
        const tickers = await market.tickers(undefined);
        // Largest market cap first: where two coins share a symbol, the first is meant.
        const priceUsd = tickers.items.find((ticker) => ticker.symbol === asset)?.priceUsd ?? null;
        return { priceUsd, source: tickers.source };
      },
    },
  });
  const reviews = new WithdrawalReviewService({ db, now, notifier });
  const records = new RecordService({ db });
  const payments = new PaymentMethodService({ db, trade, now });
  return {
    ...{ market, wallet, deposits, transfers, records, payments, addressBook, reviews, custody, chains },
    catalog: () => wallet.catalog(),
  };
}

/** Chat and live video, notifications and push, bounties, red packets and the calendar. */
async function communityServices(
  platform: Platform,
  options: AppOptions,
  built: Awaited<ReturnType<typeof accountServices>> &
    Awaited<ReturnType<typeof walletServices>> &
    ReturnType<typeof activityServices>,
  notifier: Notifier,
) {
  const { config, db, now, log, bus, redis, busScope, links, attempts } = platform;
  const { images, discovery, catalog, trade, vip } = built;
  const counter: WindowCounter = redis ? new RedisWindowCounter(redis) : new MemoryWindowCounter();
  const chat: ChatService = new ChatService({
    db,
    now,
    bus,
    counter,
    sendsPerWindow: CHAT_LIMITS.sendsPerWindow * config.rateLimitMultiplier,
    scope: busScope,
    imageOwnedBy: (id, userId) => images.ownedBy(id, userId),
    stagesOnAir: (roomIds) => live.onAirByRoom(roomIds),
    activityCodes: (ids) => discovery.codesById(ids),
    activityIdOf: (code) => discovery.idByCode(code),
    notifier,
  });
  const chatLive = new LiveChatService({ bus: platform.metrics.timedBus(bus), chat });
  const push = await createPush({ db, now, config, sessionEvents: platform.sessionEvents, log });
  const notifications = new NotificationService({
    db,
    now,
    log,
    bus,
    scope: busScope,
    links,
    push: options.pushSender ?? push.sender,
    serverKey: platform.serverKey,
    mailQueue: platform.mailQueue,
    emailsOf: (tx, userIds) => built.users.emailsOf(userIds, tx),
    chat: {
      unreadMessages: (userId) => chat.unreadMessages(userId),
      assertMember: async (userId, roomId) => {
        await chat.membership(userId, roomId);
      },
    },
  });
  platform.metrics.watchBacklog('notice', () => notifications.backlog());
  built.activityEvents.on((event) => chat.activityRooms.follow(event));
  const bounties = new BountyService({
    db,
    now,
    catalog,
    links,
    trade,
    chat,
    activityIdOf: (code) => discovery.idByCode(code),
    imageOwnedBy: (id, userId) => images.ownedBy(id, userId),
    log,
    notifier,
  });
  const calendar = new CalendarService({ db, now, links });
  const { live, media, stopLiveOnSessionEnd } = await liveServices(platform, chat, images);
  const redPackets = new RedPacketService({
    db,
    now,
    catalog,
    links,
    trade,
    attempts,
    activityIdOf: (code) => discovery.idByCode(code),
    perksOf: (userId) => vip.perksOf(userId),
    rooms: chat.visibility,
    automation: new ClaimAutomationGuard({
      attempts,
      captcha: platform.captcha,
      perMinute: config.captcha.redPacketsPerMinute,
    }),
    log,
    notifier,
    chat: {
      notifyMembers: (roomId, notice, except) => chat.notifyMembers(roomId, notice, except),
      roomChanged: (roomId, topic, ref) => chat.roomChanged(roomId, topic, ref),
      assertCanPost: (userId, roomId) => chat.messages.assertCanPost(userId, roomId),
      // The packet's code is the message's client id: posting it twice stores it once.
      post: (user, roomId, greeting, code) =>
        chat.messages.send(
          user,
          { roomId, text: greeting, clientId: `redpacket:${code}` },
          { kind: 'redpacket', ref: code },
        ),
    },
  });
  return { chat, chatLive, push, notifications, bounties, calendar, live, media, stopLiveOnSessionEnd, redPackets };
}

/** Live video on chat rooms' stages: the media server, and the media a session opened closed when it ends. */
async function liveServices(platform: Platform, chat: ChatService, images: ImageService) {
  const { config, db, now } = platform;
  const media = config.janusUrl
    ? new JanusMedia({ url: config.janusUrl, apiSecret: config.janusApiSecret, iceServers: config.iceServers })
    : new EmbeddedMedia({ iceServers: config.iceServers, hostAddresses: config.liveHostAddresses });
  const live: LiveService = new LiveService({
    db,
    now,
    media,
    bus: platform.bus,
    scope: platform.busScope,
    images,
    rooms: chat.visibility,
    roomRole: (roomId, userId) =>
      chat.membership(userId, roomId).then(
        ({ member }): RoomRole => member.role,
        () => null,
      ),
    onAir: (stage) => chat.notices.liveStarted(stage),
  });
  // A session that ends closes the media it opened on this process (live signalling and publishing).
  const stopLiveOnSessionEnd = await platform.sessionEvents.subscribe((event) => void live.sessionsEnded(event));
  return { live, media, stopLiveOnSessionEnd };
}
