import type { Tree } from '../merge.ts';

/**
 * The contract's shared messages in this language only (the contract's `MESSAGES` holds all three). The first
 * screen shows none of them (a failed call there says the server's words, in the same language), so they come with
 * the rest rather than ahead of the first screen.
 */
export { zhHans as contract } from '@polaris/contract/messages/zh-Hans';

/** The areas that only pages other than the first screen use (see zh-Hans.ts). */
export const areas = import.meta.glob<Tree>(
  [
    '../areas/*/zh-Hans.json',
    '!../areas/activity/zh-Hans.json',
    '!../areas/notices/zh-Hans.json',
    '!../areas/appPlatform/zh-Hans.json',
  ],
  { eager: true, import: 'default' },
);
