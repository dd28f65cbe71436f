import type { SplitRole } from '@polaris/contract';

/** One payee's earning of an activity's ticket money in one asset, as the settlement hands it over. */
export interface EarningPart {
  userId: number;
  role: SplitRole;
  amount: bigint;
}

/**
 * The parts with those of deleted accounts given to the organizer (who gets what remains anyway): a deleted
 * co-host or referrer can never withdraw, so their part is not recorded as theirs. Same total, same order rule.
 */
export function withoutDeletedPayees(parts: EarningPart[], deleted: Set<number>, organizerId: number): EarningPart[] {
  const gone = parts.filter((part) => deleted.has(part.userId) && part.userId !== organizerId);
  if (gone.length === 0) return parts;
  const moved = gone.reduce((sum, part) => sum + part.amount, 0n);
  const kept = parts.filter((part) => !gone.includes(part));
  const organizer = kept.find((part) => part.role === 'organizer' && part.userId === organizerId);
  const rest = kept.filter((part) => part !== organizer);
  rest.push({ userId: organizerId, role: 'organizer', amount: (organizer?.amount ?? 0n) + moved });
  return rest.sort((a, b) => a.role.localeCompare(b.role) || a.userId - b.userId);
}
