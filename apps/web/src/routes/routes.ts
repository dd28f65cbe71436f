import type { ComponentType } from 'react';
import { type AppPath, PATHS, pathnameOf } from '@/app/paths.ts';
import { allStringsReady } from '@/i18n/index.ts';
import ActivityHomePage from '@/pages/activity/index/index.tsx';
import type { PageModule } from './page-loaders.ts';
import { SIGN_IN_TITLES } from './sign-in.ts';

export interface RouteEntry {
  path: AppPath;
  /** A page that exists; without one the route shows the honest "not available yet" page. */
  load?: () => Promise<PageModule | undefined>;
  /** The page itself, for the first screen only: it ships in the entry chunk, so it renders without a second trip. */
  page?: ComponentType;
  /** The page belongs to an account: a guest sees the guest wall named with this key (sign-in.ts). */
  signIn?: { title: string };
}

/**
 * The file of a path's page, as page-loaders.ts's glob names it: `/pages/activity/create/index` is
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

const pageLoaders = () => import('./page-loaders.ts');

/** A page's chunk, through the table of page chunks; undefined when the path has no page yet. */
async function loadPage(path: AppPath): Promise<PageModule | undefined> {
  const { PAGE_FILES } = await pageLoaders();
  return PAGE_FILES[pageFileOf(path)]?.();
}

/** One route per path of the map, in the spec's order; the sign-in-only ones carry their guest wall's title. */
export const ROUTES: readonly RouteEntry[] = Object.values(PATHS).map((path) =>
  path === PATHS.activityHome
    ? { path, page: ActivityHomePage }
    : { path, load: () => loadPage(path), ...signInOf(path) },
);

/**
 * What any other page needs (the table of page chunks, the rest of the language's strings), asked for before it
 * is: at once when the app opens on another page, else on the first touch, click or key on the activity home, so
 * the tap that opens a page does not wait a round trip for them.
 */
export function warmOtherPages(firstPath: string): void {
  const warm = () => {
    void pageLoaders();
    void allStringsReady();
  };
  if (pathnameOf(firstPath) !== PATHS.activityHome) {
    warm();
    return;
  }
  const events = ['pointerdown', 'touchstart', 'keydown'] as const;
  const once = () => {
    for (const event of events) window.removeEventListener(event, once, true);
    warm();
  };
  for (const event of events) window.addEventListener(event, once, { capture: true, passive: true });
}
