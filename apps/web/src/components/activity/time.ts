import type { Language } from '@polaris/contract';
import { formatMonthDay, formatTime, formatWeekday } from '@/lib/format.ts';

/**
 * The wall-clock time of `iso` in the IANA zone `timeZone`, as a local Date with the same fields, so the app's
 * date formats (lib/format.ts) can print it: an activity is shown in the zone it happens in, not the viewer's.
 */
export function wallClock(iso: string | Date, timeZone: string): Date {
  const date = typeof iso === 'string' ? new Date(iso) : iso;
  try {
    const parts = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    }).formatToParts(date);
    const get = (type: string) => Number(parts.find((part) => part.type === type)?.value ?? 0);
    return new Date(get('year'), get('month') - 1, get('day'), get('hour') % 24, get('minute'), get('second'));
  } catch {
    return date;
  }
}

/** "11月21日 星期五 19:30" in the activity's zone. */
export function formatWhen(iso: string, timeZone: string, language: Language): string {
  const local = wallClock(iso, timeZone);
  return `${formatMonthDay(local, language)} ${formatWeekday(local, language)} ${formatTime(local)}`;
}

/** Start and end: the end's date is repeated only when it is another day. */
export function formatRange(startsAt: string, endsAt: string, timeZone: string, language: Language): string {
  const start = wallClock(startsAt, timeZone);
  const end = wallClock(endsAt, timeZone);
  const sameDay = start.toDateString() === end.toDateString();
  const endText = sameDay ? formatTime(end) : formatWhen(endsAt, timeZone, language);
  return `${formatWhen(startsAt, timeZone, language)} – ${endText}`;
}

/** The zone's short name at that moment ("GMT+8"), to say which clock the times are on. */
export function zoneLabel(iso: string, timeZone: string): string {
  try {
    const parts = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'shortOffset' }).formatToParts(
      new Date(iso),
    );
    return parts.find((part) => part.type === 'timeZoneName')?.value ?? timeZone;
  } catch {
    return timeZone;
  }
}

/** YYYY-MM of a local date. */
export function monthKey(date: Date): string {
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}`;
}

/** YYYY-MM-DD of a local date. */
export function dayKey(date: Date): string {
  return `${monthKey(date)}-${String(date.getDate()).padStart(2, '0')}`;
}
