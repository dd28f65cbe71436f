/** In-app pages (hash routes of the web app): the map both sides import (docs/decisions.md, "One path map"). */

/**
 * Every path of SPEC §2, by name, in the spec's order: the one place an in-app path is written, for the web and the
 * server alike. The web's route table (apps/web/src/routes/routes.ts) gives each a page or the "not available yet"
 * page; the server's notices, mails and share links name their page here too, so a renamed page breaks the build of
 * both, not a link. Every link carries its query through `href()`.
 */
export const PATHS = {
  // Tab bar
  activityHome: '/',
  community: '/pages/chatroom/index',
  me: '/pages/home/index',
  // Wallet and home
  market: '/pages/market/index',
  my: '/pages/my/index',
  moreServices: '/pages/home/more-services/index',
  airdrop: '/pages/home/airdrop/index',
  airdropDetail: '/pages/home/airdrop/detail/index',
  payments: '/pages/home/payments/index',
  transfer: '/pages/home/transfer/index',
  assetDetails: '/pages/home/assets/details/index',
  assetRecords: '/pages/home/assets/details/records-more/index',
  shelvesCoin: '/pages/home/shelves-coin/index',
  chooseAsset: '/pages/home/assets/choose/index',
  marketDetail: '/pages/market/detail/index',
  // My
  inviteGift: '/pages/my/invite-gift/index',
  securityCenter: '/pages/my/security-center/index',
  deleteAccount: '/pages/my/security-center/del-account/index',
  googleAuth: '/pages/my/security-center/gauth/index',
  loginPassword: '/pages/my/security-center/password/index',
  antiPhishing: '/pages/my/security-center/anti-phishing/index',
  myAsset: '/pages/my/my-asset/index',
  choiceChain: '/pages/my/my-asset/choice-chain/index',
  addAsset: '/pages/my/my-asset/add-asset/index',
  personalCenter: '/pages/my/personal-center/index',
  joinCommunity: '/pages/my/join-community/index',
  aboutUs: '/pages/my/about-us/index',
  /** Not in SPEC §2, which names no membership page: it sits with the other pages of My (docs/membership.md). */
  vip: '/pages/my/vip/index',
  /** Not in SPEC §2 either: the inbox and its settings (issue 22, docs/notifications.md). */
  notices: '/pages/my/notices/index',
  noticeSettings: '/pages/my/notices/settings/index',
  /** Not in SPEC §2 either: proof of reserves, every user's own check (issue 34, docs/proof-of-reserves.md). */
  reserves: '/pages/my/reserves/index',
  /** Not in SPEC §2 either: saved withdrawal addresses and the allowlist (issue 34, docs/wallet.md). */
  addressBook: '/pages/home/address-book/index',
  /** Not in SPEC §2 either: the people one blocked in chat, to unblock (issue 35, docs/chat.md). */
  chatBlocked: '/pages/my/blocked/index',
  // Common
  webView: '/pages/common/web-view/index',
  guide: '/pages/common/guide/index',
  // Activity
  createActivity: '/pages/activity/create/index',
  myActivities: '/pages/activity/my/activities/index',
  myCalendar: '/pages/activity/my/calendar/home/index',
  calendarCreate: '/pages/activity/my/calendar/create/index',
  calendarSetting: '/pages/activity/my/calendar/setting/index',
  myNft: '/pages/activity/my/nft/index',
  selfCheckin: '/pages/activity/sign/index',
  activityDetails: '/pages/activity/details/index',
  /** Not in SPEC §2: a recurring series and its coming dates (docs/activities.md "Recurring series"). */
  activitySeries: '/pages/activity/series/index',
  categoryBrowse: '/pages/activity/category-browse/index',
  siftCalendar: '/pages/activity/sift-calendar/index',
  preferredCity: '/pages/activity/preferred-city/index',
  manageActivity: '/pages/activity/manage/index',
  taskBounty: '/pages/activity/manage/assembly/overview/task-bounty/index',
  sendInvite: '/pages/activity/manage/assembly/overview/send-invite/index',
  inviteParticipants: '/pages/activity/manage/assembly/overview/invite-participants/index',
  editActivity: '/pages/activity/manage/assembly/overview/activity-edit/index',
  checkinCode: '/pages/activity/manage/assembly/join/sign/index',
  checkinScan: '/pages/activity/manage/assembly/join/scan/index',
  marketing: '/pages/activity/manage/marketing/index',
  promoCodes: '/pages/activity/manage/promo/index',
  distribution: '/pages/activity/my/distribution/index',
  creatorStatistics: '/pages/activity/my/creatorStatistics/index',
  explore: '/pages/activity/explore/index',
  // Red envelope
  redEnvelope: '/pages/red-envelope/index',
  redEnvelopePassword: '/pages/red-envelope/password/index',
  redEnvelopePasswordShare: '/pages/red-envelope/password/share/index',
  redEnvelopeSocialize: '/pages/red-envelope/socialize/index',
  redEnvelopeReceive: '/pages/red-envelope/receive/index',
  // User
  login: '/pages/user/login/index',
  loginHyper: '/pages/user/login/hyper/index',
  loginCode: '/pages/user/login/code/index',
  register: '/pages/user/register/index',
  forgot: '/pages/user/forgot/index',
  forgotEmailCheck: '/pages/user/forgot/email-check/index',
  forgotReceiveCode: '/pages/user/forgot/receive-code/index',
  forgotResetPassword: '/pages/user/forgot/reset-password/index',
  agreement: '/pages/user/agreement/index',
  traderPassword: '/pages/user/trader-password/index',
  // Bounty
  bounty: '/pages/bounty/index',
  bountyDetail: '/pages/bounty/bounty-detail/index',
  bountyList: '/pages/bounty/bounty-list/index',
  bountyCreate: '/pages/bounty/bounty-create/index',
  bountyMine: '/pages/bounty/bounty-mine/index',
  bountyManage: '/pages/bounty/bounty-manage/index',
  // Daogame
  daogame: '/pages/daogame/index',
  daogameDetail: '/pages/daogame/detail/index',
  daogameRank: '/pages/daogame/rank/index',
  daogameCategory: '/pages/daogame/category/index',
  daogameSearch: '/pages/daogame/search/index',
  // Chat and live
  chat: '/pages/chatroom/chat/index',
  chatSetting: '/pages/chatroom/setting/index',
  chatMembers: '/pages/chatroom/member/index',
  liveSetting: '/pages/chatroom/liveSetting/index',
  chatRedPacket: '/pages/chatroom/chatRedpacket/index',
  chatBountyCreate: '/pages/chatroom/chatBountyCreate/index',
  chatAnnouncement: '/pages/chatroom/announcement/index',
  cityActivities: '/pages/chatroom/cityActivities/index',
  /** Not in SPEC §2: a room's open reports, for its admins (issue 35, docs/chat.md). */
  chatReports: '/pages/chatroom/reports/index',
  /** Not in SPEC §2: a room's messages held for approval, for its admins (issue 35, docs/chat.md "Held links"). */
  chatHeld: '/pages/chatroom/held/index',
  live: '/pages/live/index',
  broadcasterInfo: '/pages/live/broadcasterInfo/index',
  // Example and system pages
  exampleGroupMessages: '/example/v2/adds/messages/group/index',
  exampleChatMessages: '/example/v2/adds/messages/chat/index',
  exampleLiveMessages: '/example/v2/adds/messages/live/index',
  exampleLive: '/example/v2/adds/live/index',
  exampleLogin: '/example/v2/user/login/index',
  chooseLocation: '/choose-location',
  openLocation: '/open-location',
} as const;

export type PathName = keyof typeof PATHS;
/** A path of the map: what the route table registers and what links and `jump()` accept. */
export type AppPath = (typeof PATHS)[PathName];

/** Query values a link carries; `undefined` and `null` leave the parameter out. */
export type Query = Record<string, string | number | null | undefined>;

/** A link to a page of the map with its query, encoded: `href(PATHS.activityDetails, { id })`. */
export function href(path: AppPath, query: Query = {}): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}
