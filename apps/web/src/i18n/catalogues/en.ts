import type { Tree } from '../merge.ts';

/** The contract's shared messages in this language only (the contract's `MESSAGES` holds all three). */
export { en as contract } from '@polaris/contract/messages/en';

export { default as main } from '../en.json';
export const areas = import.meta.glob<Tree>('../areas/*/en.json', { eager: true, import: 'default' });
