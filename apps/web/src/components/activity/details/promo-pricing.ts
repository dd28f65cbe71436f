import type { Activity, PromoCheck } from '@polaris/contract';

type TicketType = Activity['ticketTypes'][number];
export type PromoPrice = PromoCheck['prices'][number];

/** The page's ticket types and the hidden ones the applied code shows, in that order, each once. */
export function typesWithPromo(types: TicketType[], promo: PromoCheck | null): TicketType[] {
  if (!promo) return types;
  return [...types, ...promo.unlocked.filter((hidden) => !types.some((type) => type.id === hidden.id))];
}

/** What the applied code makes of this ticket type's price; undefined when it is not for the type. */
export const promoPriceOf = (promo: PromoCheck | null, ticketTypeId: string | undefined): PromoPrice | undefined =>
  promo?.prices.find((price) => price.ticketTypeId === ticketTypeId);

/** A decimal amount that is nothing ("0", "0.00"): a code made the ticket free. */
export const isZeroAmount = (amount: string) => /^0*(\.0*)?$/.test(amount.trim());
