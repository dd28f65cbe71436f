import type { ComponentType } from 'react';

/**
 * Activity pages for guests (discovery, details, tickets, NFTs, calendar), by SPEC §2 path. The activity home
 * ('/') is not here: it is the first screen and ships in the entry chunk (app/routes.ts).
 */
export const GUEST_ACTIVITY_PAGES: Record<string, () => Promise<{ default: ComponentType }>> = {
  '/pages/activity/details/index': () => import('./details/index.tsx'),
  '/pages/activity/explore/index': () => import('./explore/index.tsx'),
  '/pages/activity/category-browse/index': () => import('./category-browse/index.tsx'),
  '/pages/activity/preferred-city/index': () => import('./preferred-city/index.tsx'),
  '/pages/activity/my/activities/index': () => import('./my/activities/index.tsx'),
  '/pages/activity/my/nft/index': () => import('./my/nft/index.tsx'),
  '/pages/activity/sign/index': () => import('./sign/index.tsx'),
  '/pages/activity/my/calendar/home/index': () => import('./my/calendar/home/index.tsx'),
  '/pages/activity/my/calendar/create/index': () => import('./my/calendar/create/index.tsx'),
  '/pages/activity/my/calendar/setting/index': () => import('./my/calendar/setting/index.tsx'),
  '/pages/activity/sift-calendar/index': () => import('./sift-calendar/index.tsx'),
};
