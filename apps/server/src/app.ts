import { startBackgroundWorkers, watchBacklogs } from './app-workers.ts';
import './app-services.ts';
import { buildServices, type ModuleServices } from './app-modules.ts';
import { createPlatform, type Platform } from './app-platform.ts';
import { registerRoutes } from './app-routes.ts';
import type { Config } from './config.ts';
import type { DatabaseHandle } from './db/client.ts';
import type { PushSender } from './modules/notifications/push.port.ts';
import { runInContext } from './platform/context.ts';
import type { Mailer } from './platform/mail.ts';
import type { Readiness } from './platform/readiness.ts';
import { startWorker } from './platform/worker.ts';

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

/**
 * The composition root (docs/modules.md): the platform, then every module's services, then every route, then the
 * background workers and what closing the app stops.
 */
export async function buildApp(options: AppOptions) {
  const platform = await createPlatform(options);
  const services = await buildServices(platform, options);
  const { router } = await registerRoutes(platform, services, options);
  startAndStop(platform, services);
  const { app, metrics } = platform;
  app.decorate('routeTable', router.routes);
  // Services are exposed for operator scripts and tests that drive background work by hand.
  app.decorate('metrics', metrics);
  const { auth, users, wallet, deposits, transfers, records, trade, totp, activity, calendar } = services;
  const { chat, chatLive, live, earnings, redPackets, bounties, vip, invites, push, notifications } = services;
  app.decorate('services', {
    ...{ auth, users, wallet, deposits, transfers, records, trade, totp, activity, calendar, chat, chatLive, live },
    ...{ earnings, mailQueue: platform.mailQueue, redPackets, bounties, vip, invites },
    ...{ phones: services.phones, kyc: services.kyc, airdrops: services.airdrops, listings: services.listings },
    push: push.push,
    pushSender: push.sender,
    notifications,
    outbox: services.outbox,
    custody: services.custody,
    chains: services.chains,
  });
  return app;
}

/**
 * The workers (where this process runs them) and their backlogs' metrics, and what closing the app stops, in the
 * order that lets work under way finish.
 */
function startAndStop(platform: Platform, services: ModuleServices): void {
  const { app, config, metrics, mailQueue } = platform;
  const { activity, earnings, redPackets, bounties, vip, invites, outbox, airdrops } = services;
  watchBacklogs(metrics, { activity, earnings, redPackets, bounties, vip, airdrops, invites, outbox });
  // Started in the app's context, so each worker's runs are counted in this app's metrics (platform/worker.ts).
  const stopWorkers: (() => Promise<void>)[] = config.backgroundWorkers
    ? runInContext({ metrics }, () =>
        startBackgroundWorkers(
          {
            ...{ deposits: services.deposits, transfers: services.transfers, activity, earnings, mailQueue },
            ...{ discoveryCache: services.discoveryCache, redPackets, bounties, vip, airdrops, invites },
            notifications: services.notifications,
            outbox,
            chains: services.chains,
            chat: services.chat,
          },
          app.log,
        ),
      )
    : [];
  // Chains on a node are reconciled against the records every 5 minutes, into polaris_chain_unexplained_units.
  if (config.backgroundWorkers && services.chains.runtimes.length > 0) {
    stopWorkers.push(
      runInContext({ metrics }, () =>
        startWorker(
          'chainReconcile',
          300_000,
          async () => {
            for (const line of await services.chains.reconcile()) {
              metrics.chainReconciled(line.chain, line.asset, BigInt(line.unexplained));
            }
          },
          app.log,
        ),
      ),
    );
  }

  // Held long polls end first: the server's close waits for every request in flight.
  app.addHook('preClose', async () => services.live.wakeWaiting());
  app.addHook('onClose', async () => {
    // A run in progress ends (its transaction commits or rolls back) before the pool it uses closes.
    await Promise.all(stopWorkers.map((stop) => stop()));
    await services.chains.stop();
    platform.mailer.close();
    services.activity.passUpdates.close();
    await services.discoveryCache.close();
    await services.stopLiveOnSessionEnd();
    // Notices under way are handed to the notifier before the bus and the database go.
    await redPackets.notices.flush();
    await services.chat.notices.idle();
    await services.push.stop();
    await platform.bus.close();
    await platform.redis?.quit();
    await services.media.stop();
  });
}

export type { AppServices } from './app-services.ts';
