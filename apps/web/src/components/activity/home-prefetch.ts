import type { QueryClient } from '@tanstack/react-query';
import { activityListOptions, citiesOptions } from '@/api/activity.ts';
import { homeListFilter } from '@/api/activity-requests.ts';
import { prefsStore } from '@/components/activity/city-store.ts';

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
