import type { CalendarItem, Language } from '@polaris/contract';
import type { IcsEvent } from '../../platform/ics.ts';
import type { Links } from '../../platform/links.ts';
import { cityName } from '../../platform/places/cities.ts';
import type { ActivityItemRow, EntryRow } from './store.ts';

export function presentActivityItem(
  kind: 'joined' | 'hosted',
  row: ActivityItemRow,
  status: string,
  language: Language,
): CalendarItem {
  const place = [row.address, row.city === null ? null : cityName(row.city, language)].filter(Boolean).join(', ');
  return {
    kind,
    id: row.code,
    title: row.title,
    startsAt: new Date(row.starts_at).toISOString(),
    endsAt: new Date(row.ends_at).toISOString(),
    timezone: row.timezone,
    location: place || (row.online ? 'Online' : null),
    note: null,
    status,
  };
}

export function presentEntry(
  row: Pick<EntryRow, 'title' | 'timezone' | 'location' | 'note'> & {
    id: number | string;
    startsAt: Date | string;
    endsAt: Date | string;
  },
): CalendarItem {
  return {
    kind: 'own',
    id: String(row.id),
    title: row.title,
    startsAt: new Date(row.startsAt).toISOString(),
    endsAt: new Date(row.endsAt).toISOString(),
    timezone: row.timezone,
    location: row.location,
    note: row.note,
    status: null,
  };
}

/**
 * A calendar item as an iCalendar event; pending, waitlisted and draft ones are tentative. An activity's carries
 * the activity's revision (`sequence`), as its mailed invitations do, so the subscriber's calendar keeps one event.
 */
export function icsEventOf(item: CalendarItem, links: Links, updatedAt: Date, sequence?: number): IcsEvent {
  return {
    ...(sequence === undefined ? {} : { sequence }),
    uid: item.kind === 'own' ? `entry-${item.id}@polaris` : `activity-${item.id}@polaris`,
    title: item.title,
    startsAt: new Date(item.startsAt),
    endsAt: new Date(item.endsAt),
    location: item.location,
    description: item.note,
    url: item.kind === 'own' ? null : links.activity(item.id),
    status:
      item.status === 'cancelled'
        ? 'CANCELLED'
        : item.status === 'pending' || item.status === 'waitlisted' || item.status === 'draft'
          ? 'TENTATIVE'
          : 'CONFIRMED',
    updatedAt,
  };
}
