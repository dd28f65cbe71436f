import type { Router } from '../../platform/router.ts';
import type { AttendeeService } from './attendees.service.ts';
import { blastRoutes } from './blasts.routes.ts';
import type { BlastService } from './blasts.service.ts';
import { checkinRoutes } from './checkin.routes.ts';
import type { CheckinService } from './checkin.service.ts';
import { depositRoutes } from './deposit.routes.ts';
import type { NoShowDepositService } from './deposit.service.ts';
import { discoveryRoutes } from './discovery.routes.ts';
import type { DiscoveryService } from './discovery.service.ts';
import type { DraftService } from './drafts.service.ts';
import { editingRoutes } from './editing.routes.ts';
import type { EditingService } from './editing.service.ts';
import type { ImageService } from './images.service.ts';
import type { InvitationService } from './invitations.service.ts';
import { manageRoutes } from './manage.routes.ts';
import { nftChainRoutes } from './nft-chain.routes.ts';
import type { NftChainService } from './nft-chain.service.ts';
import type { NftService } from './nfts.service.ts';
import type { ActivityNoticeService } from './notify.service.ts';
import type { PassKitService } from './passkit.service.ts';
import { promoRoutes } from './promo.routes.ts';
import type { PromoService } from './promo.service.ts';
import type { SeatService } from './seats.service.ts';
import { seriesRoutes } from './series/series.routes.ts';
import type { SeriesService } from './series/series.service.ts';
import type { SettlementService } from './settlement.service.ts';
import type { SignupService } from './signup.service.ts';
import { splitRoutes } from './split.routes.ts';
import type { SplitService } from './split.service.ts';
import { ticketsRoutes } from './tickets.routes.ts';
import { walletPassRoutes } from './wallet-pass.routes.ts';
import type { WalletPassService } from './wallet-pass.service.ts';
import type { WalletPassUpdates } from './wallet-pass.updates.ts';

export interface ActivityServices {
  discovery: DiscoveryService;
  editing: EditingService;
  drafts: DraftService;
  images: ImageService;
  invitations: InvitationService;
  signups: SignupService;
  seats: SeatService;
  settlement: SettlementService;
  checkins: CheckinService;
  nfts: NftService;
  /** Attendance NFTs on a chain (CHAIN_NFT): the ticket's NFT there, and the mint and burn worker. */
  nftChain: NftChainService;
  attendees: AttendeeService;
  /** The activity's notices and the reminders worker (no routes). */
  notices: ActivityNoticeService;
  /** Organizer blasts and their fan-out worker. */
  blasts: BlastService;
  /** The revenue split's terms and the distribution screen. */
  split: SplitService;
  /** A ticket as an Apple Wallet pass. */
  walletPasses: WalletPassService;
  /** Recurring series and the worker that makes their occurrences. */
  series: SeriesService;
  /** The PassKit web service (passkit.routes.ts, outside the API base) and the passes' update pushes. */
  passKit: PassKitService;
  passUpdates: WalletPassUpdates;
  /** Promo codes: the organizer's and the guest's check. */
  promos: PromoService;
  /** The no-show deposit's terms (its money moves in deposit.ts). */
  deposits: NoShowDepositService;
}

/** Every activity route, by topic: one file each beside this one. */
export function activityRoutes(router: Router, services: ActivityServices): void {
  discoveryRoutes(router, services);
  editingRoutes(router, services);
  ticketsRoutes(router, services);
  checkinRoutes(router, services);
  nftChainRoutes(router, services);
  splitRoutes(router, services);
  manageRoutes(router, services);
  blastRoutes(router, services);
  walletPassRoutes(router, services);
  seriesRoutes(router, services);
  promoRoutes(router, services);
  depositRoutes(router, services);
}
