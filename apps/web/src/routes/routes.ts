import type { ComponentType } from 'react';
import { type AppPath, PATHS } from '@/app/paths.ts';
import ActivityHomePage from '@/pages/activity/index/index.tsx';
import { SIGN_IN_TITLES } from './sign-in.ts';

type PageModule = { default: ComponentType };

export interface RouteEntry {
  path: AppPath;
  /** A page that exists; without one the route shows the honest "not available yet" page. */
  load?: () => Promise<PageModule>;
  /** The page itself, for the first screen only: it ships in the entry chunk, so it renders without a second trip. */
  page?: ComponentType;
  /** The page belongs to an account: a guest sees the guest wall named with this key (sign-in.ts). */
  signIn?: { title: string };
}

/**
 * Every page but the first screen, each its own lazily loaded chunk, found by its file: a page is the
 * `index.tsx` of the folder its path names (`pageFileOf`). The activity home is left out: it is what nearly every
 * visit opens, and a lazy chunk would cost one more round trip before anything useful paints, so it ships with
 * the shell (docs/performance.md "First screen").
 */
const PAGE_FILES = import.meta.glob<PageModule>(['../pages/**/index.tsx', '!../pages/activity/index/index.tsx']);

/**
 * The file of a path's page, as this module's glob names it: `/pages/activity/create/index` is
 * `pages/activity/create/index.tsx`, `/choose-location` is `pages/choose-location/index.tsx`.
 */
export function pageFileOf(path: string): string {
  const folder = path.replace(/\/index$/, '');
  return `..${folder.startsWith('/pages/') ? '' : '/pages'}${folder}/index.tsx`;
}

const signInOf = (path: AppPath) => {
  const title = SIGN_IN_TITLES[path];
  return title ? { signIn: { title } } : {};
};

/** One route per path of the map, in the spec's order; the sign-in-only ones carry their guest wall's title. */
export const ROUTES: readonly RouteEntry[] = Object.values(PATHS).map((path) =>
  path === PATHS.activityHome
    ? { path, page: ActivityHomePage }
    : { path, load: PAGE_FILES[pageFileOf(path)], ...signInOf(path) },
);
