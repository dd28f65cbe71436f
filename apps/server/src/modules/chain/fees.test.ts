import { describe, expect, it } from 'vitest';
import { bumpedFees, cappedFees, dueForBump } from './fees.ts';

// anvil drops an underpriced transaction instead of leaving it stuck, so the replacement rules are checked here.

const gwei = (n: number) => BigInt(Math.round(n * 1e9));
const CAP = gwei(500);

describe('replacing a stuck transaction', () => {
  it('raises both fees by 12.5 %, rounded up, enough for a node that wants 10 %', () => {
    const next = bumpedFees(
      { maxFeePerGas: gwei(40), maxPriorityFeePerGas: gwei(2) },
      { maxFeePerGas: gwei(30), maxPriorityFeePerGas: gwei(1) },
      CAP,
    )!;
    expect(next).toEqual({ maxFeePerGas: gwei(45), maxPriorityFeePerGas: gwei(2.25) });
    expect(next.maxFeePerGas * 10n >= gwei(40) * 11n).toBe(true);
    expect(
      bumpedFees({ maxFeePerGas: 7n, maxPriorityFeePerGas: 1n }, { maxFeePerGas: 0n, maxPriorityFeePerGas: 0n }, CAP),
    ).toEqual({
      maxFeePerGas: 8n,
      maxPriorityFeePerGas: 2n,
    });
  });

  it('follows the market when it asks for more than the bump', () => {
    expect(
      bumpedFees(
        { maxFeePerGas: gwei(40), maxPriorityFeePerGas: gwei(2) },
        { maxFeePerGas: gwei(90), maxPriorityFeePerGas: gwei(5) },
        CAP,
      ),
    ).toEqual({ maxFeePerGas: gwei(90), maxPriorityFeePerGas: gwei(5) });
  });

  it('never goes past the cap, and does not sign a replacement the node would refuse', () => {
    expect(
      bumpedFees(
        { maxFeePerGas: gwei(450), maxPriorityFeePerGas: gwei(2) },
        { maxFeePerGas: gwei(1), maxPriorityFeePerGas: 0n },
        CAP,
      ),
    ).toEqual({
      maxFeePerGas: CAP,
      maxPriorityFeePerGas: gwei(2.25),
    });
    // 480 → 500 is a 4 % rise: a node keeps the old one, so nothing is signed.
    expect(
      bumpedFees(
        { maxFeePerGas: gwei(480), maxPriorityFeePerGas: gwei(2) },
        { maxFeePerGas: 0n, maxPriorityFeePerGas: 0n },
        CAP,
      ),
    ).toBeUndefined();
    expect(
      bumpedFees(
        { maxFeePerGas: CAP, maxPriorityFeePerGas: gwei(2) },
        { maxFeePerGas: CAP * 2n, maxPriorityFeePerGas: 0n },
        CAP,
      ),
    ).toBeUndefined();
  });

  it('keeps the tip under the fee', () => {
    const next = bumpedFees(
      { maxFeePerGas: gwei(400), maxPriorityFeePerGas: gwei(400) },
      { maxFeePerGas: 0n, maxPriorityFeePerGas: 0n },
      gwei(450),
    )!;
    expect(next.maxPriorityFeePerGas <= next.maxFeePerGas).toBe(true);
    expect(cappedFees({ maxFeePerGas: gwei(900), maxPriorityFeePerGas: gwei(600) }, CAP)).toEqual({
      maxFeePerGas: CAP,
      maxPriorityFeePerGas: CAP,
    });
  });

  it('replaces only once the newest attempt has waited its time', () => {
    const signed = new Date('2026-11-28T10:00:00Z');
    expect(dueForBump(signed, new Date('2026-11-28T10:00:59Z'), 60_000)).toBe(false);
    expect(dueForBump(signed, new Date('2026-11-28T10:01:00Z'), 60_000)).toBe(true);
  });
});
