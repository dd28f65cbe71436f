import type { Tree } from '../merge.ts';

/**
 * The contract's shared messages in this language only (the contract's `MESSAGES` holds all three). The first
 * screen shows none of them (a failed call there says the server's words, in the same language), so they come with
 * the rest rather than ahead of the first screen.
 */
export { zhHant as contract } from '@polaris/contract/messages/zh-Hant';

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
