import { type DailyLimit, formatAmount, type MarketSource, WITHDRAWAL_DAILY_LIMIT_USD } from '@polaris/contract';

/**
 * The daily withdrawal limit's arithmetic (docs/wallet.md, "Daily withdrawal limit"), in integers: US cents, base
 * units, and prices as decimal strings. No floating point.
 */

/** The UTC calendar day a moment falls on, the limit's key: `2026-11-29`. */
export const limitDay = (at: Date) => at.toISOString().slice(0, 10);

/** When the day's limit starts again: the next UTC midnight. */
const limitResetsAt = (at: Date) => new Date(`${limitDay(new Date(at.getTime() + 86_400_000))}T00:00:00.000Z`);

/** A decimal string as an integer over a power of ten: `1.000117` → [1000117n, 6]. */
function scaled(decimal: string): [bigint, number] {
  const [whole = '0', fraction = ''] = decimal.split('.');
  return [BigInt(`${whole}${fraction}`), fraction.length];
}

/** A level's limit in cents (levels above the table take its highest). */
export function limitCentsOf(level: number): bigint {
  const levels = Object.keys(WITHDRAWAL_DAILY_LIMIT_USD).map(Number);
  const usd = WITHDRAWAL_DAILY_LIMIT_USD[Math.min(level, Math.max(...levels))] ?? WITHDRAWAL_DAILY_LIMIT_USD[0]!;
  const [value, places] = scaled(usd);
  return (value * 100n) / 10n ** BigInt(places);
}

/** The value of `units` of an asset at a USD price, in cents, rounded up: a withdrawal never counts for less. */
export function valueCents(units: bigint, decimals: number, priceUsd: string): bigint {
  const [price, places] = scaled(priceUsd);
  const numerator = units * price * 100n;
  const denominator = 10n ** BigInt(decimals + places);
  return (numerator + denominator - 1n) / denominator;
}

export const centsText = (cents: bigint) => formatAmount(cents < 0n ? 0n : cents, 2);

/** What the preview shows of today's limit. */
export function presentDailyLimit(input: {
  level: number;
  usedCents: bigint;
  priceUsd: string | null;
  source: MarketSource;
  now: Date;
}): DailyLimit {
  const limit = limitCentsOf(input.level);
  return {
    level: input.level,
    limitUsd: centsText(limit),
    usedUsd: centsText(input.usedCents),
    remainingUsd: centsText(limit - input.usedCents),
    priced: input.priceUsd !== null,
    priceUsd: input.priceUsd,
    source: input.source,
    resetsAt: limitResetsAt(input.now).toISOString(),
  };
}
