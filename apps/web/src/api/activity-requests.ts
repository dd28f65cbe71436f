import type { ActivityCategory } from '@polaris/contract';
import { activityApi } from '@polaris/contract';
import type { Params } from './request-url.ts';

/**
 * The activity home's requests as plain data, without the query machinery: the list hooks (activity.ts) and the
 * first screen's early requests (app/early-requests.ts), sent before the app has loaded, ask for the same URLs.
 */

export interface ListFilter {
  city?: string;
  category?: ActivityCategory;
  when?: 'today' | 'week' | 'weekend' | 'month';
  free?: boolean;
  online?: boolean;
  q?: string;
  /** Only what this user organizes (a broadcaster's card). */
  hostUid?: string;
}

export interface HomeFilters {
  city: string;
  category?: ActivityCategory;
  week?: boolean;
  free?: boolean;
  q?: string;
}

/** The device's IANA time zone: "this week" and calendar months are the user's, not the server's. */
export function deviceTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/** The list filter of the activity home's controls; empty controls add nothing to the query. */
export function homeListFilter({ city, category, week, free, q }: HomeFilters): ListFilter {
  return {
    city: city || undefined,
    category,
    when: week ? 'week' : undefined,
    free: free || undefined,
    q: q || undefined,
  };
}

export const ACTIVITY_LIST_PATH = activityApi.list.path;
export const ACTIVITY_CITIES_PATH = activityApi.cities.path;

/** The query of one page of the activity list. */
export function activityListParams(filter: ListFilter, cursor: string | undefined): Params {
  return { ...filter, tz: deviceTimeZone(), cursor, limit: 20 };
}
