import { mkdir } from 'node:fs/promises';
import rateLimit from '@fastify/rate-limit';
import Fastify, { LogController } from 'fastify';
import { Redis } from 'ioredis';
import type { AppOptions } from './app.ts';
import { ChatService } from './modules/chat/service.ts';
import { AttemptLimiter } from './platform/attempts.ts';
import { Captcha, captchaKey } from './platform/captcha.ts';
import { installCompression } from './platform/compression.ts';
import { installCors } from './platform/cors.ts';
import { installErrorHandling } from './platform/envelope-errors.ts';
import { Links } from './platform/links.ts';
import { loggerOptions, logRequests, requestIdOptions } from './platform/logging.ts';
import { createMailer } from './platform/mail.ts';
import { MailQueue } from './platform/mail-queue.ts';
import { StampingMailer } from './platform/mail-stamp.ts';
import { instrumentRequests, Metrics, serveMetrics } from './platform/metrics.ts';
import { MemoryBus, type RealtimeBus, RedisBus } from './platform/realtime.ts';
import { RegionGate, trustFunction } from './platform/region.ts';
import { SecretBox, secretBoxKey } from './platform/sealed.ts';
import { installSecurityHeaders } from './platform/security-headers.ts';
import { SessionEvents } from './platform/session-events.ts';

/** What `createPlatform` gives every module: the server and the pieces no module owns. */
export type Platform = Awaited<ReturnType<typeof createPlatform>>;

/**
 * The Fastify server with what every request goes through (logging, metrics, errors, headers, CORS, compression,
 * rate limits), and the shared pieces the modules are built with: Redis or memory for the bus, attempt limits,
 * captcha, mail and its queue, links, the server's secret box, session events.
 */
export async function createPlatform(options: AppOptions) {
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
  // Every mail leaves through this one mailer, which writes the recipient's anti-phishing code on its first line.
  const mailer = new StampingMailer(
    options.mailer ??
      createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir: config.dataDir, log: app.log }),
  );

  installErrorHandling(app);
  installSecurityHeaders(app, config);
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
  const bus: RealtimeBus = redis ? new RedisBus(redis) : new MemoryBus();
  const sessionEvents = new SessionEvents({
    bus,
    scope: busScope,
    onError: (error) => app.log.error({ err: error }, 'could not announce ended sessions'),
  });
  const serverKey = await secretBoxKey(config, app.log);
  const mailQueue = new MailQueue({ db: database.db, mailer, now, log: app.log, metrics });
  metrics.watchBacklog('mail', () => mailQueue.backlog());
  return {
    app,
    config,
    database,
    db: database.db,
    now,
    log: app.log,
    metrics,
    region,
    mailer,
    mailQueue,
    redis,
    busScope,
    bus,
    attempts,
    captcha,
    links,
    sessionEvents,
    serverKey,
    box: new SecretBox(serverKey),
  };
}
