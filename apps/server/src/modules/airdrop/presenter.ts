import { type Airdrop, type AirdropPhase, formatAmount, isSafeLink, type VipTierCode } from '@polaris/contract';
import type { AirdropListRow } from './store.ts';

export function phaseOf(row: AirdropListRow, now: Date): AirdropPhase {
  if (row.status !== 'open') return row.status;
  if (now.getTime() < row.signupStartsAt.getTime()) return 'upcoming';
  if (now.getTime() < row.signupEndsAt.getTime()) return 'open';
  return 'ended';
}

/** The holding rule, as its answer and its refusal name it (null when the airdrop has none). */
export function holdsRequirement(row: AirdropListRow): { asset: string; min: string } | null {
  return row.holdsAsset && row.holdsMin !== null
    ? { asset: row.holdsAsset, min: formatAmount(BigInt(row.holdsMin), row.holdsDecimals ?? 0) }
    : null;
}

export function presentAirdrop(
  row: AirdropListRow,
  now: Date,
  mine: { signedUpAt: Date; paid: string | null } | undefined | null,
): Airdrop {
  const amount = (units: string | null) => (units === null ? null : formatAmount(BigInt(units), row.decimals));
  return {
    id: String(row.id),
    project: row.project,
    description: row.description,
    // A link stored before links were checked is not served unless it is safe to open.
    website: row.website !== null && isSafeLink(row.website) ? row.website : null,
    asset: row.assetCode,
    mode: row.mode,
    pool: formatAmount(BigInt(row.pool), row.decimals),
    perPerson: amount(row.perPerson),
    maxParticipants: row.maxParticipants,
    participants: row.signupCount,
    signupStartsAt: row.signupStartsAt.toISOString(),
    signupEndsAt: row.signupEndsAt.toISOString(),
    distributeAt: row.distributeAt.toISOString(),
    phase: phaseOf(row, now),
    requirements: {
      holds: holdsRequirement(row),
      attended:
        row.activityCode && row.activityTitle !== null
          ? { activityId: row.activityCode, title: row.activityTitle }
          : null,
      vipTier: (row.vipTier as VipTierCode | null) ?? null,
    },
    mine: mine ? { signedUpAt: mine.signedUpAt.toISOString(), paid: amount(mine.paid) } : null,
  };
}
