import type { PromoCheck } from '@polaris/contract';
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { mountScreen } from '@/components/test-mount.tsx';
import { PromoCodeField } from './PromoCodeField.tsx';

const flow = (over: Partial<Parameters<typeof PromoCodeField>[0]['flow']> = {}) => ({
  promo: null,
  promoError: undefined,
  checkingPromo: false,
  applyPromo: vi.fn(),
  clearPromo: vi.fn(),
  ...over,
});

const get = (testId: string) => document.querySelector<HTMLElement>(`[data-testid="${testId}"]`);

describe('the promo code on the sign-up screen', () => {
  it('checks the typed code', async () => {
    const given = flow();
    await mountScreen(<PromoCodeField flow={given} />);
    expect((get('promo-apply') as HTMLButtonElement).disabled).toBe(true);
    const input = get('promo-code') as HTMLInputElement;
    const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
    await act(async () => {
      setter.call(input, 'twenty');
      input.dispatchEvent(new Event('input', { bubbles: true }));
    });
    await act(async () => get('promo-apply')!.click());
    expect(given.applyPromo).toHaveBeenCalledWith('twenty');
  });

  it('shows why a code was refused under the field, tied to it', async () => {
    await mountScreen(<PromoCodeField flow={flow({ promoError: 'This code has expired' })} />);
    expect(document.getElementById('promo-code-error')?.textContent).toBe('This code has expired');
    expect(get('promo-code')?.getAttribute('aria-describedby')).toBe('promo-code-error');
  });

  it('shows the applied code with a way to take it off', async () => {
    const promo: PromoCheck = { code: 'TWENTY', unlocked: [], prices: [] };
    const given = flow({ promo });
    await mountScreen(<PromoCodeField flow={given} />);
    expect(get('promo-code')).toBeNull();
    expect(get('promo-applied')?.textContent).toContain('promo.applied');
    await act(async () => get('promo-remove')!.click());
    expect(given.clearPromo).toHaveBeenCalled();
  });
});
