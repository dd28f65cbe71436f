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
  for (let taken = 0; taken < count - 1; taken++) {
    const sharesLeft = BigInt(count - taken);
    const twiceMean = (2n * left) / sharesLeft;
    const most = twiceMean < left - (sharesLeft - 1n) ? twiceMean : left - (sharesLeft - 1n);
    const share = most <= 1n ? 1n : 1n + random(most);
    shares.push(share);
    left -= share;
  }
  shares.push(left);
  return shares;
}
