import type { Tree } from '../merge.ts';

/** The contract's shared messages in this language only (the contract's `MESSAGES` holds all three). */
export { zhHans as contract } from '@polaris/contract/messages/zh-Hans';

export { default as main } from '../zh-Hans.json';
export const areas = import.meta.glob<Tree>('../areas/*/zh-Hans.json', { eager: true, import: 'default' });
