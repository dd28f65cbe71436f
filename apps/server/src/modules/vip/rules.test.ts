import { describe, expect, it } from 'vitest';
import { endDateText, PERIOD_MS, renewedEnd, upgradePrice } from './rules.ts';

const DAY = 86_400_000;
const now = new Date('2026-03-01T00:00:00Z');
const after = (ms: number) => new Date(now.getTime() + ms);

describe('upgradePrice', () => {
  const usdt = { asset: 'USDT', decimals: 6 };
  const price = (fromMonth: bigint, toMonth: bigint, left: number, at = now) =>
    upgradePrice({ fromMonth, toMonth, endsAt: after(left), now: at, ...usdt });

  it('charges the monthly difference for the days left: Plus to Pro with 15 days left costs 10 USDT', () => {
    expect(price(9_900_000n, 29_900_000n, 15 * DAY)).toBe(10_000_000n);
  });

  it('rounds to the display precision, never a figure like 23.033334: Pro to Max with 10 days left is 23.03', () => {
    expect(price(29_900_000n, 99_000_000n, 10 * DAY)).toBe(23_030_000n);
    // 19.999999-style quotes are gone: a whole cent, every time.
    for (let hours = 1; hours < 24 * 60; hours += 7) {
      expect(price(9_900_000n, 99_000_000n, hours * 3_600_000) % 10_000n).toBe(0n);
    }
  });

  it('counts a day begun as a day, so the quote holds all day (what is shown at 09:00 is charged at 18:00)', () => {
    const endsAt = 45 * DAY - 3_600_000;
    const morning = price(9_900_000n, 29_900_000n, endsAt);
    expect(price(9_900_000n, 29_900_000n, endsAt - 9 * 3_600_000)).toBe(morning);
    expect(morning).toBe(30_000_000n);
  });

  it('counts a year of time left as twelve and a sixth months', () => {
    expect(price(9_900_000n, 29_900_000n, 365 * DAY)).toBe(243_330_000n);
  });

  it('costs a day for the last millisecond and nothing once the time is up or the tier is not higher', () => {
    expect(price(9_900_000n, 29_900_000n, 1)).toBe(670_000n);
    expect(price(9_900_000n, 29_900_000n, 0)).toBe(0n);
    expect(price(29_900_000n, 9_900_000n, DAY)).toBe(0n);
  });
});

describe('renewedEnd', () => {
  it('adds the period to the end of a running membership', () => {
    expect(renewedEnd(after(5 * DAY), now, 'month')).toEqual(after(35 * DAY));
    expect(renewedEnd(after(5 * DAY), now, 'year')).toEqual(after(370 * DAY));
  });

  it('starts from now when the membership has ended', () => {
    expect(renewedEnd(after(-3 * DAY), now, 'month')).toEqual(after(PERIOD_MS.month));
  });
});

describe('endDateText', () => {
  it('writes an end date in each language, in UTC, named', () => {
    const at = new Date('2026-12-24T18:30:00Z');
    expect(endDateText(at, 'en')).toBe('24 Dec 2026, 18:30 UTC');
    expect(endDateText(at, 'zh-Hant')).toContain('2026年12月24日');
    expect(endDateText(at, 'zh-Hans')).toContain('2026年12月24日');
  });
});
