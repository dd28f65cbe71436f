import { AMOUNT_PROBLEM_KEYS, parseAmount } from '@polaris/contract';
import { unitsOf } from './wallet.ts';

/** Pure rules of the creator-earnings screens (docs/creator-earnings.md): chart geometry and the withdrawal check. */

export interface Bar {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * Bars for values in a chart `width` × `height`, the tallest reaching the top. A non-zero value is at least 2 px
 * tall, so a small day next to a big one still shows; zero draws nothing (height 0).
 */
export function barsOf(values: readonly number[], width: number, height: number, gap = 2): Bar[] {
  if (values.length === 0) return [];
  const max = Math.max(...values);
  const slot = width / values.length;
  const barWidth = Math.max(1, slot - gap);
  return values.map((value, i) => {
    const h = max > 0 && value > 0 ? Math.max(2, (value / max) * height) : 0;
    return { x: i * slot + (slot - barWidth) / 2, y: height - h, width: barWidth, height: h };
  });
}

/** Which days get a label under the chart: all of a week; of a month every fifth counted back from today. */
export function labelledDays(count: number): Set<number> {
  if (count <= 7) return new Set(Array.from({ length: count }, (_, i) => i));
  const every = Math.ceil(count / 6);
  const shown = new Set<number>();
  for (let i = count - 1; i >= 0; i -= every) shown.add(i);
  return shown;
}

/** A day under a chart's bar, short enough for a month of them in any language: "2026-11-03" → "11/3". */
export function axisDay(day: string): string {
  const [, month, date] = day.split('-');
  return `${Number(month)}/${Number(date)}`;
}

/** Sum of decimal strings in an asset's units, as a decimal string ("12.5"). */
export function sumAmounts(amounts: readonly string[], decimals: number): string {
  const total = amounts.reduce((sum, amount) => sum + unitsOf(amount, decimals), 0n);
  const digits = total.toString().padStart(decimals + 1, '0');
  const whole = digits.slice(0, digits.length - decimals);
  const fraction = digits.slice(digits.length - decimals).replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : whole;
}

export type WithdrawProblem = { key: string; params?: Record<string, string | number> } | null;

/**
 * The amount field's own check before the password is asked for, in the server's words (contract messages):
 * the shape of the amount, then "at most the withdrawable balance". The server checks it all again.
 */
export function checkWithdrawal(
  amount: string,
  withdrawable: string,
  decimals: number,
  asset: string,
): WithdrawProblem {
  const parsed = parseAmount(amount, decimals);
  if ('problem' in parsed) return { key: `contract:${AMOUNT_PROBLEM_KEYS[parsed.problem]}`, params: { max: decimals } };
  if (parsed.units > unitsOf(withdrawable, decimals)) {
    return { key: 'contract:master.aboveWithdrawable', params: { max: withdrawable, asset } };
  }
  return null;
}
