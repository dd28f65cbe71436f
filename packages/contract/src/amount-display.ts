/**
 * The one display rule for amounts of an asset (docs/new-user-polish.md "money"): each asset has a display
 * precision, never more than its ledger precision (`decimals`); figures are cut to it (toward zero, so a balance
 * never reads more than it holds), show at least two decimals, and are grouped in the reader's locale. Nothing
 * goes through a float: the whole part is grouped as a BigInt, the fraction is kept as digits.
 *
 * Amounts the server computes (a prorated upgrade, a random red packet share) are rounded to the same precision
 * with `roundToDisplay` before they are quoted and charged, so the figure shown is the figure charged.
 */

/** Decimals shown per asset of the catalogue (migration 0002). Listed tokens fall back on `FALLBACK_PLACES`. */
export const ASSET_DISPLAY_PLACES: Readonly<Record<string, number>> = {
  USDT: 2,
  XDR: 2,
  BTC: 8,
  ETH: 6,
  BNB: 6,
  AVAX: 4,
  POL: 4,
  SOL: 4,
  TON: 4,
};
export const FALLBACK_PLACES = 6;
/** Fewest decimals shown ("12.00 USDT"), unless the asset has fewer. */
export const MIN_SHOWN_PLACES = 2;

/** The decimals an asset is shown with: its catalogue entry, capped by its ledger precision when known. */
export function displayPlaces(asset: string, decimals?: number): number {
  const places = ASSET_DISPLAY_PLACES[asset.toUpperCase()] ?? FALLBACK_PLACES;
  return decimals === undefined ? places : Math.min(places, decimals);
}

export type RoundingMode = 'half-up' | 'up' | 'down';

/** Base units rounded to the asset's display precision (still base units): 19_999_999n (USDT) → 20_000_000n. */
export function roundToDisplay(units: bigint, decimals: number, asset: string, mode: RoundingMode = 'half-up'): bigint {
  const step = displayStep(decimals, asset);
  if (step === 1n) return units;
  const negative = units < 0n;
  const size = negative ? -units : units;
  const rest = size % step;
  let rounded = size - rest;
  if (rest > 0n && (mode === 'up' || (mode === 'half-up' && rest * 2n >= step))) rounded += step;
  return negative ? -rounded : rounded;
}

/** The smallest amount the asset is shown in, in base units (USDT: 10_000n, i.e. 0.01). */
export function displayStep(decimals: number, asset: string): bigint {
  return 10n ** BigInt(Math.max(0, decimals - displayPlaces(asset, decimals)));
}

export interface AmountTextOptions {
  /** "+3.17" for credits (debits always carry their "-"). */
  signed?: boolean;
  /** Every digit the value has (an amount the user typed and is about to confirm): grouped, never cut. */
  exact?: boolean;
  /** Appends " USDT". */
  withCode?: boolean;
}

const LOCALES: Record<string, string> = { 'zh-Hant': 'zh-TW', 'zh-Hans': 'zh-CN', en: 'en' };
const groupers = new Map<string, { group: Intl.NumberFormat; decimal: string }>();

function grouperOf(language: string) {
  const locale = LOCALES[language] ?? language;
  let found = groupers.get(locale);
  if (!found) {
    const group = new Intl.NumberFormat(locale, { useGrouping: true, maximumFractionDigits: 0 });
    const decimal =
      new Intl.NumberFormat(locale).formatToParts(1.5).find((part) => part.type === 'decimal')?.value ?? '.';
    found = { group, decimal };
    groupers.set(locale, found);
  }
  return found;
}

/**
 * A decimal string the API sent ("3.169416", "-12", "+5.5") as the reader sees it in `language`:
 * "3.16", "-12.00", "+5.50"; "12,345.67" grouped. An amount too small to show at the precision is shown exactly
 * rather than as zero. Text that is not a decimal is returned as it came.
 */
export function formatAssetAmount(
  value: string,
  asset: string,
  language: string,
  options: AmountTextOptions = {},
): string {
  const match = /^([+-]?)(\d*)(?:\.(\d*))?$/.exec(value.trim());
  if (!match || (match[2] === '' && !match[3])) return value;
  const [, sign = '', wholeText = '', fractionText = ''] = match;
  const places = displayPlaces(asset);
  const whole = wholeText.replace(/^0+(?=\d)/, '') || '0';
  const allDigits = fractionText.replace(/0+$/, '');
  let fraction = options.exact ? allDigits : allDigits.slice(0, places).replace(/0+$/, '');
  // Dust (0.000001 USDT) is not nothing: shown with every digit rather than as 0.00.
  if (whole === '0' && fraction === '' && allDigits !== '') fraction = allDigits;
  fraction = fraction.padEnd(Math.min(MIN_SHOWN_PLACES, places), '0');
  const zero = whole === '0' && /^0*$/.test(fraction);
  const { group, decimal } = grouperOf(language);
  const prefix = zero ? '' : sign === '-' ? '-' : options.signed ? '+' : '';
  const text = `${prefix}${group.format(BigInt(whole))}${fraction ? `${decimal}${fraction}` : ''}`;
  return options.withCode ? `${text} ${asset}` : text;
}
