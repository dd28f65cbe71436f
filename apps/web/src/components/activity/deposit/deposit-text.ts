import type { DepositTerms, DepositView } from '@polaris/contract';
import type { TFunction } from 'i18next';

/**
 * The deposit said plainly, as the sign-up sheet and the ticket say it: how much is frozen, until when a
 * cancellation gets it back, and what becomes of a no-show's.
 */
export function depositRule(terms: DepositTerms, t: TFunction, amount: string, cancelBy: string): string {
  return [
    t('noShowDeposit.rule.frozen', { amount }),
    t('noShowDeposit.rule.back', { cancelBy }),
    t(`noShowDeposit.rule.${terms.forfeit}`),
  ].join(' ');
}

/** The caller's own deposit in one line: frozen, kept after a late cancellation, returned or forfeited. */
export function myDepositKey(mine: NonNullable<DepositView['mine']>): string {
  return `noShowDeposit.mine.${mine.state}`;
}

/** The money a sign-up moves: the ticket's price, or on a free ticket the activity's deposit (frozen). */
export function signUpCharge(
  ticket: { free: boolean; price: string; asset: string | null } | undefined,
  deposit: DepositTerms | null | undefined,
): { amount: string; asset: string; deposit: boolean } | null {
  if (!ticket) return null;
  if (!ticket.free && ticket.asset) return { amount: ticket.price, asset: ticket.asset, deposit: false };
  return deposit ? { amount: deposit.amount, asset: deposit.asset, deposit: true } : null;
}
