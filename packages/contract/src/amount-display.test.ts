import { describe, expect, it } from 'vitest';
import {
  ASSET_DISPLAY_PLACES,
  displayPlaces,
  displayStep,
  FALLBACK_PLACES,
  formatAssetAmount,
  roundToDisplay,
} from './amount-display.ts';
import { formatAmount, parseAmount } from './amounts.ts';

/** The catalogue of migration 0002_wallet_catalogue.sql: code → ledger decimals. */
const CATALOGUE: Record<string, number> = {
  USDT: 6,
  XDR: 8,
  BTC: 8,
  ETH: 18,
  BNB: 18,
  AVAX: 18,
  POL: 18,
  SOL: 9,
  TON: 9,
};

const units = (text: string, decimals: number) => {
  const parsed = parseAmount(text, decimals);
  if (!('units' in parsed)) throw new Error(text);
  return parsed.units;
};

describe('display precision', () => {
  it('covers every asset of the catalogue, never finer than its ledger precision', () => {
    expect(Object.keys(ASSET_DISPLAY_PLACES).sort()).toEqual(Object.keys(CATALOGUE).sort());
    for (const [code, decimals] of Object.entries(CATALOGUE)) {
      expect(displayPlaces(code, decimals)).toBeLessThanOrEqual(decimals);
      expect(displayPlaces(code, decimals)).toBeGreaterThanOrEqual(2);
    }
  });

  it('falls back for a listed token, capped by its decimals', () => {
    expect(displayPlaces('NEWCOIN')).toBe(FALLBACK_PLACES);
    expect(displayPlaces('NEWCOIN', 3)).toBe(3);
  });

  it.each(Object.entries(CATALOGUE))('%s: cuts the figure to its display places, exactly', (code, decimals) => {
    const places = displayPlaces(code, decimals);
    // A value with every ledger digit set: 1234.123456789… cut to the asset's places, trailing zeros to two.
    const full = `1234.${'123456789012345678'.slice(0, decimals)}`;
    const shown = `1,234.${'123456789012345678'.slice(0, places)}`;
    expect(formatAssetAmount(full, code, 'en')).toBe(shown);
    expect(formatAssetAmount(full, code, 'zh-Hant')).toBe(shown);
    expect(formatAssetAmount('12', code, 'en')).toBe('12.00');
    expect(formatAssetAmount('-12.5', code, 'en', { withCode: true })).toBe(`-12.50 ${code}`);
    // What the server rounds to the display precision is shown with nothing cut away.
    const rounded = formatAmount(roundToDisplay(units(full, decimals), decimals, code), decimals);
    expect(formatAssetAmount(rounded, code, 'en')).toBe(formatAssetAmount(rounded, code, 'en', { exact: true }));
    const cut = formatAmount(roundToDisplay(units(full, decimals), decimals, code, 'down'), decimals);
    expect(formatAssetAmount(cut, code, 'en')).toBe(shown);
  });
});

describe('formatAssetAmount', () => {
  it('never shows float noise', () => {
    expect(formatAssetAmount('19.999999', 'USDT', 'zh-Hant')).toBe('19.99');
    expect(formatAssetAmount('89.09999', 'USDT', 'zh-Hant')).toBe('89.09');
    expect(formatAssetAmount('3.169416', 'USDT', 'en')).toBe('3.16');
    expect(formatAssetAmount('6.830584', 'USDT', 'en', { withCode: true })).toBe('6.83 USDT');
  });

  it('groups digits in the reader’s locale, from a string of any length', () => {
    expect(formatAssetAmount('1234567.5', 'USDT', 'en')).toBe('1,234,567.50');
    expect(formatAssetAmount('1234567.5', 'USDT', 'zh-Hant')).toBe('1,234,567.50');
    expect(formatAssetAmount('1234567.5', 'USDT', 'zh-Hans')).toBe('1,234,567.50');
    // Beyond Number's exact range: still every digit.
    expect(formatAssetAmount('123456789012345678901.25', 'USDT', 'en')).toBe('123,456,789,012,345,678,901.25');
  });

  it('signs credits on request, never zero', () => {
    expect(formatAssetAmount('3', 'USDT', 'en', { signed: true })).toBe('+3.00');
    expect(formatAssetAmount('-3', 'USDT', 'en', { signed: true })).toBe('-3.00');
    expect(formatAssetAmount('0', 'USDT', 'en', { signed: true })).toBe('0.00');
    expect(formatAssetAmount('-0.000', 'USDT', 'en')).toBe('0.00');
  });

  it('shows dust exactly instead of as zero, and a typed amount in full when asked', () => {
    expect(formatAssetAmount('0.000001', 'USDT', 'en')).toBe('0.000001');
    expect(formatAssetAmount('1.123456', 'USDT', 'en', { exact: true })).toBe('1.123456');
    expect(formatAssetAmount('0.5', 'BTC', 'en')).toBe('0.50');
    expect(formatAssetAmount('0.00012', 'BTC', 'en')).toBe('0.00012');
  });

  it('returns what is not a decimal unchanged', () => {
    expect(formatAssetAmount('—', 'USDT', 'en')).toBe('—');
    expect(formatAssetAmount('****', 'USDT', 'en')).toBe('****');
  });
});

describe('roundToDisplay', () => {
  it('rounds a computed USDT price to cents before it is quoted', () => {
    expect(roundToDisplay(19_999_999n, 6, 'USDT')).toBe(20_000_000n);
    expect(roundToDisplay(89_099_990n, 6, 'USDT')).toBe(89_100_000n);
    expect(roundToDisplay(89_094_999n, 6, 'USDT')).toBe(89_090_000n);
    expect(roundToDisplay(89_090_001n, 6, 'USDT', 'up')).toBe(89_100_000n);
    expect(roundToDisplay(89_099_999n, 6, 'USDT', 'down')).toBe(89_090_000n);
    expect(roundToDisplay(-19_999_999n, 6, 'USDT')).toBe(-20_000_000n);
  });

  it('steps by the display precision of each asset', () => {
    expect(displayStep(6, 'USDT')).toBe(10_000n);
    expect(displayStep(8, 'BTC')).toBe(1n);
    expect(displayStep(18, 'ETH')).toBe(10n ** 12n);
    expect(displayStep(9, 'SOL')).toBe(100_000n);
  });
});
