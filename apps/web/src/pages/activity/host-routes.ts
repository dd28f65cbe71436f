import type { ComponentType } from 'react';

/** Activity pages for organizers (create, edit, manage, check-in, location), by SPEC §2 path. */
export const HOST_ACTIVITY_PAGES: Record<string, () => Promise<{ default: ComponentType }>> = {
  '/pages/activity/create/index': () => import('./create/index.tsx'),
  '/pages/activity/manage/index': () => import('./manage/index.tsx'),
  '/pages/activity/manage/assembly/overview/send-invite/index': () =>
    import('./manage/assembly/overview/send-invite/index.tsx'),
  '/pages/activity/manage/assembly/overview/invite-participants/index': () =>
    import('./manage/assembly/overview/invite-participants/index.tsx'),
  '/pages/activity/manage/assembly/overview/activity-edit/index': () =>
    import('./manage/assembly/overview/activity-edit/index.tsx'),
  '/pages/activity/manage/assembly/join/sign/index': () => import('./manage/assembly/join/sign/index.tsx'),
  '/pages/activity/manage/assembly/join/scan/index': () => import('./manage/assembly/join/scan/index.tsx'),
  '/pages/activity/manage/marketing/index': () => import('./manage/marketing/index.tsx'),
  '/choose-location': () => import('../choose-location/index.tsx'),
  '/open-location': () => import('../open-location/index.tsx'),
};
