import { describe, expect, it } from 'vitest';
import { secureRandomBelow, splitRandom } from './split.ts';

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
