import { describe, expect, it } from 'vitest';
import { axisDay, barsOf, checkWithdrawal, labelledDays, sumAmounts } from './earnings.ts';

describe('barsOf', () => {
  it('makes the tallest bar reach the top and leaves empty days empty', () => {
    const bars = barsOf([0, 5, 10], 30, 100, 2);
    expect(bars.map((bar) => bar.height)).toEqual([0, 50, 100]);
    expect(bars[2]).toEqual({ x: 21, y: 0, width: 8, height: 100 });
    expect(bars[1]!.y).toBe(50);
  });

  it('keeps a tiny day visible beside a huge one, and draws nothing when all are zero', () => {
    expect(barsOf([1, 1000], 20, 100)[0]!.height).toBe(2);
    expect(barsOf([0, 0, 0], 30, 100).every((bar) => bar.height === 0)).toBe(true);
    expect(barsOf([], 30, 100)).toEqual([]);
  });
});

describe('labelledDays', () => {
  it('labels every day of a week and about six days of a month, today always', () => {
    expect([...labelledDays(7)].sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    const month = labelledDays(30);
    expect(month.has(29)).toBe(true);
    expect(month.size).toBeLessThanOrEqual(6);
  });
});

describe('axisDay', () => {
  it('writes a day as month/day without leading zeros', () => {
    expect(axisDay('2026-11-03')).toBe('11/3');
    expect(axisDay('2026-01-23')).toBe('1/23');
  });
});

describe('sumAmounts', () => {
  it('adds decimal strings without floating point', () => {
    expect(sumAmounts(['0.1', '0.2', '0'], 6)).toBe('0.3');
    expect(sumAmounts(['10', '30'], 6)).toBe('40');
    expect(sumAmounts([], 6)).toBe('0');
  });
});

describe('checkWithdrawal', () => {
  it('refuses an amount above the withdrawable balance, naming the maximum', () => {
    expect(checkWithdrawal('40.01', '40', 6, 'USDT')).toEqual({
      key: 'contract:master.aboveWithdrawable',
      params: { max: '40', asset: 'USDT' },
    });
  });

  it('refuses empty, non-numeric, zero and too precise amounts, and accepts up to the balance', () => {
    expect(checkWithdrawal('', '40', 6, 'USDT')?.key).toBe('contract:wallet.amountEmpty');
    expect(checkWithdrawal('abc', '40', 6, 'USDT')?.key).toBe('contract:wallet.amountNumeric');
    expect(checkWithdrawal('0', '40', 6, 'USDT')?.key).toBe('contract:wallet.amountPositive');
    expect(checkWithdrawal('1.0000001', '40', 6, 'USDT')?.key).toBe('contract:wallet.amountPrecision');
    expect(checkWithdrawal('40', '40', 6, 'USDT')).toBeNull();
    expect(checkWithdrawal('0.5', '40', 6, 'USDT')).toBeNull();
  });
});
