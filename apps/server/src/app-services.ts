import type { ActivityServices } from './modules/activity/routes.ts';
import type { AirdropService } from './modules/airdrop/service.ts';
import type { AuthService } from './modules/auth/service.ts';
import type { BountyService } from './modules/bounty/service.ts';
import type { CalendarService } from './modules/calendar/service.ts';
import type { ChainService } from './modules/chain/service.ts';
import type { LiveChatService } from './modules/chat/live.service.ts';
import type { ChatService } from './modules/chat/service.ts';
import type { KycService } from './modules/identity/kyc.service.ts';
import type { PhoneService } from './modules/identity/phone.service.ts';
import type { InviteService } from './modules/invite/service.ts';
import type { ListingService } from './modules/listing/service.ts';
import type { LiveService } from './modules/live/service.ts';
import type { CreatorEarningsService } from './modules/master/service.ts';
import type { NoticeOutbox } from './modules/notifications/outbox.ts';
import type { NotificationService } from './modules/notifications/service.ts';
import type { WebPushSender } from './modules/push/sender.ts';
import type { PushService } from './modules/push/service.ts';
import type { RedPacketService } from './modules/redpacket/service.ts';
import type { TradePasswordService } from './modules/security/service.ts';
import type { TotpService } from './modules/security/totp.service.ts';
import type { UserService } from './modules/user/service.ts';
import type { VipService } from './modules/vip/service.ts';
import type { CustodyService } from './modules/wallet/custody.service.ts';
import type { DepositService } from './modules/wallet/deposits.service.ts';
import type { RecordService } from './modules/wallet/records.service.ts';
import type { WalletService } from './modules/wallet/service.ts';
import type { TransferService } from './modules/wallet/transfers.service.ts';
import type { MailQueue } from './platform/mail-queue.ts';
import type { Metrics } from './platform/metrics.ts';
import type { RegisteredRoute } from './platform/router.ts';

/** What a built app exposes as `app.services`, for operator scripts and tests that drive background work by hand. */
export interface AppServices {
  auth: AuthService;
  users: UserService;
  wallet: WalletService;
  deposits: DepositService;
  transfers: TransferService;
  /** The wallet's side of chains on a node, and those chains' scanners and senders (docs/wallet.md, "Chains"). */
  custody: CustodyService;
  chains: ChainService;
  records: RecordService;
  trade: TradePasswordService;
  totp: TotpService;
  activity: ActivityServices;
  calendar: CalendarService;
  live: LiveService;
  chat: ChatService;
  chatLive: LiveChatService;
  earnings: CreatorEarningsService;
  mailQueue: MailQueue;
  redPackets: RedPacketService;
  bounties: BountyService;
  vip: VipService;
  airdrops: AirdropService;
  listings: ListingService;
  phones: PhoneService;
  kyc: KycService;
  invites: InviteService;
  push: PushService;
  /** The `PushSender` the notifications worker is given. */
  pushSender: WebPushSender;
  notifications: NotificationService;
  /** What changes wrote to be announced after their commit (docs/notifications.md, "The outbox"). */
  outbox: NoticeOutbox;
}

declare module 'fastify' {
  interface FastifyInstance {
    services: AppServices;
    /** Every route the router registered, with its auth mode and schemas (tests walk it). */
    routeTable: readonly RegisteredRoute[];
    /** This app's metrics (platform/metrics.ts). */
    metrics: Metrics;
  }
}
