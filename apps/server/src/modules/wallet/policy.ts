import { type AppError, fieldError } from '../../platform/errors.ts';
import type { SavedAddressRow } from './address-book.store.ts';

/** Who may do what with the wallet (docs/modules.md, "policy"): pure rules over loaded rows. */

/** A moment as a refusal shows it, the same in every language: `2026-11-30 10:17 UTC`. */
const shownTime = (at: Date) => `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/**
 * With the allowlist on, a withdrawal may go only to a saved address of its chain whose 24 hours since the mailed
 * confirmation are over (docs/wallet.md, "Address book and allowlist"). Answers the refusal naming `to`, or null.
 * Transfers to users of the app never come here.
 */
export function allowlistRefusal(
  allowlist: { on: boolean; saved: SavedAddressRow[] },
  chainId: number,
  address: string,
  now: Date,
): AppError | null {
  if (!allowlist.on) return null;
  const saved = allowlist.saved.find(
    (row) => row.chainId === chainId && row.address.toLowerCase() === address.toLowerCase(),
  );
  if (!saved?.usableAt) return fieldError('to', 'moneyOut.notAllowlisted');
  if (saved.usableAt > now) return fieldError('to', 'moneyOut.addressWaiting', { until: shownTime(saved.usableAt) });
  return null;
}
