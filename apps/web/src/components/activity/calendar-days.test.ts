import type { CalendarItem } from '@polaris/contract';
import { describe, expect, it } from 'vitest';
import { itemLabelKey, itemsByDay, selectedDay } from './calendar-days.ts';

const item = (startsAt: string, timezone: string, extra: Partial<CalendarItem> = {}): CalendarItem => ({
  kind: 'joined',
  id: startsAt,
  title: 'Night',
  startsAt,
  endsAt: startsAt,
  timezone,
  location: null,
  note: null,
  status: 'approved',
  ...extra,
});

describe('the calendar month view', () => {
  it('puts an activity on the day it happens at the venue', () => {
    // 20:00 in Tokyo on 25 November is 11:00 UTC the same day; 00:30 on 1 December in Tokyo is 30 November in UTC.
    const byDay = itemsByDay([item('2026-11-25T11:00:00Z', 'Asia/Tokyo'), item('2026-11-30T15:30:00Z', 'Asia/Tokyo')]);
    expect([...byDay.keys()]).toEqual(['2026-11-25', '2026-12-01']);
  });

  it('selects a day in the new month when the month changes: the first with events, or the 1st', () => {
    const byDay = itemsByDay([item('2026-12-18T11:00:00Z', 'UTC'), item('2026-12-09T11:00:00Z', 'UTC')]);
    // The day picked in November does not stay selected in December.
    expect(selectedDay('2026-12', '2026-11-25', byDay)).toBe('2026-12-09');
    expect(selectedDay('2027-01', '2026-11-25', byDay)).toBe('2027-01-01');
    // A day picked in the month shown stays.
    expect(selectedDay('2026-12', '2026-12-20', byDay)).toBe('2026-12-20');
    // The previous month's items, still shown while the new month loads, are not in it.
    expect(selectedDay('2027-01', null, byDay)).toBe('2027-01-01');
  });

  it('says once what an item is', () => {
    expect(itemLabelKey({ kind: 'joined', status: 'approved' })).toBe('tickets.status.approved');
    expect(itemLabelKey({ kind: 'joined', status: 'waitlisted' })).toBe('tickets.status.waitlisted');
    expect(itemLabelKey({ kind: 'hosted', status: 'published' })).toBe('calendar.kind.hosted');
    expect(itemLabelKey({ kind: 'own', status: null })).toBe('calendar.kind.own');
  });
});
