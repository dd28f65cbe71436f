import type { Tree } from '../merge.ts';

export { default as main } from '../zh-Hant.json';

/**
 * The areas the first screen (the shell and the activity home) shows; the other areas are zh-Hant.rest.ts, a chunk
 * every other page waits for (docs/performance.md "First screen"). FIRST_SCREEN_AREAS in catalogue.ts names the
 * same areas.
 */
export const areas = import.meta.glob<Tree>(
  ['../areas/activity/zh-Hant.json', '../areas/notices/zh-Hant.json', '../areas/appPlatform/zh-Hant.json'],
  { eager: true, import: 'default' },
);
