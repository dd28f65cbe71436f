import { describe, expect, it } from 'vitest';
import { splitRevenue } from './split.ts';

const sum = (parts: { amount: bigint }[]) => parts.reduce((s, p) => s + p.amount, 0n);

describe('splitRevenue', () => {
  it('pays referrers per ticket, co-hosts from the rest, and the organizer the remainder', () => {
    const tickets = [
      { amount: 10_000_000n, holderId: 10, referrerId: 2 },
      { amount: 10_000_000n, holderId: 11, referrerId: 3 },
      { amount: 10_000_000n, holderId: 12, referrerId: 3 },
      { amount: 10_000_000n, holderId: 13, referrerId: null },
    ];
    const parts = splitRevenue(1, tickets, { referralBp: 1000, cohosts: [{ userId: 2, bp: 2500 }] });
    expect(parts).toEqual([
      { userId: 2, role: 'cohost', amount: 9_250_000n },
      { userId: 1, role: 'organizer', amount: 27_750_000n },
      { userId: 2, role: 'referrer', amount: 1_000_000n },
      { userId: 3, role: 'referrer', amount: 2_000_000n },
    ]);
    expect(sum(parts)).toBe(40_000_000n);
  });

  it('rounds every share down and gives the organizer the dust, so the parts sum exactly', () => {
    const tickets = Array.from({ length: 7 }, (_, i) => ({ amount: 333n, holderId: 100 + i, referrerId: 5 }));
    const parts = splitRevenue(1, tickets, {
      referralBp: 333,
      cohosts: [
        { userId: 2, bp: 3333 },
        { userId: 3, bp: 3333 },
      ],
    });
    // 333 × 3.33 % = 11.08… → 11 per ticket; the rest 2254 × 33.33 % = 751.25… → 751 each.
    expect(parts).toEqual([
      { userId: 2, role: 'cohost', amount: 751n },
      { userId: 3, role: 'cohost', amount: 751n },
      { userId: 1, role: 'organizer', amount: 752n },
      { userId: 5, role: 'referrer', amount: 77n },
    ]);
    expect(sum(parts)).toBe(2331n);
  });

  it('gives no referral on one’s own ticket and leaves out zero parts', () => {
    const parts = splitRevenue(1, [{ amount: 5n, holderId: 4, referrerId: 4 }], {
      referralBp: 5000,
      cohosts: [{ userId: 2, bp: 1 }],
    });
    expect(parts).toEqual([{ userId: 1, role: 'organizer', amount: 5n }]);
  });

  it('can give everything away when the shares reach 100 %', () => {
    const parts = splitRevenue(1, [{ amount: 100n, holderId: 9, referrerId: 3 }], {
      referralBp: 5000,
      cohosts: [{ userId: 2, bp: 10_000 }],
    });
    expect(parts).toEqual([
      { userId: 2, role: 'cohost', amount: 50n },
      { userId: 3, role: 'referrer', amount: 50n },
    ]);
  });
});
