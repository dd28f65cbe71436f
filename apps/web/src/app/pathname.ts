/**
 * A path's page, apart from the map of every path (paths.ts re-exports these), so the first screen's early script
 * (first-screen-boot.ts) can tell the activity home without carrying the whole map.
 */

export const ACTIVITY_HOME = '/';

/** The activity home's long form (SPEC §2 names it too); the router redirects it to `/`. */
export const ACTIVITY_HOME_ALIAS = '/pages/activity/index/index';

export function pathnameOf(path: string): string {
  const pathname = path.split(/[?#]/)[0] ?? '';
  if (pathname === '' || pathname === ACTIVITY_HOME_ALIAS) return ACTIVITY_HOME;
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
}
