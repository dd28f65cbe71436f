import type { Tree } from '../merge.ts';

export { default as main } from '../en.json';
export const areas = import.meta.glob<Tree>('../areas/*/en.json', { eager: true, import: 'default' });
