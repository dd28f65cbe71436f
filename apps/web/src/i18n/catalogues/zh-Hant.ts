import type { Tree } from '../merge.ts';

export { default as main } from '../zh-Hant.json';
export const areas = import.meta.glob<Tree>('../areas/*/zh-Hant.json', { eager: true, import: 'default' });
