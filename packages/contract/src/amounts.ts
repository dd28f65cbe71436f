/**
 * Money is never a floating-point number. The API carries decimal strings; the server stores integers of
 * base units (10^decimals per whole coin). These two functions are the only bridge between them.
 */
export const AMOUNT_PATTERN = /^\d{1,30}(\.\d{1,30})?$/;
/** More than any listed supply (10^15 whole coins at 18 decimals); far below NUMERIC(78,0), so no sum overflows. */
export const MAX_AMOUNT_UNITS = 10n ** 33n;

export type AmountProblem = 'empty' | 'notNumeric' | 'notPositive' | 'tooPrecise' | 'tooLarge';

export function parseAmount(value: string, decimals: number): { units: bigint } | { problem: AmountProblem } {
  const text = value.trim();
  if (text === '') return { problem: 'empty' };
  if (!AMOUNT_PATTERN.test(text)) return { problem: 'notNumeric' };
  const [whole = '0', fraction = ''] = text.split('.');
  if (fraction.replace(/0+$/, '').length > decimals) return { problem: 'tooPrecise' };
  const units =
    BigInt(whole) * 10n ** BigInt(decimals) + BigInt(fraction.padEnd(decimals, '0').slice(0, decimals) || '0');
  if (units <= 0n) return { problem: 'notPositive' };
  if (units > MAX_AMOUNT_UNITS) return { problem: 'tooLarge' };
  return { units };
}

/** Base units to a plain decimal string without trailing zeros ("1.5", "0.000001", "-3"). */
export function formatAmount(units: bigint, decimals: number): string {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(decimals + 1, '0');
  const whole = digits.slice(0, digits.length - decimals);
  const fraction = decimals > 0 ? digits.slice(digits.length - decimals).replace(/0+$/, '') : '';
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}
