import type { ComponentType } from 'react';

export type PageModule = { default: ComponentType };

/**
 * Every page but the first screen, each its own lazily loaded chunk, found by its file: a page is the
 * `index.tsx` of the folder its path names (`pageFileOf` in routes.ts). The activity home is left out: it ships
 * with the shell. This table is a chunk of its own, not part of the first screen's script: with the preload list
 * of every page it is about 7 KiB of brotli the activity home does not need (docs/performance.md "First screen").
 */
export const PAGE_FILES = import.meta.glob<PageModule>(['../pages/**/index.tsx', '!../pages/activity/index/index.tsx']);
