import { describe, expect, it } from 'vitest';
import {
  daysInMonth,
  firstOccurrences,
  formatLocalDate,
  localStart,
  nthWeekday,
  occurrences,
  type Recurrence,
  weekOfMonthOf,
} from './recurrence.ts';

/** A rule at 19:00 for 2 hours in Berlin from a day, weekly and open-ended unless overridden. */
function rule(anchor: string, overrides: Partial<Recurrence> = {}): Recurrence {
  const [year, month, day] = anchor.split('-').map(Number) as [number, number, number];
  return {
    frequency: 'weekly',
    weekOfMonth: null,
    anchor: { year, month, day },
    startMinutes: 19 * 60,
    durationMs: 2 * 3_600_000,
    timezone: 'Europe/Berlin',
    until: null,
    count: null,
    ...overrides,
  };
}

const days = (list: { date: Parameters<typeof formatLocalDate>[0] }[]) => list.map((o) => formatLocalDate(o.date));

describe('recurrence arithmetic', () => {
  it('keeps a weekly 19:00 in Berlin at 19:00 local across the last Sunday of October', () => {
    const weeks = firstOccurrences(rule('2026-10-20'), 3);
    // 19:00 CEST (UTC+2) before the change on 25 October, 19:00 CET (UTC+1) after.
    expect(weeks.map((o) => o.startsAt.toISOString())).toEqual([
      '2026-10-20T17:00:00.000Z',
      '2026-10-27T18:00:00.000Z',
      '2026-11-03T18:00:00.000Z',
    ]);
    expect(weeks.map((o) => localStart(o.startsAt, 'Europe/Berlin').minutes)).toEqual([1140, 1140, 1140]);
    // The duration is kept in real time: two hours each.
    expect(weeks.map((o) => o.endsAt.getTime() - o.startsAt.getTime())).toEqual([7_200_000, 7_200_000, 7_200_000]);
    // And into summer time on the last Sunday of March.
    const spring = firstOccurrences(rule('2027-03-23'), 2);
    expect(spring.map((o) => o.startsAt.toISOString())).toEqual([
      '2027-03-23T18:00:00.000Z',
      '2027-03-30T17:00:00.000Z',
    ]);
  });

  it('repeats every two weeks on the same weekday', () => {
    expect(days(firstOccurrences(rule('2026-12-29', { frequency: 'biweekly' }), 3))).toEqual([
      '2026-12-29',
      '2027-01-12',
      '2027-01-26',
    ]);
  });

  it('finds the second Tuesday of each month', () => {
    const second = rule('2027-01-12', { frequency: 'monthlyByWeekday', weekOfMonth: 2 });
    expect(days(firstOccurrences(second, 4))).toEqual(['2027-01-12', '2027-02-09', '2027-03-09', '2027-04-13']);
    expect(weekOfMonthOf({ year: 2027, month: 1, day: 12 })).toBe(2);
  });

  it('finds the last Friday of each month, four or five weeks in', () => {
    const last = rule('2027-01-29', { frequency: 'monthlyByWeekday', weekOfMonth: -1 });
    expect(days(firstOccurrences(last, 5))).toEqual([
      '2027-01-29',
      '2027-02-26',
      '2027-03-26',
      '2027-04-30',
      '2027-05-28',
    ]);
    // A day in the fifth week is the last of its weekday.
    expect(weekOfMonthOf({ year: 2027, month: 4, day: 30 })).toBe(-1);
    expect(nthWeekday(2027, 12, 4, -1)).toEqual({ year: 2027, month: 12, day: 31 });
  });

  it('knows month lengths: a monthly 31st skips shorter months, a 29th skips February but in leap years', () => {
    expect([daysInMonth(2027, 2), daysInMonth(2028, 2), daysInMonth(2027, 4), daysInMonth(2027, 12)]).toEqual([
      28, 29, 30, 31,
    ]);
    const on31 = rule('2027-01-31', { frequency: 'monthlyByDate' });
    expect(days(firstOccurrences(on31, 4))).toEqual(['2027-01-31', '2027-03-31', '2027-05-31', '2027-07-31']);
    const on29 = rule('2027-01-29', { frequency: 'monthlyByDate' });
    expect(days(firstOccurrences(on29, 14)).filter((day) => day.slice(5, 7) === '02')).toEqual(['2028-02-29']);
    const on14 = rule('2026-11-14', { frequency: 'monthlyByDate' });
    expect(days(firstOccurrences(on14, 3))).toEqual(['2026-11-14', '2026-12-14', '2027-01-14']);
  });

  it('ends after a count (the first included) or on the until day (inclusive)', () => {
    expect(firstOccurrences(rule('2026-10-20', { count: 3 }), 10)).toHaveLength(3);
    const until = rule('2026-10-20', { until: { year: 2026, month: 11, day: 10 } });
    expect(days(firstOccurrences(until, 10))).toEqual(['2026-10-20', '2026-10-27', '2026-11-03', '2026-11-10']);
  });

  it('stops where the caller stops it, indexes counting real occurrences only', () => {
    const window = Date.UTC(2027, 5, 1);
    const found = [
      ...occurrences(rule('2027-01-31', { frequency: 'monthlyByDate' }), (o) => o.startsAt.getTime() < window),
    ];
    expect(found.map((o) => o.index)).toEqual([0, 1, 2]);
  });
});
