import type { SeriesFrequency } from '@polaris/contract';
import { zonedClock, zonedWallTime } from '../../../platform/zoned-time.ts';

/**
 * The dates of a recurring series, in the venue's time zone with Intl only (platform/zoned-time.ts). Every
 * occurrence starts at the same wall-clock time in that zone, whatever daylight saving does in between, and lasts
 * as long as the first. Pure: series.service.ts decides which of them to create and when.
 */

/** A calendar day in the zone, month 1–12. */
export interface LocalDate {
  year: number;
  month: number;
  day: number;
}

export interface Recurrence {
  frequency: SeriesFrequency;
  /** monthlyByWeekday: the week of the month, 1–4, or -1 for the last. */
  weekOfMonth: number | null;
  /** The first occurrence's day in the zone; the rule repeats its weekday or its day of the month. */
  anchor: LocalDate;
  /** Minutes after local midnight the occurrences start at. */
  startMinutes: number;
  durationMs: number;
  timezone: string;
  /** The last day an occurrence may fall on (inclusive), or null. */
  until: LocalDate | null;
  /** How many occurrences in all (the first included), or null. */
  count: number | null;
}

export interface Occurrence {
  /** 0 is the first occurrence (the series' own activity). */
  index: number;
  date: LocalDate;
  startsAt: Date;
  endsAt: Date;
}

/** Days in a month (1–12) of a year: the day before the next month's first. */
export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** 0 = Monday … 6 = Sunday, as zoned-time.ts counts. */
function weekdayOf(date: LocalDate): number {
  return (new Date(Date.UTC(date.year, date.month - 1, date.day)).getUTCDay() + 6) % 7;
}

function addDays(date: LocalDate, days: number): LocalDate {
  const moved = new Date(Date.UTC(date.year, date.month - 1, date.day + days));
  return { year: moved.getUTCFullYear(), month: moved.getUTCMonth() + 1, day: moved.getUTCDate() };
}

/** The week of the month a day falls in, 1–4, or -1 when it is in the fifth (then it is the last). */
export function weekOfMonthOf(date: LocalDate): number {
  const week = Math.ceil(date.day / 7);
  return week === 5 ? -1 : week;
}

/** The day of a month that is its n-th (1–4) or last (-1) given weekday, or null (never null for 1–4). */
export function nthWeekday(year: number, month: number, weekday: number, week: number): LocalDate | null {
  if (week === -1) {
    const last = daysInMonth(year, month);
    const lastWeekday = weekdayOf({ year, month, day: last });
    return { year, month, day: last - ((lastWeekday - weekday + 7) % 7) };
  }
  const firstWeekday = weekdayOf({ year, month, day: 1 });
  const day = 1 + ((weekday - firstWeekday + 7) % 7) + (week - 1) * 7;
  return day <= daysInMonth(year, month) ? { year, month, day } : null;
}

const compare = (a: LocalDate, b: LocalDate) => a.year - b.year || a.month - b.month || a.day - b.day;

/**
 * The n-th candidate day after the anchor (step 0 is the anchor), or null when that month has no such day: a
 * monthly series on the 31st skips months of 30 days and February, as RFC 5545 does, rather than move the day.
 */
function candidate(rule: Recurrence, step: number): LocalDate | null {
  const { anchor } = rule;
  switch (rule.frequency) {
    case 'weekly':
      return addDays(anchor, 7 * step);
    case 'biweekly':
      return addDays(anchor, 14 * step);
    case 'monthlyByDate': {
      const months = anchor.month - 1 + step;
      const year = anchor.year + Math.floor(months / 12);
      const month = (months % 12) + 1;
      return anchor.day <= daysInMonth(year, month) ? { year, month, day: anchor.day } : null;
    }
    case 'monthlyByWeekday': {
      const months = anchor.month - 1 + step;
      const year = anchor.year + Math.floor(months / 12);
      const month = (months % 12) + 1;
      const day = nthWeekday(year, month, weekdayOf(anchor), rule.weekOfMonth ?? weekOfMonthOf(anchor));
      // The first month's day is the anchor itself, even where the anchor is not the rule's day.
      return step === 0 ? anchor : day;
    }
  }
}

/** Sanity bound on the months a monthly rule may skip in a row (a 31st skips at most two). */
const MAX_GAP = 12;

/**
 * The occurrences in order, from the first, while `keep` says so, the rule's end (until or count) allowing. The
 * generator stops at the first occurrence `keep` refuses, so callers pass a window's end.
 */
export function* occurrences(rule: Recurrence, keep: (occurrence: Occurrence) => boolean): Generator<Occurrence> {
  let index = 0;
  let gap = 0;
  for (let step = 0; ; step++) {
    if (rule.count !== null && index >= rule.count) return;
    const date = candidate(rule, step);
    if (!date) {
      if (++gap > MAX_GAP) return;
      continue;
    }
    gap = 0;
    if (rule.until && compare(date, rule.until) > 0) return;
    const startsAt = zonedWallTime(date.year, date.month, date.day, rule.startMinutes, rule.timezone);
    const occurrence = { index, date, startsAt, endsAt: new Date(startsAt.getTime() + rule.durationMs) };
    if (!keep(occurrence)) return;
    yield occurrence;
    index++;
  }
}

/** The first `n` occurrences (or fewer, when the rule ends before). */
export function firstOccurrences(rule: Recurrence, n: number): Occurrence[] {
  return [...occurrences(rule, (occurrence) => occurrence.index < n)];
}

/** An instant as the zone's calendar day and minutes after midnight: where a series anchors. */
export function localStart(at: Date, timezone: string): { date: LocalDate; minutes: number } {
  const clock = zonedClock(at, timezone);
  return { date: { year: clock.year, month: clock.month, day: clock.day }, minutes: clock.hour * 60 + clock.minute };
}

export const formatLocalDate = (date: LocalDate) =>
  `${date.year}-${String(date.month).padStart(2, '0')}-${String(date.day).padStart(2, '0')}`;

export function parseLocalDate(text: string): LocalDate {
  const [year, month, day] = text.split('-').map(Number) as [number, number, number];
  return { year, month, day };
}
