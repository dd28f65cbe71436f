import { existsSync } from 'node:fs';
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
import { userRoutes } from './modules/user/routes.ts';
import { UserService } from './modules/user/service.ts';
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

  const auth = new AuthService({ db: database.db, mailer, sessionTtlMs: config.sessionTtlMs, now });
  const users = new UserService(database.db);

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

  app.addHook('onClose', async () => {
    mailer.close();
    await redis?.quit();
  });

  return app;
}
