import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import rateLimit from '@fastify/rate-limit';
import { API_BASE, CHAT_LIMITS } from '@polaris/contract';
import Fastify, { LogController } from 'fastify';
import { Redis } from 'ioredis';
import { registerAccountModules } from './app-accounts.ts';
import './app-services.ts';
import { registerAirdrops } from './app-airdrops.ts';
import { startBackgroundWorkers, watchBacklogs } from './app-workers.ts';
import type { Config } from './config.ts';
import type { DatabaseHandle } from './db/client.ts';
import { AttendeeService } from './modules/activity/attendees.service.ts';
import { BlastService } from './modules/activity/blasts.service.ts';
import { CheckinService } from './modules/activity/checkin.service.ts';
import { DiscoveryService } from './modules/activity/discovery.service.ts';
import { createDiscoveryCache, invalidateOnWrites } from './modules/activity/discovery-cache.ts';
import { DraftService } from './modules/activity/drafts.service.ts';
import { EditingService } from './modules/activity/editing.service.ts';
import { ActivityEvents } from './modules/activity/events.ts';
import { ImageService } from './modules/activity/images.service.ts';
import { InvitationService } from './modules/activity/invitations.service.ts';
import { NftService } from './modules/activity/nfts.service.ts';
import { ActivityNoticeService } from './modules/activity/notify.service.ts';
import { type ActivityServices, activityRoutes } from './modules/activity/routes.ts';
import { SeatService } from './modules/activity/seats.service.ts';
import { SettlementService } from './modules/activity/settlement.service.ts';
import { SignupService } from './modules/activity/signup.service.ts';
import { SplitService } from './modules/activity/split.service.ts';
import { ClientService } from './modules/app/client.service.ts';
import { appRoutes } from './modules/app/routes.ts';
import { AppService } from './modules/app/service.ts';
import { authRoutes } from './modules/auth/routes.ts';
import { AuthService } from './modules/auth/service.ts';
import { bountyRoutes } from './modules/bounty/routes.ts';
import { BountyService } from './modules/bounty/service.ts';
import { calendarRoutes } from './modules/calendar/routes.ts';
import { CalendarService } from './modules/calendar/service.ts';
import { captchaRoutes } from './modules/captcha/routes.ts';
import { LiveChatService } from './modules/chat/live.service.ts';
import { chatRoutes } from './modules/chat/routes.ts';
import { ChatService } from './modules/chat/service.ts';
import { chatSocketRoutes } from './modules/chat/ws.routes.ts';
import { daogameRoutes } from './modules/daogame/routes.ts';
import { DaogameService, daogameDataFrom } from './modules/daogame/service.ts';
import { InviteService } from './modules/invite/service.ts';
import { EmbeddedMedia } from './modules/live/embedded-media.ts';
import { JanusMedia } from './modules/live/janus-media.ts';
import type { RoomRole } from './modules/live/policy.ts';
import { liveRoutes } from './modules/live/routes.ts';
import { LiveService } from './modules/live/service.ts';
import { marketRoutes } from './modules/market/routes.ts';
import { MarketService, marketDataFrom } from './modules/market/service.ts';
import { masterRoutes } from './modules/master/routes.ts';
import { CreatorEarningsService } from './modules/master/service.ts';
import type { Notifier } from './modules/notifications/events.ts';
import type { PushSender } from './modules/notifications/push.port.ts';
import { acceptOneClickForms, notificationRoutes } from './modules/notifications/routes.ts';
import { NotificationService } from './modules/notifications/service.ts';
import { providerClients } from './modules/oidc/providers.ts';
import { OidcService } from './modules/oidc/service.ts';
import { peopleRoutes } from './modules/people/routes.ts';
import { PeopleService } from './modules/people/service.ts';
import { placesRoutes } from './modules/places/routes.ts';
import { PlacesService } from './modules/places/service.ts';
import { createPush } from './modules/push/module.ts';
import { ClaimAutomationGuard } from './modules/redpacket/automation.ts';
import { redPacketRoutes } from './modules/redpacket/routes.ts';
import { RedPacketService } from './modules/redpacket/service.ts';
import { TradePasswordService } from './modules/security/service.ts';
import { TotpService } from './modules/security/totp.service.ts';
import { shareRoutes } from './modules/share/routes.ts';
import { ShareService } from './modules/share/service.ts';
import { userRoutes } from './modules/user/routes.ts';
import { UserService } from './modules/user/service.ts';
import { vipRoutes } from './modules/vip/routes.ts';
import { VipService } from './modules/vip/service.ts';
import { AddressDeriver } from './modules/wallet/addresses.ts';
import { LocalChainAdapter } from './modules/wallet/chain.ts';
import { DepositService } from './modules/wallet/deposits.service.ts';
import { walletMnemonic } from './modules/wallet/mnemonic.ts';
import { operatorRoutes } from './modules/wallet/operator.routes.ts';
import { PaymentMethodService } from './modules/wallet/payments.service.ts';
import { RecordService } from './modules/wallet/records.service.ts';
import { walletRoutes } from './modules/wallet/routes.ts';
import { WalletService } from './modules/wallet/service.ts';
import { TransferService } from './modules/wallet/transfers.service.ts';
import { WEB_DIST_DIR } from './paths.ts';
import { registerApiDocuments } from './platform/api-documents.ts';
import { AttemptLimiter } from './platform/attempts.ts';
import { Captcha, captchaKey } from './platform/captcha.ts';
import { installCompression } from './platform/compression.ts';
import { runInContext } from './platform/context.ts';
import { installCors } from './platform/cors.ts';
import { installErrorHandling } from './platform/envelope-errors.ts';
import { installJsonBodies } from './platform/json-body.ts';
import { Links } from './platform/links.ts';
import { loggerOptions, logRequests, requestIdOptions } from './platform/logging.ts';
import { createMailer, type Mailer, mailboxOf } from './platform/mail.ts';
import { MailQueue } from './platform/mail-queue.ts';
import { instrumentRequests, Metrics, serveMetrics } from './platform/metrics.ts';
import { existingAdminToken } from './platform/operator-guard.ts';
import { Readiness } from './platform/readiness.ts';
import {
  MemoryBus,
  MemoryConnectionCounter,
  MemoryWindowCounter,
  type RealtimeBus,
  RedisBus,
  RedisConnectionCounter,
  RedisWindowCounter,
  type WindowCounter,
} from './platform/realtime.ts';
import { RegionGate, trustFunction } from './platform/region.ts';
import { Router } from './platform/router.ts';
import { SecretBox, secretBoxKey } from './platform/sealed.ts';
import { secondFactorCheck } from './platform/second-factor.ts';
import { installNoStore, installSecurityHeaders } from './platform/security-headers.ts';
import { sessionAuthenticator } from './platform/session.ts';
import { SessionEvents } from './platform/session-events.ts';
import { MemoryNonceStore, RedisNonceStore } from './platform/signed-requests.ts';
import { serveWebApp } from './platform/web-app.ts';

export interface AppOptions {
  config: Config;
  database: DatabaseHandle;
  mailer?: Mailer;
  now?: () => Date;
  logStream?: NodeJS.WritableStream;
  webDistDir?: string;
  /**
   * The operator routes' token: the server passes a fresh one it wrote at its start (main.ts); everyone else builds
   * with DATA_DIR's token as it is (`existingAdminToken`), so no in-process app ever changes a running server's.
   */
  adminToken?: string;
  /**
   * What `/ready` reports (platform/readiness.ts); main.ts passes its own to mark the drain. Every caller builds the
   * app on a migrated database, so the default is a migrated, non-draining node.
   */
  readiness?: Readiness;
  /** Where push notifications go; by default the push module's WebPushSender (Web Push, and native push with credentials). */
  pushSender?: PushSender;
}

export async function buildApp(options: AppOptions) {
  const { config, database } = options;
  const now = options.now ?? (() => new Date());
  const app = Fastify({
    logger: loggerOptions(config.logLevel, options.logStream),
    ...requestIdOptions,
    bodyLimit: 1_048_576,
    // The same rule decides whose X-Forwarded-For and whose country header we believe (platform/region.ts).
    trustProxy: config.trustProxy === false ? false : trustFunction(config.trustProxy),
    // One access line per request is written by logRequests (platform/logging.ts) instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
  });
  logRequests(app);
  const metrics = new Metrics(now);
  instrumentRequests(app, metrics, { count: serveMetrics(app, metrics, config.metrics) });
  metrics.watchDatabase(() => database.usage?.());
  const region = new RegionGate(config);
  const mailer =
    options.mailer ??
    createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir: config.dataDir, log: app.log });

  installErrorHandling(app);
  await installSecurityHeaders(app, config);
  await installCors(app, config.corsOrigins);
  await installCompression(app);

  const redis = config.redisUrl
    ? new Redis(config.redisUrl, { lazyConnect: false, maxRetriesPerRequest: 2 })
    : undefined;
  // Channels and counters carry the database's name, so deployments (or test runs) sharing one Redis never mix.
  const busScope = redis ? await ChatService.scopeOf(database.db) : 'local';
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { redis, nameSpace: `polaris-rl:${busScope}:` } : {}),
    errorResponseBuilder: (_request, context) => ({ statusCode: 429, code: 'RATE_LIMITED', after: context.after }),
  });

  await mkdir(config.dataDir, { recursive: true });
  const attempts = new AttemptLimiter({ db: database.db, now });
  const captcha = new Captcha({
    db: database.db,
    now,
    settings: { ...config.captcha, hmacKey: await captchaKey({ ...config.captcha, dataDir: config.dataDir }, app.log) },
  });
  const links = new Links(config.publicUrl, config.share.shortLinkHost);
  const invites = new InviteService({ db: database.db, now, links });
  const bus: RealtimeBus = redis ? new RedisBus(redis) : new MemoryBus();
  const sessionEvents = new SessionEvents({
    bus,
    scope: busScope,
    onError: (error) => app.log.error({ err: error }, 'could not announce ended sessions'),
  });
  // Services built before the notifications service (it needs chat, built later) tell it through this.
  const notifier: Notifier = {
    notify: (events) => notifications.notify(events),
    deliver: (events) => notifications.deliver(events),
    changed: (userIds, topic, ref) => notifications.changed(userIds, topic, ref),
  };
  const auth = new AuthService({
    db: database.db,
    attempts,
    mailer,
    sessionTtlMs: config.sessionTtlMs,
    now,
    invites,
    sessionEvents,
    notifier,
    log: app.log,
  });
  const serverKey = await secretBoxKey(config, app.log);
  const box = new SecretBox(serverKey);
  const totp = new TotpService({ db: database.db, attempts, box, now, notifier });
  const trade = new TradePasswordService({ db: database.db, auth, now });
  const oidc = new OidcService({
    db: database.db,
    auth,
    providers: providerClients(config.oidc, now),
    publicUrl: config.publicUrl,
    now,
    log: app.log,
  });
  const vip = new VipService({ db: database.db, now, trade, notifier });
  const images = new ImageService({ db: database.db, now, links, dataDir: config.dataDir });
  const users = new UserService(database.db, vip, images);
  const market = new MarketService(marketDataFrom(config, { now, log: app.log }));
  const wallet = new WalletService({ db: database.db, market });
  const chain = new LocalChainAdapter({
    delayMs: config.localChainDelayMs,
    failRate: config.localChainFailRate,
    blockMs: config.localChainBlockMs,
  });
  const deposits = new DepositService({
    db: database.db,
    now,
    deriver: new AddressDeriver(await walletMnemonic(config, app.log)),
    chain,
    users,
    invites,
    notifier,
  });
  const transfers = new TransferService({
    db: database.db,
    now,
    chain,
    trade,
    attempts,
    perksOf: (userId) => vip.perksOf(userId),
    notifier,
  });
  const records = new RecordService({ db: database.db });
  const payments = new PaymentMethodService({ db: database.db, trade, now });
  const mailQueue = new MailQueue({ db: database.db, mailer, now, log: app.log, metrics });
  metrics.watchBacklog('mail', () => mailQueue.backlog());
  const catalog = () => wallet.catalog();
  const earnings = new CreatorEarningsService({
    db: database.db,
    now,
    catalog,
    trade,
    released: (earning) => activityNotices.payoutReleased(earning),
  });
  const discoveryCache = createDiscoveryCache({
    ttlMs: config.discoveryCacheMs,
    now,
    redis,
    scope: busScope,
    log: app.log,
  });
  invalidateOnWrites(app, `${API_BASE}/activity/`, discoveryCache);
  const db = database.db;
  const discovery = new DiscoveryService({ db, now, links, log: app.log, cache: discoveryCache });
  const activityEvents = new ActivityEvents(app.log);
  const activityNotices = new ActivityNoticeService({
    db,
    now,
    links,
    notifier,
    mailbox: mailboxOf(config.mailFrom),
    reminderLeads: config.noticeReminderLeads,
    log: app.log,
  });
  const seats = new SeatService({ db, now, events: activityEvents, notices: activityNotices });
  const activity: ActivityServices = {
    discovery,
    editing: new EditingService({
      db,
      now,
      links,
      discovery,
      promote: (id) => seats.promoteAll(id),
      events: activityEvents,
      notices: activityNotices,
    }),
    drafts: new DraftService({ db, now }),
    images,
    invitations: new InvitationService({ db, now, links, mailer, log: app.log, attempts }),
    signups: new SignupService({ db, now, trade, seats, discovery, events: activityEvents, notices: activityNotices }),
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
    checkins: new CheckinService({ db, now, links, invites, notices: activityNotices }),
    nfts: new NftService({ db, links }),
    attendees: new AttendeeService({ db, earnings }),
    notices: activityNotices,
    // Blasts call the notifier only from their worker, after the notifications service is built further down.
    blasts: new BlastService({ db, now, log: app.log, notifier }),
    split: new SplitService({ db, now, catalog }),
  };
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
  const chatLive = new LiveChatService({ bus: metrics.timedBus(bus), chat });
  const push = await createPush({ db, now, config, sessionEvents, log: app.log });
  const notifications = new NotificationService({
    db,
    now,
    log: app.log,
    bus,
    scope: busScope,
    links,
    push: options.pushSender ?? push.sender,
    serverKey,
    chat: {
      unreadMessages: (userId) => chat.unreadMessages(userId),
      assertMember: async (userId, roomId) => {
        await chat.membership(userId, roomId);
      },
    },
  });
  metrics.watchBacklog('notice', () => notifications.backlog());
  activityEvents.on((event) => chat.activityRooms.follow(event));
  const bounties = new BountyService({
    db,
    now,
    catalog,
    links,
    trade,
    chat,
    activityIdOf: (code) => discovery.idByCode(code),
    imageOwnedBy: (id, userId) => images.ownedBy(id, userId),
    log: app.log,
    notifier,
  });
  const calendar = new CalendarService({ db: database.db, now, links });
  const media = config.janusUrl
    ? new JanusMedia({ url: config.janusUrl, apiSecret: config.janusApiSecret, iceServers: config.iceServers })
    : new EmbeddedMedia({ iceServers: config.iceServers, hostAddresses: config.liveHostAddresses });
  const live: LiveService = new LiveService({
    db,
    now,
    media,
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
  const stopLiveOnSessionEnd = await sessionEvents.subscribe((event) => void live.sessionsEnded(event));
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
    automation: new ClaimAutomationGuard({ attempts, captcha, perMinute: config.captcha.redPacketsPerMinute }),
    log: app.log,
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
  const adminToken = options.adminToken ?? (await existingAdminToken(config.dataDir));

  const authenticate = sessionAuthenticator((token) => auth.sessionUser(token));

  installJsonBodies(app);
  const nonces = redis ? new RedisNonceStore(redis, busScope) : new MemoryNonceStore();
  const router = new Router(app, authenticate, {
    rateLimit: config.rateLimit,
    rateLimitMultiplier: config.rateLimitMultiplier,
    nonces,
    now,
    regionBlocked: (request) => region.isBlocked(request),
    secondFactor: secondFactorCheck({
      verify: (userId, code, scope) => totp.require(userId, code, scope),
      accountByEmail: async (email) => (await auth.liveAccount(database.db, { email }))?.id ?? null,
      accountByLinkTicket: (ticket, browserKey) => oidc.linkAccountOf(ticket, browserKey),
    }),
  });
  installNoStore(app, router.routes);
  const client = new ClientService({ db: database.db, clientReleaseFile: config.clientReleaseFile, now, log: app.log });
  const readiness = options.readiness ?? new Readiness({ migrated: true });
  appRoutes(router, { app: new AppService({ database, config, readiness }), client, region });
  authRoutes(router, auth, captcha);
  captchaRoutes(router, captcha);
  userRoutes(router, users);
  const { phones, kyc } = await registerAccountModules(app, router, {
    ...{ db, now, config, attempts, auth, totp, trade, invites, oidc, box },
    adminToken: config.operatorRoutes ? adminToken : null,
    earningsLeft: (db, userId) => earnings.earningsLeft(db, userId),
    forget: [
      (tx, userId) => payments.forgetUser(tx, userId),
      (tx, userId) => notifications.forgetUser(tx, userId),
      (tx, userId) => push.push.forgetUser(tx, userId),
    ],
  });
  walletRoutes(router, { wallet, deposits, transfers, records, payments });
  if (config.operatorRoutes) operatorRoutes(router, { wallet, deposits, adminToken });
  marketRoutes(router, market);
  activityRoutes(router, activity);
  calendarRoutes(router, calendar);
  liveRoutes(router, live);
  chatRoutes(router, chat);
  // After the account modules: Sign in with Apple's callback scope adds its own form parser (oidc/routes.ts).
  acceptOneClickForms(app);
  notificationRoutes(router, notifications);
  peopleRoutes(router, new PeopleService({ db, now }));
  redPacketRoutes(router, redPackets);
  bountyRoutes(router, bounties);
  masterRoutes(router, earnings);
  vipRoutes(router, vip);
  const { airdrops, listings } = registerAirdrops(router, {
    db,
    now,
    vip,
    wallet,
    users,
    images,
    activityIdOf: (code) => discovery.idByCode(code),
    adminToken: config.operatorRoutes ? adminToken : null,
  });
  push.routes(router);
  placesRoutes(
    router,
    new PlacesService({
      venues: (q, limit) => discovery.venues(q, limit),
      geocoderUrl: config.geocoderUrl,
      geocoderTimeoutMs: config.geocoderTimeoutMs,
      log: app.log,
    }),
  );
  daogameRoutes(
    router,
    new DaogameService({ data: daogameDataFrom(config, { now, log: app.log }), shellUrl: config.daogameShellUrl }),
  );
  await chatSocketRoutes(app, {
    authenticate,
    chat,
    live: chatLive,
    heartbeatMs: config.chatHeartbeatMs,
    sessionEvents,
    liveSessions: (ids) => auth.stillLive(ids),
    now,
    connections: redis ? new RedisConnectionCounter(redis) : new MemoryConnectionCounter(),
    connectionKeys: `chat:${busScope}:sockets`,
    notices: notifications.live,
  });
  metrics.watchSockets(() => app.websocketServer?.clients.size ?? 0);

  registerApiDocuments(router);
  shareRoutes(app, {
    share: new ShareService({
      links,
      activityExists: async (code) => (await discovery.idByCode(code)) !== undefined,
      activityForGuest: (code) => discovery.detail(code, null),
      bountyForGuest: (id) => bounties.detail(null, id),
    }),
    config: config.share,
    publicUrl: config.publicUrl,
    rateLimit: config.rateLimit ? { multiplier: config.rateLimitMultiplier } : false,
  });

  const webDist = options.webDistDir ?? WEB_DIST_DIR;
  if (existsSync(webDist)) {
    await serveWebApp(app, webDist);
  } else {
    app.log.warn({ webDist }, 'web app not built; run `npm run build` to serve it');
  }

  watchBacklogs(metrics, { activity, earnings, redPackets, bounties, vip, airdrops, invites });
  // Started in the app's context, so each worker's runs are counted in this app's metrics (platform/worker.ts).
  const stopWorkers = config.backgroundWorkers
    ? runInContext({ metrics }, () =>
        startBackgroundWorkers(
          {
            ...{ deposits, transfers, activity, discoveryCache, earnings, mailQueue },
            ...{ redPackets, bounties, vip, airdrops, invites, notifications },
          },
          app.log,
        ),
      )
    : [];

  app.addHook('onClose', async () => {
    // A run in progress ends (its transaction commits or rolls back) before the pool it uses closes.
    await Promise.all(stopWorkers.map((stop) => stop()));
    mailer.close();
    await discoveryCache.close();
    await stopLiveOnSessionEnd();
    // Notices under way are handed to the notifier before the bus and the database go.
    await redPackets.notices.flush();
    await chat.notices.idle();
    await push.stop();
    await bus.close();
    await redis?.quit();
    await media.stop();
  });

  app.decorate('routeTable', router.routes);
  // Services are exposed for operator scripts and tests that drive background work by hand.
  app.decorate('metrics', metrics);
  app.decorate('services', {
    auth,
    users,
    wallet,
    deposits,
    transfers,
    records,
    trade,
    totp,
    activity,
    calendar,
    chat,
    chatLive,
    live,
    earnings,
    mailQueue,
    redPackets,
    bounties,
    vip,
    airdrops,
    listings,
    phones,
    kyc,
    invites,
    push: push.push,
    pushSender: push.sender,
    notifications,
  });
  return app;
}

export type { AppServices } from './app-services.ts';
