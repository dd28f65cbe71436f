import { groupDigits, trimPlaces } from './wallet.ts';

/** Display only: market figures are decimal strings; they are grouped and shortened, never turned into floats. */
export function formatUsd(value: string): string {
  const [whole = '0'] = value.split('.');
  // Large prices need no more than 2 decimals; small ones keep their significant digits (the server sends ≤ 8).
  const places = whole.replace('-', '') !== '0' ? 2 : 8;
  return `$${groupDigits(trimPlaces(value, places))}`;
}

export function formatChange(change: string | null): { text: string; tone: 'up' | 'down' | 'flat' } {
  if (change === null) return { text: '—', tone: 'flat' };
  const negative = change.startsWith('-');
  const digits = trimPlaces(negative ? change.slice(1) : change, 2);
  if (/^0(\.0*)?$/.test(digits)) return { text: '0.00%', tone: 'flat' };
  const [whole, fraction = ''] = digits.split('.');
  const text = `${whole}.${fraction.padEnd(2, '0')}%`;
  return negative ? { text: `-${text}`, tone: 'down' } : { text: `+${text}`, tone: 'up' };
}

/** "$31.2B"-style compact figures for volume and market cap (display only). */
export function formatCompactUsd(value: string | null, language: string): string {
  if (value === null) return '—';
  return new Intl.NumberFormat(language, {
    notation: 'compact',
    style: 'currency',
    currency: 'USD',
    maximumFractionDigits: 2,
  }).format(Number(value));
}
