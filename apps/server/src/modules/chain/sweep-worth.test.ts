import { describe, expect, it } from 'vitest';
import { nativeWorthSweeping, tokenWorthSweeping } from './sweep-worth.ts';

const GWEI = 1_000_000_000n;
const USDT = 1_000_000n;

describe('when a sweep is worth its gas', () => {
  it('sweeps native coin worth at least the ratio times its gas', () => {
    const gasWei = 21_000n * 10n * GWEI;
    expect(nativeWorthSweeping({ amount: gasWei * 20n, gasWei, ratio: 20 })).toBe(true);
    expect(nativeWorthSweeping({ amount: gasWei * 20n - 1n, gasWei, ratio: 20 })).toBe(false);
    expect(nativeWorthSweeping({ amount: 0n, gasWei: 0n, ratio: 20 })).toBe(false);
  });

  it('values a token and its gas in USD where the market prices both', () => {
    // A top-up and a transfer, 86,000 gas at 10 gwei, ETH at $2,500: $2.15 of gas, so $43 at a ratio of 20.
    const cost = {
      gasWei: 86_000n * 10n * GWEI,
      ratio: 20,
      chainDecimals: 6,
      tokenUsd: '1.0002',
      nativeUsd: '2500',
      floor: 20n * USDT,
    };
    expect(tokenWorthSweeping({ ...cost, amount: 43n * USDT })).toBe(true);
    expect(tokenWorthSweeping({ ...cost, amount: 42n * USDT })).toBe(false);
    // Above the withdrawal minimum is not enough when gas is dear.
    expect(tokenWorthSweeping({ ...cost, amount: 30n * USDT })).toBe(false);
    // An 18-decimal token (BSC's USDT) is valued by its own decimals.
    expect(tokenWorthSweeping({ ...cost, chainDecimals: 18, amount: 43n * 10n ** 18n })).toBe(true);
  });

  it('falls back to the withdrawal minimum without both prices', () => {
    const cost = { gasWei: 86_000n * 10n * GWEI, ratio: 20, chainDecimals: 6, floor: 20n * USDT };
    for (const prices of [
      { tokenUsd: undefined, nativeUsd: '2500' },
      { tokenUsd: '1', nativeUsd: undefined },
      { tokenUsd: '0', nativeUsd: '2500' },
      { tokenUsd: 'n/a', nativeUsd: '2500' },
    ]) {
      expect(tokenWorthSweeping({ ...cost, ...prices, amount: 20n * USDT })).toBe(true);
      expect(tokenWorthSweeping({ ...cost, ...prices, amount: 20n * USDT - 1n })).toBe(false);
    }
  });
});
