import type { ComponentType } from 'react';
import { GUEST_ACTIVITY_PAGES } from '@/pages/activity/guest-routes.ts';
import { HOST_ACTIVITY_PAGES } from '@/pages/activity/host-routes.ts';
import ActivityHomePage from '@/pages/activity/index/index.tsx';
import { PATHS } from './paths.ts';

type PageModule = { default: ComponentType };

export interface RouteEntry {
  path: string;
  /** A page that exists; without one the route shows the honest "not available yet" page. */
  load?: () => Promise<PageModule>;
  /** The page itself, for the first screen only: it ships in the entry chunk, so it renders without a second trip. */
  page?: ComponentType;
}

/**
 * The first screen (activity home) is bundled with the app shell: it is what nearly every visit opens, and a
 * lazy chunk would cost one more round trip before anything useful paints (docs/performance.md "First screen").
 */
const EAGER_PAGES: Record<string, ComponentType> = { [PATHS.activityHome]: ActivityHomePage };

/** Every other page built so far, each its own lazily loaded chunk. */
const PAGES: Record<string, () => Promise<PageModule>> = {
  [PATHS.activityHome]: async () => ({ default: ActivityHomePage }),
  [PATHS.community]: () => import('@/pages/chatroom/index.tsx'),
  [PATHS.me]: () => import('@/pages/home/index.tsx'),
  [PATHS.login]: () => import('@/pages/user/login/index.tsx'),
  [PATHS.loginCode]: () => import('@/pages/user/login/code/index.tsx'),
  [PATHS.register]: () => import('@/pages/user/register/index.tsx'),
  [PATHS.forgot]: () => import('@/pages/user/forgot/index.tsx'),
  [PATHS.forgotEmailCheck]: () => import('@/pages/user/forgot/email-check/index.tsx'),
  [PATHS.forgotReceiveCode]: () => import('@/pages/user/forgot/receive-code/index.tsx'),
  [PATHS.forgotResetPassword]: () => import('@/pages/user/forgot/reset-password/index.tsx'),
  [PATHS.agreement]: () => import('@/pages/user/agreement/index.tsx'),
  [PATHS.traderPassword]: () => import('@/pages/user/trader-password/index.tsx'),
  [PATHS.market]: () => import('@/pages/market/index.tsx'),
  [PATHS.marketDetail]: () => import('@/pages/market/detail/index.tsx'),
  [PATHS.moreServices]: () => import('@/pages/home/more-services/index.tsx'),
  [PATHS.payments]: () => import('@/pages/home/payments/index.tsx'),
  [PATHS.transfer]: () => import('@/pages/home/transfer/index.tsx'),
  [PATHS.assetDetails]: () => import('@/pages/home/assets/details/index.tsx'),
  [PATHS.assetRecords]: () => import('@/pages/home/assets/details/records-more/index.tsx'),
  [PATHS.chooseAsset]: () => import('@/pages/home/assets/choose/index.tsx'),
  [PATHS.myAsset]: () => import('@/pages/my/my-asset/index.tsx'),
  [PATHS.choiceChain]: () => import('@/pages/my/my-asset/choice-chain/index.tsx'),
  [PATHS.addAsset]: () => import('@/pages/my/my-asset/add-asset/index.tsx'),
  [PATHS.personalCenter]: () => import('@/pages/my/personal-center/index.tsx'),
  ...GUEST_ACTIVITY_PAGES,
  ...HOST_ACTIVITY_PAGES,
};

/** Every path of SPEC §2, in the spec's order. */
export const SPEC_PATHS: readonly string[] = [
  // Tab bar
  '/',
  '/pages/chatroom/index',
  '/pages/home/index',
  // Wallet and home
  '/pages/market/index',
  '/pages/my/index',
  '/pages/home/more-services/index',
  '/pages/home/airdrop/index',
  '/pages/home/airdrop/detail/index',
  '/pages/home/payments/index',
  '/pages/home/transfer/index',
  '/pages/home/assets/details/index',
  '/pages/home/assets/details/records-more/index',
  '/pages/home/shelves-coin/index',
  '/pages/home/assets/choose/index',
  '/pages/market/detail/index',
  // My
  '/pages/my/invite-gift/index',
  '/pages/my/security-center/index',
  '/pages/my/security-center/del-account/index',
  '/pages/my/security-center/gauth/index',
  '/pages/my/security-center/password/index',
  '/pages/my/my-asset/index',
  '/pages/my/my-asset/choice-chain/index',
  '/pages/my/my-asset/add-asset/index',
  '/pages/my/personal-center/index',
  '/pages/my/join-community/index',
  '/pages/my/about-us/index',
  // Common
  '/pages/common/web-view/index',
  '/pages/common/guide/index',
  // Activity
  '/pages/activity/create/index',
  '/pages/activity/my/activities/index',
  '/pages/activity/my/calendar/home/index',
  '/pages/activity/my/calendar/create/index',
  '/pages/activity/my/calendar/setting/index',
  '/pages/activity/my/nft/index',
  '/pages/activity/sign/index',
  '/pages/activity/details/index',
  '/pages/activity/category-browse/index',
  '/pages/activity/sift-calendar/index',
  '/pages/activity/preferred-city/index',
  '/pages/activity/manage/index',
  '/pages/activity/manage/assembly/overview/task-bounty/index',
  '/pages/activity/manage/assembly/overview/send-invite/index',
  '/pages/activity/manage/assembly/overview/invite-participants/index',
  '/pages/activity/manage/assembly/overview/activity-edit/index',
  '/pages/activity/manage/assembly/join/sign/index',
  '/pages/activity/manage/assembly/join/scan/index',
  '/pages/activity/manage/marketing/index',
  '/pages/activity/my/distribution/index',
  '/pages/activity/my/creatorStatistics/index',
  '/pages/activity/explore/index',
  // Red envelope
  '/pages/red-envelope/index',
  '/pages/red-envelope/password/index',
  '/pages/red-envelope/password/share/index',
  '/pages/red-envelope/socialize/index',
  '/pages/red-envelope/receive/index',
  // User
  '/pages/user/login/index',
  '/pages/user/login/hyper/index',
  '/pages/user/login/code/index',
  '/pages/user/register/index',
  '/pages/user/forgot/index',
  '/pages/user/forgot/email-check/index',
  '/pages/user/forgot/receive-code/index',
  '/pages/user/forgot/reset-password/index',
  '/pages/user/agreement/index',
  '/pages/user/trader-password/index',
  // Bounty
  '/pages/bounty/index',
  '/pages/bounty/bounty-detail/index',
  '/pages/bounty/bounty-list/index',
  '/pages/bounty/bounty-create/index',
  '/pages/bounty/bounty-mine/index',
  '/pages/bounty/bounty-manage/index',
  // Daogame
  '/pages/daogame/index',
  '/pages/daogame/detail/index',
  '/pages/daogame/rank/index',
  '/pages/daogame/category/index',
  '/pages/daogame/search/index',
  // Chat and live
  '/pages/chatroom/chat/index',
  '/pages/chatroom/setting/index',
  '/pages/chatroom/member/index',
  '/pages/chatroom/liveSetting/index',
  '/pages/chatroom/chatRedpacket/index',
  '/pages/chatroom/chatBountyCreate/index',
  '/pages/chatroom/announcement/index',
  '/pages/chatroom/cityActivities/index',
  '/pages/live/index',
  '/pages/live/broadcasterInfo/index',
  // Example and system pages
  '/example/v2/adds/messages/group/index',
  '/example/v2/adds/messages/chat/index',
  '/example/v2/adds/messages/live/index',
  '/example/v2/adds/live/index',
  '/example/v2/user/login/index',
  '/choose-location',
  '/open-location',
];

export const ROUTES: readonly RouteEntry[] = SPEC_PATHS.map((path) => ({
  path,
  load: PAGES[path],
  page: EAGER_PAGES[path],
}));
