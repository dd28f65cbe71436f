import { type Language, roundToDisplay, type VipPeriod } from '@polaris/contract';
import { DATE_LOCALE } from '../../platform/date-locale.ts';

/** Pure rules of membership (docs/membership.md): how long a period is and what an upgrade costs. */

const DAY_MS = 86_400_000;
/** A month is 30 days and a year 365, whatever the calendar says: every member gets the same length. */
export const PERIOD_MS: Record<VipPeriod, number> = { month: 30 * DAY_MS, year: 365 * DAY_MS };

/** A renewal adds the period to the end of a running membership, or to now when it has ended. */
export function renewedEnd(endsAt: Date, now: Date, period: VipPeriod): Date {
  return new Date(Math.max(endsAt.getTime(), now.getTime()) + PERIOD_MS[period]);
}

/**
 * Moving up keeps the end date and costs the difference of the two monthly prices for each day left, a day begun
 * counting whole: (newMonth − oldMonth) × days left / 30, rounded half-up to the asset's display precision
 * (0.01 USDT). So the quote is a figure the app shows without cutting, and it stays the same all day: what the
 * member was shown is what they are charged (the buy call may also name it, `price`).
 */
export function upgradePrice(input: {
  fromMonth: bigint;
  toMonth: bigint;
  endsAt: Date;
  now: Date;
  asset: string;
  decimals: number;
}): bigint {
  const left = Math.max(0, input.endsAt.getTime() - input.now.getTime());
  const difference = input.toMonth - input.fromMonth;
  if (difference <= 0n || left === 0) return 0n;
  const days = BigInt(Math.ceil(left / DAY_MS));
  const monthDays = BigInt(PERIOD_MS.month / DAY_MS);
  const exact = (difference * days + monthDays / 2n) / monthDays;
  return roundToDisplay(exact, input.decimals, input.asset);
}

/**
 * An end date inside a message, as the member reads it: in their language, to the minute, in UTC (the server
 * does not know the member's time zone, so it names the one it uses).
 */
export function endDateText(at: Date, language: Language): string {
  const text = at.toLocaleString(DATE_LOCALE[language], { timeZone: 'UTC', dateStyle: 'medium', timeStyle: 'short' });
  return `${text} UTC`;
}
