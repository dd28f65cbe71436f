import type { Tree } from '../merge.ts';

export { default as main } from '../zh-Hans.json';
export const areas = import.meta.glob<Tree>('../areas/*/zh-Hans.json', { eager: true, import: 'default' });
