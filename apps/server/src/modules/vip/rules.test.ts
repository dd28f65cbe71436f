import { describe, expect, it } from 'vitest';
import { endDateText, PERIOD_MS, renewedEnd, upgradePrice } from './rules.ts';

const DAY = 86_400_000;
const now = new Date('2026-03-01T00:00:00Z');
const after = (ms: number) => new Date(now.getTime() + ms);

describe('upgradePrice', () => {
  it('charges the monthly difference for the time left: Plus to Pro with 15 days left costs 10 USDT', () => {
    expect(upgradePrice({ fromMonth: 9_900_000n, toMonth: 29_900_000n, endsAt: after(15 * DAY), now })).toBe(
      10_000_000n,
    );
  });

  it('rounds up to the smallest unit: Pro to Max with 10 days left costs 23.033334 USDT', () => {
    expect(upgradePrice({ fromMonth: 29_900_000n, toMonth: 99_000_000n, endsAt: after(10 * DAY), now })).toBe(
      23_033_334n,
    );
  });

  it('counts a year of time left as twelve and a sixth months', () => {
    expect(upgradePrice({ fromMonth: 9_900_000n, toMonth: 29_900_000n, endsAt: after(365 * DAY), now })).toBe(
      243_333_334n,
    );
  });

  it('costs one unit for the last millisecond and nothing once the time is up or the tier is not higher', () => {
    expect(upgradePrice({ fromMonth: 9_900_000n, toMonth: 29_900_000n, endsAt: after(1), now })).toBe(1n);
    expect(upgradePrice({ fromMonth: 9_900_000n, toMonth: 29_900_000n, endsAt: now, now })).toBe(0n);
    expect(upgradePrice({ fromMonth: 29_900_000n, toMonth: 9_900_000n, endsAt: after(DAY), now })).toBe(0n);
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
