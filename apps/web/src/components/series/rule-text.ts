import type { Series } from '@polaris/contract';
import type { TFunction } from 'i18next';
import { wallClock } from '@/components/activity/time.ts';

/**
 * A series' rule in words ("Every week on Tuesday · 8 dates"), read off its first coming date in the series'
 * zone: the rule repeats that date's weekday, or its day of the month. Pure but for the catalogue.
 */
export function ruleText(series: Series, t: TFunction, language: string): string {
  const first = series.upcoming[0];
  const local = first ? wallClock(first.startsAt, series.timezone) : null;
  const weekday = local ? new Intl.DateTimeFormat(language, { weekday: 'long' }).format(local) : '';
  const day = local?.getDate() ?? '';
  const week = series.weekOfMonth ?? 1;
  const key =
    series.frequency === 'monthlyByWeekday' ? (week === -1 ? 'monthlyLast' : 'monthlyByWeekday') : series.frequency;
  const rule = t(`series.choice.${key}`, { weekday, day, nth: week === -1 ? '' : t(`series.nth.${week}`) });
  const end =
    series.count !== null
      ? t('series.page.count', { count: series.count })
      : t('series.page.until', { date: series.until });
  return `${rule} · ${end}`;
}
