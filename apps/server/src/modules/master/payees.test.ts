import { describe, expect, it } from 'vitest';
import { withoutDeletedPayees } from './payees.ts';

const sum = (parts: { amount: bigint }[]) => parts.reduce((s, p) => s + p.amount, 0n);

describe('withoutDeletedPayees', () => {
  const parts = [
    { userId: 2, role: 'cohost' as const, amount: 900n },
    { userId: 1, role: 'organizer' as const, amount: 2_700n },
    { userId: 2, role: 'referrer' as const, amount: 100n },
    { userId: 3, role: 'referrer' as const, amount: 200n },
  ];

  it('gives every part of a deleted payee to the organizer, keeping the total', () => {
    const kept = withoutDeletedPayees(parts, new Set([2]), 1);
    expect(kept).toEqual([
      { userId: 1, role: 'organizer', amount: 3_700n },
      { userId: 3, role: 'referrer', amount: 200n },
    ]);
    expect(sum(kept)).toBe(sum(parts));
  });

  it('adds an organizer part when the organizer had none, and changes nothing when nobody is deleted', () => {
    const onlyShares = [{ userId: 3, role: 'referrer' as const, amount: 50n }];
    expect(withoutDeletedPayees(onlyShares, new Set([3]), 1)).toEqual([{ userId: 1, role: 'organizer', amount: 50n }]);
    expect(withoutDeletedPayees(parts, new Set([9]), 1)).toBe(parts);
  });
});
