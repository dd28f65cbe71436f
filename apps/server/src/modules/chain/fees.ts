/**
 * Replacing a stuck transaction at the same nonce (docs/wallet.md, "Withdrawals"). Nodes accept a replacement only
 * when both fee fields rise by at least 10 % (geth's and anvil's default `txpool.pricebump`); we raise by 12.5 %,
 * rounded up, or to what the market asks now if that is more, and never past the cap: at the cap the transaction
 * waits as it is (an operator raises the cap or cancels).
 */

export interface Fees {
  maxFeePerGas: bigint;
  maxPriorityFeePerGas: bigint;
}

const up = (value: bigint) => (value * 1125n + 999n) / 1000n;

export function bumpedFees(previous: Fees, market: Fees, cap: bigint): Fees | undefined {
  if (previous.maxFeePerGas >= cap) return undefined;
  let maxFeePerGas = up(previous.maxFeePerGas);
  if (market.maxFeePerGas > maxFeePerGas) maxFeePerGas = market.maxFeePerGas;
  let maxPriorityFeePerGas = up(previous.maxPriorityFeePerGas);
  if (market.maxPriorityFeePerGas > maxPriorityFeePerGas) maxPriorityFeePerGas = market.maxPriorityFeePerGas;
  if (maxFeePerGas > cap) maxFeePerGas = cap;
  // The cap may leave less than a 10 % rise: a replacement the node would refuse is not worth signing.
  if (maxFeePerGas * 10n < previous.maxFeePerGas * 11n) return undefined;
  if (maxPriorityFeePerGas > maxFeePerGas) maxPriorityFeePerGas = maxFeePerGas;
  if (maxPriorityFeePerGas * 10n < previous.maxPriorityFeePerGas * 11n) return undefined;
  return { maxFeePerGas, maxPriorityFeePerGas };
}

/** First fees, held under the cap (a tip never above the fee). */
export function cappedFees(market: Fees, cap: bigint): Fees {
  const maxFeePerGas = market.maxFeePerGas > cap ? cap : market.maxFeePerGas;
  const maxPriorityFeePerGas = market.maxPriorityFeePerGas > maxFeePerGas ? maxFeePerGas : market.maxPriorityFeePerGas;
  return { maxFeePerGas, maxPriorityFeePerGas };
}

/** A transaction not mined this long after its newest attempt was signed is replaced. */
export function dueForBump(newestSignedAt: Date, now: Date, bumpAfterMs: number): boolean {
  return now.getTime() - newestSignedAt.getTime() >= bumpAfterMs;
}
