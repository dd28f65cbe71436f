/** Paths the app links to by name. Every path of SPEC §2 is listed in routes.ts. */
export const PATHS = {
  activityHome: '/',
  activityHomeLong: '/pages/activity/index/index',
  community: '/pages/chatroom/index',
  me: '/pages/home/index',
  market: '/pages/market/index',
  daogame: '/pages/daogame/index',
  my: '/pages/my/index',
  login: '/pages/user/login/index',
  loginCode: '/pages/user/login/code/index',
  loginHyper: '/pages/user/login/hyper/index',
  register: '/pages/user/register/index',
  forgot: '/pages/user/forgot/index',
  forgotEmailCheck: '/pages/user/forgot/email-check/index',
  forgotReceiveCode: '/pages/user/forgot/receive-code/index',
  forgotResetPassword: '/pages/user/forgot/reset-password/index',
  agreement: '/pages/user/agreement/index',
  createActivity: '/pages/activity/create/index',
  myCalendar: '/pages/activity/my/calendar/home/index',
  distribution: '/pages/activity/my/distribution/index',
  personalCenter: '/pages/my/personal-center/index',
  moreServices: '/pages/home/more-services/index',
  payments: '/pages/home/payments/index',
  transfer: '/pages/home/transfer/index',
  assetDetails: '/pages/home/assets/details/index',
  assetRecords: '/pages/home/assets/details/records-more/index',
  chooseAsset: '/pages/home/assets/choose/index',
  marketDetail: '/pages/market/detail/index',
  myAsset: '/pages/my/my-asset/index',
  choiceChain: '/pages/my/my-asset/choice-chain/index',
  addAsset: '/pages/my/my-asset/add-asset/index',
  traderPassword: '/pages/user/trader-password/index',
} as const;

/** SPEC §2: the jump helper switches tabs (no history growth) for these destinations. */
export const TAB_DESTINATIONS: readonly string[] = [
  PATHS.activityHome,
  PATHS.daogame,
  PATHS.community,
  PATHS.market,
  PATHS.me,
];

/** The tab bar itself shows three of them. */
export const TAB_BAR_PATHS: readonly string[] = [PATHS.activityHome, PATHS.community, PATHS.me];

export function pathnameOf(path: string): string {
  const pathname = path.split(/[?#]/)[0] ?? '';
  if (pathname === '' || pathname === PATHS.activityHomeLong) return PATHS.activityHome;
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
}

/** Pages that move money; SPEC §2 network-blocked frame replaces them where the region is blocked. */
export function isMoneyRoute(path: string): boolean {
  const pathname = pathnameOf(path);
  if (pathname === PATHS.me) return false;
  return ['/pages/market/', '/pages/home/', '/pages/red-envelope/', '/pages/bounty/', '/pages/daogame/'].some(
    (prefix) => pathname.startsWith(prefix),
  );
}

export const isLoginPath = (path: string) => pathnameOf(path).startsWith('/pages/user/login/');
export const isAuthFlowPath = (path: string) => pathnameOf(path).startsWith('/pages/user/');
