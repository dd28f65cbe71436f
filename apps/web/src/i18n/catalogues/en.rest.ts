import type { Tree } from '../merge.ts';

/**
 * The contract's shared messages in this language only (the contract's `MESSAGES` holds all three). The first
 * screen shows none of them (a failed call there says the server's words, in the same language), so they come with
 * the rest rather than ahead of the first screen.
 */
export { en as contract } from '@polaris/contract/messages/en';

/** The areas that only pages other than the first screen use (see en.ts). */
export const areas = import.meta.glob<Tree>(
  ['../areas/*/en.json', '!../areas/activity/en.json', '!../areas/notices/en.json', '!../areas/appPlatform/en.json'],
  { eager: true, import: 'default' },
);
