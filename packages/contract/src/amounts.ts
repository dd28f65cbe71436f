/**
 * Money is never a floating-point number. The API carries decimal strings; the server stores integers of
 * base units (10^decimals per whole coin). These two functions are the only bridge between them.
 */
export const AMOUNT_PATTERN = /^\d{1,30}(\.\d{1,30})?$/;
/** More than any listed supply (10^15 whole coins at 18 decimals); far below NUMERIC(78,0), so no sum overflows. */
export const MAX_AMOUNT_UNITS = 10n ** 33n;

export type AmountProblem = 'empty' | 'notNumeric' | 'notPositive' | 'tooPrecise' | 'tooLarge';

/** The message of each amount problem (a key of the shared catalogue; `tooPrecise` takes `{ max }` decimals). */
export const AMOUNT_PROBLEM_KEYS: Record<AmountProblem, string> = {
  empty: 'wallet.amountEmpty',
  notNumeric: 'wallet.amountNumeric',
  notPositive: 'wallet.amountPositive',
  tooPrecise: 'wallet.amountPrecision',
  tooLarge: 'wallet.amountTooLarge',
};

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

/** Decimal string to an integer scaled by 10^scale, truncating extra digits ("1.239", 2 → 123n). */
export function toScaled(value: string, scale: number): bigint {
  const negative = value.startsWith('-');
  const [whole = '0', fraction = ''] = (negative ? value.slice(1) : value).split('.');
  const units =
    BigInt(whole || '0') * 10n ** BigInt(scale) + BigInt(fraction.padEnd(scale, '0').slice(0, scale) || '0');
  return negative ? -units : units;
}

/** The product of decimal strings, rounded half-up to `places` decimals, as a fixed-point string ("12.30"). */
export function multiplyDecimals(factors: string[], places: number): string {
  const scale = 18;
  let product = 10n ** BigInt(scale);
  for (const factor of factors) product = (product * toScaled(factor, scale)) / 10n ** BigInt(scale);
  const divisor = 10n ** BigInt(scale - places);
  const rounded = (product + (product >= 0n ? divisor / 2n : -divisor / 2n)) / divisor;
  const text = formatAmount(rounded, places);
  const [whole, fraction = ''] = text.split('.');
  return places > 0 ? `${whole}.${fraction.padEnd(places, '0')}` : (whole ?? '0');
}

/** Sum of fixed-point decimal strings with the same number of places. */
export function sumDecimals(values: string[], places: number): string {
  const total = values.reduce((sum, value) => sum + toScaled(value, places), 0n);
  return multiplyDecimals([formatAmount(total, places)], places);
}
