import type { SplitRole } from '@polaris/contract';

/** One payee's part of an activity's ticket money in one asset. */
export interface SplitPart {
  userId: number;
  role: SplitRole;
  amount: bigint;
}

export interface SplitTerms {
  /** Basis points of each referred ticket's money, paid to whoever's invitation brought the sign-up. */
  referralBp: number;
  /** Basis points each, of what is left after the referral parts. */
  cohosts: { userId: number; bp: number }[];
}

/** A paid ticket as the split sees it: what is left of its price in escrow, whose it is, who referred it. */
export interface SplitTicket {
  amount: bigint;
  holderId: number;
  referrerId: number | null;
}

const TENTHOUSAND = 10_000n;

/**
 * The split of one asset's ticket money, pure. Every share is rounded down (per ticket for referrals, per co-host
 * for the rest); the organizer gets what remains, so the parts always sum exactly to the revenue and nobody gets
 * more than their percentage. Nobody earns a referral on their own ticket. Zero parts are left out; one payee
 * may appear once per role (a co-host who also referred tickets has two parts).
 */
export function splitRevenue(organizerId: number, tickets: SplitTicket[], terms: SplitTerms): SplitPart[] {
  const total = tickets.reduce((sum, ticket) => sum + ticket.amount, 0n);
  const referrals = new Map<number, bigint>();
  for (const ticket of tickets) {
    if (ticket.referrerId === null || ticket.referrerId === ticket.holderId) continue;
    const part = (ticket.amount * BigInt(terms.referralBp)) / TENTHOUSAND;
    referrals.set(ticket.referrerId, (referrals.get(ticket.referrerId) ?? 0n) + part);
  }
  const referred = [...referrals.values()].reduce((sum, part) => sum + part, 0n);
  const rest = total - referred;
  const parts: SplitPart[] = [];
  for (const [userId, amount] of referrals) parts.push({ userId, role: 'referrer', amount });
  for (const cohost of terms.cohosts) {
    parts.push({ userId: cohost.userId, role: 'cohost', amount: (rest * BigInt(cohost.bp)) / TENTHOUSAND });
  }
  const shared = parts.reduce((sum, part) => sum + part.amount, 0n);
  parts.push({ userId: organizerId, role: 'organizer', amount: total - shared });
  return parts.filter((part) => part.amount > 0n).sort((a, b) => a.role.localeCompare(b.role) || a.userId - b.userId);
}
