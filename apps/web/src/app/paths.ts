import { PATHS } from '@polaris/contract';
import { pathnameOf } from './pathname.ts';

export { type AppPath, href, PATHS, type PathName, type Query } from '@polaris/contract';
export { ACTIVITY_HOME_ALIAS, pathnameOf } from './pathname.ts';

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
