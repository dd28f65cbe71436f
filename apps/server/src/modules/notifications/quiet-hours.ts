/**
 * Quiet hours: push waits while the recipient's wall clock is inside [start, end) (minutes after midnight in their
 * IANA time zone; a span over midnight when start > end). Pure: Intl does the time-zone arithmetic
 * (platform/zoned-time.ts).
 */
import { zonedClock, zonedWallTime } from '../../platform/zoned-time.ts';

/** The time zone of quiet hours when the user never chose one (the product's home; zh-Hant is its default language). */
export const DEFAULT_TIMEZONE = 'Asia/Taipei';

export interface QuietHoursSetting {
  start: number;
  end: number;
  timeZone: string;
}

/** Whether a wall-clock minute of the day lies in the quiet span. */
export function inQuiet(minute: number, start: number, end: number): boolean {
  if (start === end) return false;
  return start < end ? minute >= start && minute < end : minute >= start || minute < end;
}

/** When push may go: `now` outside quiet hours (or with none), else the instant the quiet hours end. */
export function pushMayGoAt(quiet: QuietHoursSetting | null, now: Date): Date {
  if (!quiet || quiet.start === quiet.end) return now;
  const clock = zonedClock(now, quiet.timeZone);
  const minute = clock.hour * 60 + clock.minute;
  if (!inQuiet(minute, quiet.start, quiet.end)) return now;
  // Before the end today, or (a span over midnight, in its evening part) the end tomorrow.
  const day = minute < quiet.end ? clock.day : clock.day + 1;
  const end = zonedWallTime(clock.year, clock.month, day, quiet.end, quiet.timeZone);
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
