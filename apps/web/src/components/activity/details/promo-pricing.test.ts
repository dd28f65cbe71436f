import type { Activity, PromoCheck } from '@polaris/contract';
import { describe, expect, it } from 'vitest';
import { isZeroAmount, promoPriceOf, typesWithPromo } from './promo-pricing.ts';

type TicketType = Activity['ticketTypes'][number];
const type = (id: string, hidden = false) => ({ id, name: id, hidden }) as TicketType;

const speakerCode: PromoCheck = {
  code: 'SPEAKER',
  unlocked: [type('speaker', true)],
  prices: [{ ticketTypeId: 'speaker', price: '0', discount: '0', pay: '0' }],
};

describe('a promo code on the sign-up screen', () => {
  it('adds the hidden types it shows after the page’s own, once', () => {
    expect(typesWithPromo([type('standard')], null).map((t) => t.id)).toEqual(['standard']);
    expect(typesWithPromo([type('standard')], speakerCode).map((t) => t.id)).toEqual(['standard', 'speaker']);
    // A holder already sees their hidden type: it is not listed twice.
    expect(typesWithPromo([type('standard'), type('speaker', true)], speakerCode).map((t) => t.id)).toEqual([
      'standard',
      'speaker',
    ]);
  });

  it('prices only the types the code is for', () => {
    const twenty: PromoCheck = {
      code: 'TWENTY',
      unlocked: [],
      prices: [{ ticketTypeId: 'standard', price: '10', discount: '2', pay: '8' }],
    };
    expect(promoPriceOf(twenty, 'standard')).toEqual({
      ticketTypeId: 'standard',
      price: '10',
      discount: '2',
      pay: '8',
    });
    expect(promoPriceOf(twenty, 'vip')).toBeUndefined();
    expect(promoPriceOf(null, 'standard')).toBeUndefined();
  });

  it('knows a price the code took to nothing', () => {
    expect(['0', '0.00', '0.'].map(isZeroAmount)).toEqual([true, true, true]);
    expect(['8', '0.01', '10.5'].map(isZeroAmount)).toEqual([false, false, false]);
  });
});
