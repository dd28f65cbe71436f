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
 * continues to it. Only a cold start of the home shows it (issue 23): `entry` is the route this page load began
 * on, and a load that began on a deep route (a shared link) opens that page and never the guide, not even when
 * the visitor later taps the home tab. Null when the guide was seen, this is the guide already, or the load did
 * not start on the home.
 */
export function guideRedirect(current: string, entry: string, storage?: Storage | null): string | null {
  if (guideSeen(storage)) return null;
  if (pathnameOf(entry) !== PATHS.activityHome || pathnameOf(current) !== PATHS.activityHome) return null;
  return `${PATHS.guide}?next=${encodeURIComponent(current)}`;
}

let entryRoute: string | null = null;

/** The route this page load started on: the first one asked about, kept for the life of the page. */
export function loadEntry(current: string): string {
  entryRoute ??= current;
  return entryRoute;
}

/** The page "start" opens: the one the visitor asked for when it is a path of ours, else the activity home. */
export function guideNext(next: string | null): string {
  if (!next?.startsWith('/') || next.startsWith('//')) return PATHS.activityHome;
  return next;
}
