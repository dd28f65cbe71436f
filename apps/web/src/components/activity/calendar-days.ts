import type { CalendarItem } from '@polaris/contract';
import { activityDay } from './time.ts';

/** The calendar's items by the day they happen on, in each item's own zone (YYYY-MM-DD), in the order given. */
export function itemsByDay(items: readonly CalendarItem[]): Map<string, CalendarItem[]> {
  const byDay = new Map<string, CalendarItem[]>();
  for (const item of items) {
    const key = activityDay(item.startsAt, item.timezone);
    byDay.set(key, [...(byDay.get(key) ?? []), item]);
  }
  return byDay;
}

/**
 * The day the month view shows under its grid: the day the user picked, else (after a change of month, and until
 * they pick) the month's first day with something on it, else its 1st.
 */
export function selectedDay(month: string, picked: string | null, byDay: ReadonlyMap<string, unknown>): string {
  if (picked?.startsWith(`${month}-`)) return picked;
  const first = [...byDay.keys()].filter((day) => day.startsWith(`${month}-`)).sort()[0];
  return first ?? `${month}-01`;
}

/**
 * What an item's line says it is, once: a joined activity by its registration's state ("已報名", "候補中"),
 * a hosted one as hosted, an own entry as the user's. (It said "已報名 · 已報名" when kind and state agreed.)
 */
export function itemLabelKey(item: Pick<CalendarItem, 'kind' | 'status'>): string {
  if (item.kind === 'joined' && item.status) return `tickets.status.${item.status}`;
  return `calendar.kind.${item.kind}`;
}
