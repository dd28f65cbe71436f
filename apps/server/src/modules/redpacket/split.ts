import { randomBytes } from 'node:crypto';

/** A uniformly random bigint in [0, below), from the operating system's randomness (rejection sampling, no bias). */
export function secureRandomBelow(below: bigint): bigint {
  if (below <= 0n) throw new RangeError('below must be positive');
  const bytes = Math.ceil(below.toString(16).length / 2) + 1;
  const space = 1n << BigInt(bytes * 8);
  const limit = space - (space % below);
  for (;;) {
    const value = BigInt(`0x${randomBytes(bytes).toString('hex')}`);
    if (value < limit) return value % below;
  }
}

/**
 * A random split of `total` base units into `count` shares, as WeChat's red packets do it: each share in turn is
 * between 1 base unit and twice the mean of what is left (and leaves at least 1 for every share after it); the last
 * takes the rest. The shares sum to `total` exactly and none is below 1. `total` must be at least `count`.
 */
export function splitRandom(total: bigint, count: number, random = secureRandomBelow): bigint[] {
  if (!Number.isSafeInteger(count) || count < 1) throw new RangeError('count must be a positive integer');
  if (total < BigInt(count)) throw new RangeError('total must be at least one base unit per share');
  const shares: bigint[] = [];
  let left = total;
  for (let taken = 0; taken < count; taken++) {
    const share = nextRandomShare(left, count - taken, random);
    shares.push(share);
    left -= share;
  }
  return shares;
}

/**
 * The next share of a random packet with `left` base units in `sharesLeft` shares: what a claim takes, drawn
 * when it is claimed (so the split is not known in advance to anyone, the server's database included).
 *
 * `step` is the asset's display step (`displayStep`: 0.01 USDT): when what is left is a whole number of steps,
 * enough for one each, shares are drawn in steps, so every claim is a figure the app shows without cutting
 * ("3.17 USDT", never "3.169416"); otherwise in base units.
 */
export function nextRandomShare(left: bigint, sharesLeft: number, random = secureRandomBelow, step = 1n): bigint {
  if (step > 1n && left % step === 0n && left >= step * BigInt(sharesLeft)) {
    return nextRandomShare(left / step, sharesLeft, random) * step;
  }
  if (sharesLeft <= 1) return left;
  const after = BigInt(sharesLeft - 1);
  const twiceMean = (2n * left) / BigInt(sharesLeft);
  const most = twiceMean < left - after ? twiceMean : left - after;
  return most <= 1n ? 1n : 1n + random(most);
}
