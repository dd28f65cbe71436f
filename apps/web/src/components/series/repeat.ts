import type { SeriesCreate, SeriesFrequency } from '@polaris/contract';

/**
 * The create form's "Repeats" choice, worked out from the start as typed (wall clock `YYYY-MM-DDTHH:mm` in the
 * activity's zone): which rules fit that day, what the series call sends, and what is wrong before sending. Pure.
 */

export type RepeatChoice = 'none' | 'weekly' | 'biweekly' | 'monthlyByDate' | 'monthlyByWeekday' | 'monthlyLast';

export interface RepeatForm {
  choice: RepeatChoice;
  end: 'count' | 'until';
  /** Occurrences in all, the first included. */
  count: string;
  /** The last day, `YYYY-MM-DD`. */
  until: string;
}

export const noRepeat = (): RepeatForm => ({ choice: 'none', end: 'count', count: '8', until: '' });

export interface StartDay {
  year: number;
  month: number;
  day: number;
  /** 0 = Monday … 6 = Sunday. */
  weekday: number;
  /** 1–4, or 5 in the month's fifth week. */
  week: number;
  /** Whether no later day of the month has this weekday. */
  last: boolean;
}

/** The start's day, or null while the start is not a full date. */
export function startDay(startWall: string): StartDay | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(startWall);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const days = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (month < 1 || month > 12 || day < 1 || day > days) return null;
  const weekday = (new Date(Date.UTC(year, month - 1, day)).getUTCDay() + 6) % 7;
  return { year, month, day, weekday, week: Math.ceil(day / 7), last: day + 7 > days };
}

/** The choices the start's day allows: "the second Tuesday" up to the fourth, "the last" when it is the last. */
export function repeatChoices(day: StartDay | null): RepeatChoice[] {
  if (!day) return ['none', 'weekly', 'biweekly'];
  return [
    'none',
    'weekly',
    'biweekly',
    'monthlyByDate',
    ...(day.week <= 4 ? (['monthlyByWeekday'] as const) : []),
    ...(day.last ? (['monthlyLast'] as const) : []),
  ];
}

const FREQUENCY: Record<Exclude<RepeatChoice, 'none'>, SeriesFrequency> = {
  weekly: 'weekly',
  biweekly: 'biweekly',
  monthlyByDate: 'monthlyByDate',
  monthlyByWeekday: 'monthlyByWeekday',
  monthlyLast: 'monthlyByWeekday',
};

/** What `/activity/series/create` is sent for the new activity, or null when it does not repeat. */
export function seriesInput(activityId: string, repeat: RepeatForm, day: StartDay | null): SeriesCreate | null {
  if (repeat.choice === 'none') return null;
  return {
    activityId,
    frequency: FREQUENCY[repeat.choice],
    weekOfMonth: repeat.choice === 'monthlyLast' ? -1 : repeat.choice === 'monthlyByWeekday' ? (day?.week ?? 1) : null,
    ...(repeat.end === 'count' ? { count: Number(repeat.count), until: null } : { until: repeat.until, count: null }),
  };
}

/** Problems to show under the repeat fields before anything is sent (i18n keys). */
export function repeatErrors(repeat: RepeatForm, startWall: string): Record<string, string> {
  if (repeat.choice === 'none') return {};
  if (repeat.end === 'count') {
    const n = Number(repeat.count);
    return Number.isInteger(n) && n >= 2 && n <= 104 ? {} : { repeatCount: 'series.form.countRange' };
  }
  if (!/^\d{4}-\d{2}-\d{2}$/.test(repeat.until)) return { repeatUntil: 'series.form.untilNeeded' };
  return repeat.until > startWall.slice(0, 10) ? {} : { repeatUntil: 'series.form.untilAfterStart' };
}
