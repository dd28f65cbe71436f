import type { FastifyBaseLogger } from 'fastify';
import type { ActivityServices } from './modules/activity/routes.ts';
import type { AirdropService } from './modules/airdrop/service.ts';
import type { BountyService } from './modules/bounty/service.ts';
import type { InviteService } from './modules/invite/service.ts';
import type { CreatorEarningsService } from './modules/master/service.ts';
import type { RedPacketService } from './modules/redpacket/service.ts';
import type { VipService } from './modules/vip/service.ts';
import type { DepositService } from './modules/wallet/deposits.service.ts';
import type { TransferService } from './modules/wallet/transfers.service.ts';
import type { MailQueue } from './platform/mail-queue.ts';
import { startWorker } from './platform/worker.ts';

export interface WorkerServices {
  deposits: DepositService;
  transfers: TransferService;
  activity: ActivityServices;
  discoveryCache: { invalidate(): void };
  earnings: CreatorEarningsService;
  mailQueue: MailQueue;
  redPackets: RedPacketService;
  bounties: BountyService;
  vip: VipService;
  airdrops: AirdropService;
  invites: InviteService;
}

/**
 * The background work of a server process, each on its own interval. Every piece is safe with several processes
 * on one database (rows claimed with FOR UPDATE SKIP LOCKED). Answers the functions that stop them.
 */
export function startBackgroundWorkers(services: WorkerServices, log: FastifyBaseLogger): (() => void)[] {
  const { deposits, transfers, activity, discoveryCache, earnings, mailQueue, redPackets, bounties, vip, invites } =
    services;
  const stopWorkers: (() => void)[] = [];
  stopWorkers.push(
    startWorker('chain', 1000, () => Promise.all([deposits.processDeposits(), transfers.processWithdrawals()]), log),
  );
  // Escrow into creator earnings after the end, and waitlist promotion.
  stopWorkers.push(
    startWorker(
      'activity',
      5000,
      async () => {
        const done = await activity.settlement.processDue();
        // Promotions change the seats a list shows.
        if (done.promoted > 0) discoveryCache.invalidate();
      },
      log,
    ),
  );
  // Creator earnings whose payout hold has passed become the organizer's to withdraw.
  stopWorkers.push(startWorker('earnings', 10_000, () => earnings.releaseDue(), log));
  stopWorkers.push(startWorker('mail', 2000, () => mailQueue.deliverDue(), log));
  // What nobody claimed of an expired red packet goes back to its sender.
  stopWorkers.push(startWorker('redpacket', 5000, () => redPackets.settleDue(), log));
  // Bounties past their review window give what is left back to their creators.
  stopWorkers.push(startWorker('bounty', 5000, () => bounties.settleDue(), log));
  // Memberships past their end are marked expired (their perks stop at the end already).
  stopWorkers.push(startWorker('vip', 10_000, () => vip.expireDue(), log));
  // Airdrops past their distribution time pay every sign-up once, then return what is left to the funder.
  stopWorkers.push(startWorker('airdrop', 5000, () => services.airdrops.distributeDue(), log));
  // Invite rewards left owed while the referral pool was short are paid once it has money again.
  stopWorkers.push(startWorker('invite', 10_000, () => invites.payOwed(), log));
  return stopWorkers;
}
