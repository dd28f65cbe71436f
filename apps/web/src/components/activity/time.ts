import { type Language, zoneLabel } from '@polaris/contract';
import { formatMonthDay, formatTime, formatWeekday } from '@/lib/format.ts';

/**
 * One formatter per zone: making one costs far more than using it (about 2 ms each on a slow phone, and the home's
 * first render prints every card's time; docs/performance.md "First screen").
 */
const formats = new Map<string, Intl.DateTimeFormat>();

/** The zone's wall-clock formatter (24-hour, to the second); throws for a zone Intl does not know. */
export function wallClockFormat(timeZone: string): Intl.DateTimeFormat {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formats.set(timeZone, format);
  }
  return format;
}

/**
 * The wall-clock time of `iso` in the IANA zone `timeZone`, as a local Date with the same fields, so the app's
 * date formats (lib/format.ts) can print it: an activity is shown in the zone it happens in, not the viewer's.
 */
export function wallClock(iso: string | Date, timeZone: string): Date {
  const date = typeof iso === 'string' ? new Date(iso) : iso;
  try {
    const parts = wallClockFormat(timeZone).formatToParts(date);
    const get = (type: string) => Number(parts.find((part) => part.type === type)?.value ?? 0);
    return new Date(get('year'), get('month') - 1, get('day'), get('hour') % 24, get('minute'), get('second'));
  } catch {
    return date;
  }
}

/**
 * The one rule for an activity's times (docs/activity-screens-host.md "Times"): every time of an activity, on its
 * page, cards, calendar, my activities, tickets, manage pages and reminders, is the wall clock of the activity's
 * own zone, labelled with that zone's offset, so a viewer elsewhere reads the venue's time and knows it.
 */
export { zoneLabel };

/** "20:00" on the activity's clock (shown beside its zone label). */
export function formatClock(iso: string, timeZone: string): string {
  return formatTime(wallClock(iso, timeZone));
}

/** "11月21日 星期五 19:30 GMT+8": the date and time in the activity's zone, labelled. */
export function formatWhen(iso: string, timeZone: string, language: Language): string {
  return `${unlabelled(iso, timeZone, language)} ${zoneLabel(iso, timeZone)}`;
}

/** Start and end, labelled once: the end's date is repeated only when it is another day. */
export function formatRange(startsAt: string, endsAt: string, timeZone: string, language: Language): string {
  const start = wallClock(startsAt, timeZone);
  const end = wallClock(endsAt, timeZone);
  const startLabel = zoneLabel(startsAt, timeZone);
  const endLabel = zoneLabel(endsAt, timeZone);
  const sameDay = start.toDateString() === end.toDateString();
  const endText = sameDay ? formatTime(end) : unlabelled(endsAt, timeZone, language);
  // A change of offset in between (daylight saving) labels both ends.
  if (startLabel !== endLabel)
    return `${unlabelled(startsAt, timeZone, language)} ${startLabel} – ${endText} ${endLabel}`;
  return `${unlabelled(startsAt, timeZone, language)} – ${endText} ${startLabel}`;
}

/** YYYY-MM-DD of the day the activity happens on, in its own zone (where the calendar puts it). */
export function activityDay(iso: string, timeZone: string): string {
  return dayKey(wallClock(iso, timeZone));
}

function unlabelled(iso: string, timeZone: string, language: Language): string {
  const local = wallClock(iso, timeZone);
  return `${formatMonthDay(local, language)} ${formatWeekday(local, language)} ${formatTime(local)}`;
}

/** YYYY-MM of a local date. */
export function monthKey(date: Date): string {
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}`;
}

/** YYYY-MM-DD of a local date. */
export function dayKey(date: Date): string {
  return `${monthKey(date)}-${String(date.getDate()).padStart(2, '0')}`;
}
