import type { FastifyBaseLogger } from 'fastify';
import type { AppServices } from './app-services.ts';
import { inLane } from './db/fair-gate.ts';
import type { Metrics } from './platform/metrics.ts';
import { startWorker } from './platform/worker.ts';

/** The services whose background work runs here, and the discovery cache a settlement run empties. */
type WorkerServices = Pick<
  AppServices,
  | 'deposits'
  | 'transfers'
  | 'chains'
  | 'activity'
  | 'earnings'
  | 'mailQueue'
  | 'redPackets'
  | 'bounties'
  | 'vip'
  | 'airdrops'
  | 'invites'
  | 'notifications'
  | 'outbox'
  | 'chat'
> & { discoveryCache: { invalidate(): void } };

/**
 * The backlog of each queue-like worker (due and not done, one bounded count on the due index each), read at
 * every metrics scrape as `polaris_job_backlog{queue}`. The mail queue's is watched in app-platform.ts. Watched on
 * every process, whether it runs the workers or not: the backlog is the database's, not the process's.
 */
export function watchBacklogs(
  metrics: Metrics,
  services: Pick<
    WorkerServices,
    'activity' | 'earnings' | 'redPackets' | 'bounties' | 'vip' | 'airdrops' | 'invites' | 'outbox'
  >,
): void {
  metrics.watchBacklog('noticeOutbox', async () => (await services.outbox.backlog()).waiting);
  metrics.watchBacklog('activity', () => services.activity.settlement.backlog());
  metrics.watchBacklog('blast', () => services.activity.blasts.backlog());
  metrics.watchBacklog('earnings', () => services.earnings.backlog());
  metrics.watchBacklog('redpacket', () => services.redPackets.expiry.backlog());
  metrics.watchBacklog('bounty', () => services.bounties.backlog());
  metrics.watchBacklog('vip', () => services.vip.backlog());
  metrics.watchBacklog('airdrop', () => services.airdrops.backlog());
  metrics.watchBacklog('invite', () => services.invites.backlog());
}

/**
 * The background work of a server process, each on its own interval, backing off after failed runs
 * (platform/worker.ts). Every piece is safe with several processes on one database: each item is claimed with
 * FOR UPDATE SKIP LOCKED, or locked and its state checked, in the transaction that does it (docs/jobs.md).
 * Answers the functions that stop them, each answering once its run in progress has ended.
 */
export function startBackgroundWorkers(services: WorkerServices, log: FastifyBaseLogger): (() => Promise<void>)[] {
  const { deposits, transfers, activity, discoveryCache, earnings, mailQueue, redPackets, bounties, vip, invites } =
    services;
  const stopWorkers: (() => Promise<void>)[] = [];
  stopWorkers.push(
    startWorker('chain', 1000, () => Promise.all([deposits.processDeposits(), transfers.processWithdrawals()]), log),
  );
  // Chains on a node: one scanner per chain across processes (a lease), senders safe side by side (nonces are
  // taken from the database). Each on its own worker, so a slow node holds up neither the other nor the simulator.
  if (services.chains.chainIds.length > 0) {
    stopWorkers.push(startWorker('chainScan', services.chains.pollMs, () => services.chains.scanAll(), log));
    stopWorkers.push(startWorker('chainSend', services.chains.pollMs, () => services.chains.sendAll(), log));
  }
  // Attendance NFTs on a chain: queued mints and burns into one batch transaction each, for the sender to send.
  if (activity.nftChain.chainId !== undefined) {
    stopWorkers.push(startWorker('nftChain', services.chains.pollMs, () => activity.nftChain.signDue(), log));
  }
  // Escrow into creator earnings after the end, and waitlist promotion.
  stopWorkers.push(
    startWorker(
      'activity',
      5000,
      async () => {
        // Promotions change the seats a list shows (also in a run where some activity failed).
        const done = await activity.settlement.processDue().catch((error: unknown) => {
          discoveryCache.invalidate();
          throw error;
        });
        if (done.promoted > 0) discoveryCache.invalidate();
      },
      log,
    ),
  );
  // Occurrences of recurring series in their window: each (series, index) claimed by one process, once.
  stopWorkers.push(startWorker('series', activity.series.pollMs, () => activity.series.generateDue(), log));
  // Reminders before activities start (24 h and 1 h): each (activity, lead) claimed by one process, once.
  stopWorkers.push(startWorker('reminders', 30_000, () => activity.notices.remindDue(), log));
  // Organizer blasts that are due, fanned out to their recipients in batches (one process per blast, by lease). On the
  // embedded database its statements queue behind requests' writes and take turns with their reads (the read lane):
  // a fan-out to thousands is background work (bench:notify). PostgreSQL runs them side by side anyway.
  stopWorkers.push(startWorker('blast', 2000, () => inLane('read', () => activity.blasts.fanOutDue()), log));
  // Creator earnings whose payout hold has passed become the organizer's to withdraw.
  stopWorkers.push(startWorker('earnings', 10_000, () => earnings.releaseDue(), log));
  stopWorkers.push(startWorker('mail', 2000, () => mailQueue.deliverDue(), log));
  // Messages stored before search existed, indexed in batches until none is left (then one cheap read a run).
  stopWorkers.push(
    startWorker('chatSearchBackfill', 5000, () => inLane('read', () => services.chat.searchBackfill.run()), log),
  );
  // What changes wrote into the notice outbox, announced after they committed (docs/notifications.md, "The outbox"):
  // woken as soon as a row is added here, and every half second for rows other processes added or that wait for a
  // retry. Fan-outs are background work: on the embedded database they take turns with requests' reads.
  const outboxWorker = startWorker('noticeOutbox', 500, () => inLane('read', () => services.outbox.deliverDue()), log);
  services.outbox.onWake(outboxWorker.wake);
  stopWorkers.push(outboxWorker);
  // Push notifications due (quiet hours over, backoff passed), each to the user's devices.
  stopWorkers.push(startWorker('notice', 1000, () => services.notifications.deliverDue(), log));
  // What nobody claimed of an expired red packet goes back to its sender.
  stopWorkers.push(startWorker('redpacket', 5000, () => redPackets.expiry.settleDue(), log));
  // Bounties past their review window give what is left back to their creators.
  stopWorkers.push(startWorker('bounty', 5000, () => bounties.settleDue(), log));
  // Creators and submitters hear once that a bounty closes within 24 h (the notice's key makes it once).
  stopWorkers.push(startWorker('bountyDeadline', 60_000, () => bounties.announceDeadlines(), log));
  // Memberships past their end are marked expired (their perks stop at the end already).
  stopWorkers.push(startWorker('vip', 10_000, () => vip.expireDue(), log));
  // Members hear once, 3 days before the end, that their membership ends soon.
  stopWorkers.push(startWorker('vipExpiring', 60_000, () => vip.announceExpiring(), log));
  // Airdrops past their distribution time pay every sign-up once, then return what is left to the funder.
  stopWorkers.push(startWorker('airdrop', 5000, () => services.airdrops.distributeDue(), log));
  // Invite rewards left owed while the referral pool was short are paid once it has money again.
  stopWorkers.push(startWorker('invite', 10_000, () => invites.payOwed(), log));
  return stopWorkers;
}
