import type { DepositTerms } from '@polaris/contract';
import { describe, expect, it } from 'vitest';
import { mount } from '@/components/test-mount.tsx';
import { DepositNotice } from './DepositNotice.tsx';
import { depositRule, myDepositKey, signUpCharge } from './deposit-text.ts';

const terms: DepositTerms = { asset: 'USDT', amount: '5', cancelBy: '2026-12-01T10:00:00.000Z', forfeit: 'split' };
const free = { free: true, price: '0', asset: null };

describe('what a sign-up moves', () => {
  it('is the deposit on a free ticket of an activity that asks one, the price on a paid one, nothing otherwise', () => {
    expect(signUpCharge(free, terms)).toEqual({ amount: '5', asset: 'USDT', deposit: true });
    expect(signUpCharge(free, null)).toBeNull();
    expect(signUpCharge({ free: false, price: '3', asset: 'USDT' }, null)).toEqual({
      amount: '3',
      asset: 'USDT',
      deposit: false,
    });
    expect(signUpCharge(undefined, terms)).toBeNull();
  });
});

describe('the rule as said', () => {
  const t = ((key: string, params?: Record<string, unknown>) =>
    params ? `${key}${JSON.stringify(params)}` : key) as never;

  it('says the amount, the deadline and what becomes of a no-show’s deposit', () => {
    const text = depositRule(terms, t, '5.00 USDT', 'Dec 1, 18:00');
    expect(text).toContain('noShowDeposit.rule.frozen{"amount":"5.00 USDT"}');
    expect(text).toContain('noShowDeposit.rule.back{"cancelBy":"Dec 1, 18:00"}');
    expect(text).toContain('noShowDeposit.rule.split');
    expect(depositRule({ ...terms, forfeit: 'organizer' }, t, '5', 'x')).toContain('noShowDeposit.rule.organizer');
  });

  it('names each state of my own deposit', () => {
    for (const state of ['frozen', 'kept', 'returned', 'forfeited'] as const) {
      expect(myDepositKey({ state, amount: '5', asset: 'USDT', outcome: null })).toBe(`noShowDeposit.mine.${state}`);
    }
  });

  it('shows the rule with its forfeit for the tests and the title first', () => {
    const container = mount(<DepositNotice terms={terms} timezone="Asia/Taipei" testId="rule" />);
    const notice = container.querySelector('[data-testid="rule"]')!;
    expect(notice.getAttribute('data-forfeit')).toBe('split');
    expect(notice.querySelector('strong')?.textContent).toBe('noShowDeposit.title');
    expect(notice.textContent).toContain('noShowDeposit.rule.split');
  });
});
