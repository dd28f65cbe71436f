import type { TicketTypeRow } from './activities.store.ts';
import type { PromoRow } from './promo.store.ts';

/** The rules of a promo code, pure (docs/activities.md "Promo codes"). */

type Terms = Pick<PromoRow, 'kind' | 'percentOff' | 'amountOff' | 'assetCode' | 'ticketTypeIds'>;
type Window = Pick<PromoRow, 'validFrom' | 'validUntil' | 'disabledAt' | 'uses' | 'maxUses'>;

/**
 * Why a code cannot be used now, as a catalogue key under `activity.`; null when it can. A disabled code reads as
 * unknown: a guest learns nothing from a code the organizer withdrew.
 */
export function promoRefusal(promo: Window | undefined, now: Date, usesCount = true): string | null {
  if (!promo || promo.disabledAt) return 'activity.promoUnknown';
  if (promo.validFrom && now < promo.validFrom) return 'activity.promoNotYet';
  if (promo.validUntil && now >= promo.validUntil) return 'activity.promoExpired';
  if (usesCount && promo.uses >= promo.maxUses) return 'activity.promoUsedUp';
  return null;
}

/** The code is for this ticket type: listed (or every type), and an amount off only in the type's asset. */
export function promoAppliesTo(promo: Terms, type: Pick<TicketTypeRow, 'id' | 'assetCode'>): boolean {
  if (promo.ticketTypeIds && !promo.ticketTypeIds.includes(type.id)) return false;
  return promo.kind !== 'amount' || promo.assetCode === type.assetCode;
}

/** A hidden type is shown only by a code that names it: a code for every type leaves hidden ones hidden. */
export const promoUnlocks = (promo: Terms, type: Pick<TicketTypeRow, 'id' | 'hidden'>) =>
  type.hidden && (promo.ticketTypeIds?.includes(type.id) ?? false);

/** What the code takes off a price (base units): a percentage rounds down, an amount off stops at the price. */
export function discountOf(promo: Terms, price: bigint): bigint {
  if (promo.kind === 'free') return price;
  if (promo.kind === 'percent') return (price * BigInt(promo.percentOff ?? 0)) / 100n;
  const off = BigInt(promo.amountOff ?? 0);
  return off < price ? off : price;
}
