import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import { API_BASE, Status } from '@polaris/contract';
import Fastify, { type FastifyRequest } from 'fastify';
import { Redis } from 'ioredis';
import type { Config } from './config.ts';
import type { DatabaseHandle } from './db/client.ts';
import { appRoutes } from './modules/app/routes.ts';
import { authRoutes } from './modules/auth/routes.ts';
import { AuthService } from './modules/auth/service.ts';
import { marketRoutes } from './modules/market/routes.ts';
import { MarketService, marketDataFrom } from './modules/market/service.ts';
import { securityRoutes } from './modules/security/routes.ts';
import { TradePasswordService } from './modules/security/service.ts';
import { userRoutes } from './modules/user/routes.ts';
import { UserService } from './modules/user/service.ts';
import { AddressDeriver } from './modules/wallet/addresses.ts';
import { LocalChainAdapter } from './modules/wallet/chain.ts';
import { localChainRoutes, newAdminToken } from './modules/wallet/local-chain.ts';
import { walletMnemonic } from './modules/wallet/mnemonic.ts';
import { PaymentMethodService } from './modules/wallet/payments.ts';
import { walletRoutes } from './modules/wallet/routes.ts';
import { WalletService } from './modules/wallet/service.ts';
import { WEB_DIST_DIR } from './paths.ts';
import { installErrorHandling } from './platform/envelope-errors.ts';
import { AppError } from './platform/errors.ts';
import { loggerOptions } from './platform/logging.ts';
import { createMailer, type Mailer } from './platform/mail.ts';
import { buildOpenApi } from './platform/openapi.ts';
import { type AuthMode, Router } from './platform/router.ts';

export interface AppOptions {
  config: Config;
  database: DatabaseHandle;
  mailer?: Mailer;
  now?: () => Date;
  logStream?: NodeJS.WritableStream;
  webDistDir?: string;
}

function tokenOf(request: FastifyRequest): string | undefined {
  const header = request.headers.token;
  if (typeof header === 'string' && header) return header;
  const query = (request.query ?? {}) as Record<string, unknown>;
  return typeof query.token === 'string' && query.token ? query.token : undefined;
}

export async function buildApp(options: AppOptions) {
  const { config, database } = options;
  const now = options.now ?? (() => new Date());
  const app = Fastify({
    logger: loggerOptions(config.logLevel, options.logStream),
    bodyLimit: 1_048_576,
    trustProxy: config.trustProxy,
  });
  const mailer =
    options.mailer ??
    createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir: config.dataDir, log: app.log });

  installErrorHandling(app);

  const redis = config.redisUrl
    ? new Redis(config.redisUrl, { lazyConnect: false, maxRetriesPerRequest: 2 })
    : undefined;
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { redis, nameSpace: 'polaris-rl:' } : {}),
    errorResponseBuilder: (_request, context) => ({ statusCode: 429, code: 'RATE_LIMITED', after: context.after }),
  });

  await mkdir(config.dataDir, { recursive: true });
  const auth = new AuthService({ db: database.db, mailer, sessionTtlMs: config.sessionTtlMs, now });
  const users = new UserService(database.db);
  const trade = new TradePasswordService({ db: database.db, auth, now });
  const market = new MarketService(marketDataFrom(config, { now, log: app.log }));
  const wallet = new WalletService({
    db: database.db,
    now,
    deriver: new AddressDeriver(await walletMnemonic(config, app.log)),
    chain: new LocalChainAdapter({ delayMs: config.localChainDelayMs, failRate: config.localChainFailRate }),
    trade,
    market,
  });
  const payments = new PaymentMethodService({ db: database.db, trade, now });
  const adminToken = newAdminToken();
  await writeFile(path.join(config.dataDir, 'admin.token'), adminToken, { mode: 0o600 });

  const authenticate = async (request: FastifyRequest, mode: AuthMode) => {
    if (mode === 'public') return null;
    const token = tokenOf(request);
    if (!token) {
      if (mode === 'optional') return null;
      throw new AppError(Status.notAllowed, 'http.401');
    }
    const user = await auth.sessionUser(token);
    const claimedUid = request.headers.uid;
    if (!user || (typeof claimedUid === 'string' && claimedUid !== '' && claimedUid !== String(user.uid))) {
      throw new AppError(Status.sessionInvalid, 'auth.sessionInvalid');
    }
    return user;
  };

  const router = new Router(app, authenticate, config.rateLimit);
  appRoutes(router, { database, config });
  authRoutes(router, auth);
  userRoutes(router, users);
  securityRoutes(router, { auth, trade });
  walletRoutes(router, { wallet, payments });
  localChainRoutes(router, { wallet, adminToken, db: database.db });
  marketRoutes(router, market);

  const openApi = buildOpenApi(router.routes);
  app.get(`${API_BASE}/openapi.json`, async () => openApi);

  const webDist = options.webDistDir ?? WEB_DIST_DIR;
  if (existsSync(webDist)) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      setHeaders: (reply, filePath) => {
        // Hashed asset names change with their content, so they can be cached for good; index.html cannot.
        reply.header(
          'cache-control',
          filePath.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  } else {
    app.log.warn({ webDist }, 'web app not built; run `npm run build` to serve it');
  }

  let worker: NodeJS.Timeout | undefined;
  if (config.walletWorker) {
    let running = false;
    worker = setInterval(() => {
      if (running) return;
      running = true;
      wallet
        .processWithdrawals()
        .catch((error) => app.log.error({ err: error }, 'withdrawal worker failed'))
        .finally(() => {
          running = false;
        });
    }, 1000);
  }

  app.addHook('onClose', async () => {
    if (worker) clearInterval(worker);
    mailer.close();
    await redis?.quit();
  });

  // Services are exposed for operator scripts and tests that drive background work by hand.
  app.decorate('services', { auth, wallet, trade });
  return app;
}

export interface AppServices {
  auth: AuthService;
  wallet: WalletService;
  trade: TradePasswordService;
}

declare module 'fastify' {
  interface FastifyInstance {
    services: AppServices;
  }
}
