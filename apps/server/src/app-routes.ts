import { existsSync } from 'node:fs';
import type { AppOptions } from './app.ts';
import { registerAccountModules } from './app-accounts.ts';
import { registerAirdrops } from './app-airdrops.ts';
import type { ModuleServices } from './app-modules.ts';
import type { Platform } from './app-platform.ts';
import { passKitRoutes } from './modules/activity/passkit.routes.ts';
import { activityRoutes } from './modules/activity/routes.ts';
import { appRoutes } from './modules/app/routes.ts';
import { authRoutes } from './modules/auth/routes.ts';
import { findSessionsByTokenHashes } from './modules/auth/store.ts';
import { bountyRoutes } from './modules/bounty/routes.ts';
import { calendarRoutes } from './modules/calendar/routes.ts';
import { captchaRoutes } from './modules/captcha/routes.ts';
import { chainOperatorRoutes } from './modules/chain/operator.routes.ts';
import { chatGuardRoutes } from './modules/chat/guard.routes.ts';
import { chatRoutes } from './modules/chat/routes.ts';
import { chatSocketRoutes } from './modules/chat/ws.routes.ts';
import { daogameRoutes } from './modules/daogame/routes.ts';
import { liveRoutes } from './modules/live/routes.ts';
import { marketRoutes } from './modules/market/routes.ts';
import { masterRoutes } from './modules/master/routes.ts';
import { acceptOneClickForms, notificationRoutes } from './modules/notifications/routes.ts';
import { peopleRoutes } from './modules/people/routes.ts';
import { placesRoutes } from './modules/places/routes.ts';
import { redPacketRoutes } from './modules/redpacket/routes.ts';
import { reservesOperatorRoutes, reservesRoutes } from './modules/reserves/routes.ts';
import { holdOperatorRoutes, holdRoutes } from './modules/security/holds.routes.ts';
import { shareRoutes } from './modules/share/routes.ts';
import { userRoutes } from './modules/user/routes.ts';
import { vipRoutes } from './modules/vip/routes.ts';
import { operatorRoutes } from './modules/wallet/operator.routes.ts';
import { walletRoutes } from './modules/wallet/routes.ts';
import { WEB_DIST_DIR } from './paths.ts';
import { registerApiDocuments } from './platform/api-documents.ts';
import { installJsonBodies } from './platform/json-body.ts';
import { existingAdminToken } from './platform/operator-guard.ts';
import { MemoryConnectionCounter, RedisConnectionCounter } from './platform/realtime.ts';
import { Router } from './platform/router.ts';
import { secondFactorCheck } from './platform/second-factor.ts';
import { sha256Hex } from './platform/secrets.ts';
import { installNoStore } from './platform/security-headers.ts';
import { type Authenticate, batchedLookup, type SessionUser, sessionAuthenticator } from './platform/session.ts';
import { MemoryNonceStore, RedisNonceStore } from './platform/signed-requests.ts';
import { serveWebApp } from './platform/web-app.ts';

/**
 * Every surface of the app, in the order Fastify needs them: the API routes through the router, the chat socket,
 * the API documents, short links and the web app. Every service comes built (`buildServices`).
 */
export async function registerRoutes(platform: Platform, services: ModuleServices, options: AppOptions) {
  const { app, config } = platform;
  const adminToken = options.adminToken ?? (await existingAdminToken(config.dataDir));
  const authenticate = sessionAuthenticator(batchedSessionLookup(platform));
  installJsonBodies(app);
  const router = createRouter(platform, services, authenticate);
  installNoStore(app, router.routes);
  await moduleRoutes(router, platform, services, adminToken);
  await chatSocketRoutes(app, {
    authenticate,
    chat: services.chat,
    live: services.chatLive,
    heartbeatMs: config.chatHeartbeatMs,
    sessionEvents: platform.sessionEvents,
    liveSessions: (ids) => services.auth.stillLive(ids),
    now: platform.now,
    connections: platform.redis ? new RedisConnectionCounter(platform.redis) : new MemoryConnectionCounter(),
    connectionKeys: `chat:${platform.busScope}:sockets`,
    notices: services.notifications.live,
  });
  platform.metrics.watchSockets(() => app.websocketServer?.clients.size ?? 0);
  registerApiDocuments(router);
  await pagesOutsideTheApi(platform, services, options);
  return { router };
}

/**
 * Every request's session, looked up in batches (platform/session.ts `batchedLookup`): one statement for all the
 * tokens that arrive together. A session counts while it is neither revoked nor expired, the rule of
 * `AuthService.sessionUser`, which answers one token at a time for scripts and tests.
 */
function batchedSessionLookup({ db, now }: Platform) {
  return batchedLookup(async (tokens: string[]): Promise<(SessionUser | null)[]> => {
    const hashes = tokens.map(sha256Hex);
    const rows = await findSessionsByTokenHashes(db, hashes);
    const at = now();
    return hashes.map((hash) => {
      const row = rows.get(hash);
      if (!row || row.revokedAt || row.expiresAt <= at) return null;
      const { id, uid, uuid, email, sessionId, signingKey, expiresAt } = row;
      return { id, uid, uuid, email, sessionId, signingKey, expiresAt };
    });
  });
}

/** The router every API route goes through, with its signed requests, region gate and second-factor check. */
function createRouter(platform: Platform, { auth, totp, oidc, holds }: ModuleServices, authenticate: Authenticate) {
  const { app, config, redis } = platform;
  return new Router(app, authenticate, {
    rateLimit: config.rateLimit,
    rateLimitMultiplier: config.rateLimitMultiplier,
    nonces: redis ? new RedisNonceStore(redis, platform.busScope) : new MemoryNonceStore(),
    now: platform.now,
    regionBlocked: (request) => platform.region.isBlocked(request),
    secondFactor: secondFactorCheck({
      verify: (userId, code, scope) => totp.require(userId, code, scope),
      accountByEmail: async (email) => (await auth.liveAccount(platform.db, { email }))?.id ?? null,
      accountByLinkTicket: (ticket, browserKey) => oidc.linkAccountOf(ticket, browserKey),
    }),
    moneyOut: (userId) => holds.refuseMoneyOut(userId),
  });
}

/** Each module's routes, the operators' too where they are on (`config.operatorRoutes`). */
async function moduleRoutes(router: Router, platform: Platform, services: ModuleServices, adminToken: string) {
  const { app, config } = platform;
  const operatorToken = config.operatorRoutes ? adminToken : null;
  const { auth, users, wallet, deposits, earnings } = services;
  appRoutes(router, { app: services.appInfo, client: services.client, region: platform.region });
  authRoutes(router, auth, platform.captcha);
  captchaRoutes(router, platform.captcha);
  userRoutes(router, users);
  await registerAccountModules(app, router, {
    ...{ config, auth, adminToken: operatorToken },
    ...{ totp: services.totp, trade: services.trade, invites: services.invites, oidc: services.oidc },
    ...{ antiPhishing: services.antiPhishing, phones: services.phones, kyc: services.kyc, deletion: services.deletion },
  });
  holdRoutes(router, { holds: services.holds });
  if (operatorToken) holdOperatorRoutes(router, { holds: services.holds, adminToken: operatorToken });
  walletRoutes(router, {
    wallet,
    deposits,
    transfers: services.transfers,
    records: services.records,
    payments: services.payments,
    addressBook: services.addressBook,
  });
  if (config.operatorRoutes) {
    operatorRoutes(router, { wallet, deposits, reviews: services.reviews, adminToken });
    chainOperatorRoutes(router, { chains: services.chains, adminToken });
  }
  reservesRoutes(router, services.reserves);
  if (config.operatorRoutes) reservesOperatorRoutes(router, { reserves: services.reserves, adminToken });
  marketRoutes(router, services.market);
  activityRoutes(router, services.activity);
  calendarRoutes(router, services.calendar);
  liveRoutes(router, services.live);
  chatRoutes(router, services.chat);
  chatGuardRoutes(router, services.chat, operatorToken);
  // After the account modules: Sign in with Apple's callback scope adds its own form parser (oidc/routes.ts).
  acceptOneClickForms(app);
  notificationRoutes(router, services.notifications);
  peopleRoutes(router, services.people);
  redPacketRoutes(router, services.redPackets);
  bountyRoutes(router, services.bounties);
  masterRoutes(router, earnings);
  vipRoutes(router, services.vip);
  registerAirdrops(router, { airdrops: services.airdrops, listings: services.listings, adminToken: operatorToken });
  services.push.routes(router);
  placesRoutes(router, services.places);
  daogameRoutes(router, services.daogame);
}

/** Short links and their previews, and the web app itself (when it is built). */
async function pagesOutsideTheApi(platform: Platform, services: ModuleServices, options: AppOptions) {
  const { share } = services;
  const { app, config } = platform;
  shareRoutes(app, {
    share,
    config: config.share,
    publicUrl: config.publicUrl,
    rateLimit: config.rateLimit ? { multiplier: config.rateLimitMultiplier } : false,
  });
  await passKitRoutes(app, services.activity.passKit, config);
  const webDist = options.webDistDir ?? WEB_DIST_DIR;
  if (existsSync(webDist)) {
    await serveWebApp(app, webDist);
  } else {
    app.log.warn({ webDist }, 'web app not built; run `npm run build` to serve it');
  }
}
