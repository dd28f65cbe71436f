/**
 * Figures from a market source arrive as JavaScript numbers; they leave the server as plain decimal strings
 * rounded to a fixed number of significant digits, so no client ever does arithmetic on a float we sent.
 */
export const SIGNIFICANT_DIGITS = {
  /** Enough for a sub-cent coin to keep its digits and for BTC to keep its cents. */
  price: 8,
  /** 24h change in percent: "1.286", "-0.05". */
  percent: 4,
  /** Volume and market cap: every digit a double carries, so whole-dollar figures pass through unchanged. */
  volume: 15,
  /** Currency units per USD. */
  rate: 8,
} as const;

/** `value` rounded to `significant` digits as a plain decimal string: no exponent, no trailing zeros. */
export function toDecimalString(value: number, significant: number): string {
  if (!Number.isFinite(value)) throw new RangeError(`not a finite number: ${value}`);
  if (value === 0) return '0';
  const [mantissa = '0', exponentText = '0'] = Math.abs(value)
    .toExponential(significant - 1)
    .split('e');
  const exponent = Number(exponentText);
  const digits = mantissa.replace('.', '');
  let text: string;
  if (exponent >= digits.length - 1) text = digits + '0'.repeat(exponent - digits.length + 1);
  else if (exponent >= 0) text = `${digits.slice(0, exponent + 1)}.${digits.slice(exponent + 1)}`;
  else text = `0.${'0'.repeat(-exponent - 1)}${digits}`;
  if (text.includes('.')) text = text.replace(/0+$/, '').replace(/\.$/, '');
  return value < 0 && text !== '0' ? `-${text}` : text;
}
