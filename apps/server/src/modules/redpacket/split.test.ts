import { displayStep, formatAmount, formatAssetAmount } from '@polaris/contract';
import { describe, expect, it } from 'vitest';
import { nextRandomShare, secureRandomBelow, splitRandom } from './split.ts';

describe('random red packet split', () => {
  it('keeps every share within bounds and sums exactly, over 10,000 generated packets', () => {
    let seed = 7;
    const next = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed;
    };
    // Plain comparisons in the loop and one assertion at the end: a million expect() calls would be the cost.
    const broken: string[] = [];
    for (let packet = 0; packet < 10_000; packet++) {
      const count = 1 + (next() % 200);
      const total = BigInt(count) + BigInt(next()) * BigInt(1 + (next() % 1000));
      const shares = splitRandom(total, count);
      let left = total;
      let sum = 0n;
      for (const [index, share] of shares.entries()) {
        const bound = (2n * left) / BigInt(count - index);
        if (share < 1n || (index < count - 1 && share > bound && share !== 1n))
          broken.push(`${total}/${count}#${index}`);
        left -= share;
        sum += share;
      }
      if (shares.length !== count || sum !== total) broken.push(`${total}/${count} sums to ${sum}`);
    }
    expect(broken).toEqual([]);
  });

  it('gives one base unit each when the total is exactly the count, and refuses less', () => {
    expect(splitRandom(5n, 5)).toEqual([1n, 1n, 1n, 1n, 1n]);
    expect(() => splitRandom(4n, 5)).toThrow(RangeError);
    expect(() => splitRandom(10n, 0)).toThrow(RangeError);
  });

  it('handles amounts far beyond 2^53 base units', () => {
    const total = 10n ** 30n + 7n;
    const shares = splitRandom(total, 100);
    expect(shares.reduce((sum, share) => sum + share, 0n)).toBe(total);
  });

  it('draws below its bound, covering the whole range', () => {
    const seen = new Set<bigint>();
    for (let i = 0; i < 2000; i++) {
      const value = secureRandomBelow(7n);
      expect(value >= 0n && value < 7n).toBe(true);
      seen.add(value);
    }
    expect(seen.size).toBe(7);
  });
});

describe('shares in the display step', () => {
  it('draws every share of a USDT packet in whole cents when the packet allows it, summing exactly', () => {
    const step = displayStep(6, 'USDT');
    for (let round = 0; round < 50; round++) {
      let left = 10_000_000n; // 10 USDT
      const shares: bigint[] = [];
      for (let count = 7; count > 0; count--) {
        const share = nextRandomShare(left, count, secureRandomBelow, step);
        shares.push(share);
        left -= share;
      }
      expect(shares.reduce((sum, s) => sum + s, 0n)).toBe(10_000_000n);
      for (const share of shares) {
        expect(share % step).toBe(0n);
        expect(share >= step).toBe(true);
        expect(formatAssetAmount(formatAmount(share, 6), 'USDT', 'en')).toBe(
          formatAssetAmount(formatAmount(share, 6), 'USDT', 'en', { exact: true }),
        );
      }
    }
  });

  it('falls back on base units when the packet is not a whole number of steps or too small for one each', () => {
    const step = displayStep(6, 'USDT');
    expect(nextRandomShare(10_000_001n, 1, secureRandomBelow, step)).toBe(10_000_001n);
    const share = nextRandomShare(5n, 3, () => 0n, step);
    expect(share).toBe(1n);
  });
});
