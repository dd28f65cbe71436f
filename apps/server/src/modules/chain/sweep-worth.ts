/**
 * When a sweep is worth its gas (sweeper.ts). A sweep costs gas that the platform pays; moving a deposit whose value
 * is a few times that gas only turns custody into fees, so a deposit waits until it is worth `ratio` (CHAIN_SWEEP_RATIO,
 * 20 by default) times what its sweep would cost at today's fee:
 * - the chain's own coin: the amount against its gas, both in wei;
 * - a token, where the market has a USD price for it and for the chain's coin: the token's value against the gas's
 *   value, both in USD;
 * - a token without those prices (the market unreachable, a coin it does not list): the token's withdrawal minimum on
 *   that chain, the least amount the platform already deems worth a transaction there.
 */

export interface SweepCost {
  /** Base units on the chain. */
  amount: bigint;
  /** Wei the sweep would cost (gas × the fee we would sign with). */
  gasWei: bigint;
  ratio: number;
}

/** A plain decimal ("2486.51") as an integer and its power of ten; undefined for anything else. */
function decimal(text: string | undefined): { units: bigint; scale: bigint } | undefined {
  const match = text === undefined ? null : /^(\d+)(?:\.(\d+))?$/.exec(text.trim());
  if (!match) return undefined;
  const fraction = match[2] ?? '';
  return { units: BigInt(match[1]! + fraction), scale: 10n ** BigInt(fraction.length) };
}

export function nativeWorthSweeping({ amount, gasWei, ratio }: SweepCost): boolean {
  return amount > 0n && amount >= gasWei * BigInt(ratio);
}

export function tokenWorthSweeping(
  cost: SweepCost & {
    chainDecimals: number;
    /** USD per whole token and per whole native coin (18 decimals), as the market writes them. */
    tokenUsd: string | undefined;
    nativeUsd: string | undefined;
    /** The token's withdrawal minimum on the chain, in base units: the rule when a price is missing. */
    floor: bigint;
  },
): boolean {
  if (cost.amount <= 0n) return false;
  const token = decimal(cost.tokenUsd);
  const native = decimal(cost.nativeUsd);
  if (!token || !native || token.units === 0n || native.units === 0n) return cost.amount >= cost.floor;
  // amount × tokenUsd / 10^decimals ≥ ratio × gasWei × nativeUsd / 10^18, cross-multiplied to stay in integers.
  const value = cost.amount * token.units * native.scale * 10n ** 18n;
  const gas = BigInt(cost.ratio) * cost.gasWei * native.units * token.scale * 10n ** BigInt(cost.chainDecimals);
  return value >= gas;
}
