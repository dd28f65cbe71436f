import type { Language, VipPeriod } from '@polaris/contract';

/** Pure rules of membership (docs/membership.md): how long a period is and what an upgrade costs. */

const DAY_MS = 86_400_000;
/** A month is 30 days and a year 365, whatever the calendar says: every member gets the same length. */
export const PERIOD_MS: Record<VipPeriod, number> = { month: 30 * DAY_MS, year: 365 * DAY_MS };

/** A renewal adds the period to the end of a running membership, or to now when it has ended. */
export function renewedEnd(endsAt: Date, now: Date, period: VipPeriod): Date {
  return new Date(Math.max(endsAt.getTime(), now.getTime()) + PERIOD_MS[period]);
}

/**
 * Moving up keeps the end date and costs the difference of the two monthly prices for the time left, counted
 * to the millisecond and rounded up to the asset's smallest unit: (newMonth − oldMonth) × left / 30 days.
 */
export function upgradePrice(input: { fromMonth: bigint; toMonth: bigint; endsAt: Date; now: Date }): bigint {
  const left = BigInt(Math.max(0, input.endsAt.getTime() - input.now.getTime()));
  const difference = input.toMonth - input.fromMonth;
  if (difference <= 0n || left === 0n) return 0n;
  const month = BigInt(PERIOD_MS.month);
  return (difference * left + month - 1n) / month;
}

const DATE_LOCALE: Record<Language, string> = { en: 'en-GB', 'zh-Hans': 'zh-CN', 'zh-Hant': 'zh-TW' };

/**
 * An end date inside a message, as the member reads it: in their language, to the minute, in UTC (the server
 * does not know the member's time zone, so it names the one it uses).
 */
export function endDateText(at: Date, language: Language): string {
  const text = at.toLocaleString(DATE_LOCALE[language], { timeZone: 'UTC', dateStyle: 'medium', timeStyle: 'short' });
  return `${text} UTC`;
}
