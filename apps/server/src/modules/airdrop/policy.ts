import { type AirdropDetail, Status } from '@polaris/contract';
import { AppError } from '../../platform/errors.ts';
import { holdsRequirement, phaseOf } from './presenter.ts';
import type { AirdropListRow } from './store.ts';

/**
 * Who may sign up for an airdrop: the one place that answers it. The sign-up service throws what `signUpRefusal`
 * says (its transaction still guards the place and the one row per person against a racing request), and the
 * detail's `can.signUp` is the same rule.
 */

/** Whether the user meets each of the airdrop's rules now (null where the airdrop has no such rule). */
export interface Eligibility {
  holds: boolean | null;
  attended: boolean | null;
  vipTier: boolean | null;
}

const conflict = (key: string) => new AppError(Status.conflict, key);

/**
 * Signing up: within the window (409 before it, with SPEC's message after it), for someone who meets every rule
 * (403 naming the rule missed), once (409), while places are left (409).
 */
export function signUpRefusal(
  row: AirdropListRow,
  eligibility: Eligibility,
  signedUp: boolean,
  now: Date,
): AppError | null {
  const phase = phaseOf(row, now);
  if (phase === 'upcoming') return conflict('airdrop.notStarted');
  if (phase !== 'open') return conflict('airdrop.ended');
  if (eligibility.holds === false) {
    return new AppError(Status.noPermission, 'airdrop.needsHolding', holdsRequirement(row)!);
  }
  if (eligibility.attended === false) {
    return new AppError(Status.noPermission, 'airdrop.needsAttendance', { title: row.activityTitle ?? '' });
  }
  if (eligibility.vipTier === false) {
    return new AppError(Status.noPermission, 'airdrop.needsVip', { tier: (row.vipTier ?? '').toUpperCase() });
  }
  if (signedUp) return conflict('airdrop.alreadySignedUp');
  if (row.maxParticipants !== null && row.signupCount >= row.maxParticipants) return conflict('airdrop.full');
  return null;
}

/** What the viewer may do with the airdrop (a guest: nothing; the route asks them to sign in). */
export function canOf(
  row: AirdropListRow,
  eligibility: Eligibility | null,
  signedUp: boolean,
  now: Date,
): AirdropDetail['can'] {
  return { signUp: eligibility !== null && signUpRefusal(row, eligibility, signedUp, now) === null };
}
