import { readStore, writeSlice } from '@/lib/storage.ts';
import { PATHS, pathnameOf } from './paths.ts';

/**
 * SPEC §4 first launch: the settings store already fills in the default currency, area code and first chain
 * (`withFirstLaunchDefaults`, lib/storage.ts); this adds the guide, shown once. The flag is set when the guide
 * opens, so a reload in the middle of it does not show it again.
 */
export function guideSeen(storage?: Storage | null): boolean {
  return readStore(storage).guide?.seen === true;
}

export function markGuideSeen(storage?: Storage | null): void {
  writeSlice('guide', { seen: true }, storage);
}

/**
 * Where the first visit goes before the page it asked for: the guide, carrying that page as `next`, so "start"
 * continues to it. Null when the guide was seen or this is the guide already.
 */
export function guideRedirect(current: string, storage?: Storage | null): string | null {
  if (guideSeen(storage)) return null;
  if (pathnameOf(current) === PATHS.guide) return null;
  return `${PATHS.guide}?next=${encodeURIComponent(current)}`;
}

/** The page "start" opens: the one the visitor asked for when it is a path of ours, else the activity home. */
export function guideNext(next: string | null): string {
  if (!next?.startsWith('/') || next.startsWith('//')) return PATHS.activityHome;
  return next;
}
