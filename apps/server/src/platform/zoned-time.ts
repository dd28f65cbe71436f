/** Calendar arithmetic in an IANA time zone with Intl only: enough for "today", "this week" and month grids. */

interface ZonedParts {
  year: number;
  month: number;
  day: number;
  /** 0 = Monday ... 6 = Sunday. */
  weekday: number;
}

const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

/** The zone's wall clock at an instant: date, time to the second, and weekday. */
export function zonedClock(date: Date, timeZone: string) {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
    weekday: 'short',
    hourCycle: 'h23',
  }).formatToParts(date);
  const get = (type: string) => parts.find((part) => part.type === type)?.value ?? '0';
  return {
    year: Number(get('year')),
    month: Number(get('month')),
    day: Number(get('day')),
    hour: Number(get('hour')),
    minute: Number(get('minute')),
    second: Number(get('second')),
    weekday: WEEKDAYS.indexOf(get('weekday')),
  };
}

export function zonedDate(date: Date, timeZone: string): ZonedParts {
  const { year, month, day, weekday } = zonedClock(date, timeZone);
  return { year, month, day, weekday };
}

/** How far the zone's wall clock is ahead of UTC at an instant, in ms. */
function offsetAt(ms: number, timeZone: string): number {
  const p = zonedClock(new Date(ms), timeZone);
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - Math.floor(ms / 1000) * 1000;
}

/** The instant of local midnight on a calendar day in the zone (day may overflow; Date.UTC normalises it). */
export function zonedMidnight(year: number, month: number, day: number, timeZone: string): Date {
  return zonedWallTime(year, month, day, 0, timeZone);
}

/**
 * The instant the zone's wall clock shows this date and time, `minutes` after midnight (the day may overflow). A
 * time skipped by a DST change (02:30 on a spring-forward night) comes out as the instant just after the gap.
 */
export function zonedWallTime(year: number, month: number, day: number, minutes: number, timeZone: string): Date {
  const guess = Date.UTC(year, month - 1, day, 0, minutes);
  let instant = guess - offsetAt(guess, timeZone);
  // Across a DST change the offset at the guess and at the result differ; one correction settles it.
  instant = guess - offsetAt(instant, timeZone);
  return new Date(instant);
}

export type Range = { from: Date; to: Date };

export function rangeFor(when: 'today' | 'week' | 'weekend' | 'month', now: Date, timeZone: string): Range {
  const today = zonedDate(now, timeZone);
  const day = (offset: number) => zonedMidnight(today.year, today.month, today.day + offset, timeZone);
  switch (when) {
    case 'today':
      return { from: day(0), to: day(1) };
    case 'week':
      return { from: day(-today.weekday), to: day(7 - today.weekday) };
    case 'weekend':
      return { from: day(5 - today.weekday), to: day(7 - today.weekday) };
    case 'month':
      return {
        from: zonedMidnight(today.year, today.month, 1, timeZone),
        to: zonedMidnight(today.year, today.month + 1, 1, timeZone),
      };
  }
}

export function monthRange(month: string, timeZone: string): Range {
  const [year, mon] = month.split('-').map(Number) as [number, number];
  return { from: zonedMidnight(year, mon, 1, timeZone), to: zonedMidnight(year, mon + 1, 1, timeZone) };
}
