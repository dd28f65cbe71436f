import type { Tree } from '../merge.ts';

export { default as main } from '../en.json';

/**
 * The areas the first screen (the shell and the activity home) shows; the other areas are en.rest.ts, a chunk
 * every other page waits for (docs/performance.md "First screen"). FIRST_SCREEN_AREAS in catalogue.ts names the
 * same areas.
 */
export const areas = import.meta.glob<Tree>(
  ['../areas/activity/en.json', '../areas/notices/en.json', '../areas/appPlatform/en.json'],
  { eager: true, import: 'default' },
);
