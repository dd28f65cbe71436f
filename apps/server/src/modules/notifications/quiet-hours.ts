/**
 * Quiet hours: push waits while the recipient's wall clock is inside [start, end) (minutes after midnight in their
 * IANA time zone; a span over midnight when start > end). Pure: Intl does the time-zone arithmetic.
 */
/** The time zone of quiet hours when the user never chose one (the product's home; zh-Hant is its default language). */
export const DEFAULT_TIMEZONE = 'Asia/Taipei';

export interface QuietHoursSetting {
  start: number;
  end: number;
  timeZone: string;
}

function wallClock(ms: number, timeZone: string) {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
    hourCycle: 'h23',
  }).formatToParts(new Date(ms));
  const get = (type: string) => Number(parts.find((part) => part.type === type)?.value ?? 0);
  return {
    year: get('year'),
    month: get('month'),
    day: get('day'),
    hour: get('hour'),
    minute: get('minute'),
    second: get('second'),
  };
}

/** How far the zone's wall clock is ahead of UTC at an instant, in ms. */
function offsetAt(ms: number, timeZone: string): number {
  const p = wallClock(ms, timeZone);
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - Math.floor(ms / 1000) * 1000;
}

/**
 * The instant the zone's wall clock shows this date and time (the day may overflow). A time skipped by a DST change
 * (02:30 on a spring-forward night) comes out as the instant just after the gap would put it.
 */
function wallTimeInstant(year: number, month: number, day: number, minutes: number, timeZone: string): Date {
  const guess = Date.UTC(year, month - 1, day, 0, minutes);
  let instant = guess - offsetAt(guess, timeZone);
  // Across a DST change the offset at the guess and at the result differ; one correction settles it.
  instant = guess - offsetAt(instant, timeZone);
  return new Date(instant);
}

/** Whether a wall-clock minute of the day lies in the quiet span. */
export function inQuiet(minute: number, start: number, end: number): boolean {
  if (start === end) return false;
  return start < end ? minute >= start && minute < end : minute >= start || minute < end;
}

/** When push may go: `now` outside quiet hours (or with none), else the instant the quiet hours end. */
export function pushMayGoAt(quiet: QuietHoursSetting | null, now: Date): Date {
  if (!quiet || quiet.start === quiet.end) return now;
  const clock = wallClock(now.getTime(), quiet.timeZone);
  const minute = clock.hour * 60 + clock.minute;
  if (!inQuiet(minute, quiet.start, quiet.end)) return now;
  // Before the end today, or (a span over midnight, in its evening part) the end tomorrow.
  const day = minute < quiet.end ? clock.day : clock.day + 1;
  const end = wallTimeInstant(clock.year, clock.month, day, quiet.end, quiet.timeZone);
  return end.getTime() > now.getTime() ? end : now;
}

/** A real IANA time zone name (`Asia/Taipei`, `UTC`), as Intl knows it; offsets and abbreviations are refused. */
export function isTimeZone(name: string): boolean {
  if (name.length > 64 || !/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/.test(name)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** `HH:MM` <-> minutes after midnight. */
export function clockToMinutes(clock: string): number {
  const [hours, minutes] = clock.split(':').map(Number) as [number, number];
  return hours * 60 + minutes;
}

export function minutesToClock(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}
