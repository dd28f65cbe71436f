import type { Tree } from '../merge.ts';

/** The default language's areas that only pages other than the first screen use (see zh-Hant.ts). */
export const areas = import.meta.glob<Tree>(
  [
    '../areas/*/zh-Hant.json',
    '!../areas/activity/zh-Hant.json',
    '!../areas/notices/zh-Hant.json',
    '!../areas/appPlatform/zh-Hant.json',
  ],
  { eager: true, import: 'default' },
);
