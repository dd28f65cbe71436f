import type { ActivityCategory } from '@polaris/contract';
import type { QueryClient } from '@tanstack/react-query';
import { activityListOptions, citiesOptions, type ListFilter } from '@/api/activity.ts';
import { prefsStore } from '@/components/activity/city-store.ts';

export interface HomeFilters {
  city: string;
  category?: ActivityCategory;
  week?: boolean;
  free?: boolean;
  q?: string;
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

/**
 * Started before the app first renders, when the activity home is the page being opened: its list and the
 * cities are then on their way while the rest of the app starts, instead of after it has rendered. The keys
 * are the ones the page asks for, so it finds them in flight or done.
 */
export function prefetchActivityHome(client: QueryClient): void {
  const filter = homeListFilter({ city: prefsStore.getState().city });
  void client.prefetchInfiniteQuery(activityListOptions(filter));
  void client.prefetchQuery(citiesOptions());
}
