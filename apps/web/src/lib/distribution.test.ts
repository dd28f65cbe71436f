import { SplitInput } from '@polaris/contract';
import { describe, expect, it } from 'vitest';
import { validate } from './auth-forms.ts';
import { organizerKeeps, parsePercent } from './distribution.ts';

describe('distribution form rules', () => {
  it('reads typed percentages: empty is 0, anything else not a decimal is refused by the schema', () => {
    expect(parsePercent('')).toBe(0);
    expect(parsePercent(' 12.5 ')).toBe(12.5);
    expect(parsePercent('1e2')).toBeNaN();
    expect(parsePercent('-3')).toBeNaN();
  });

  it('names the field in the user’s language, with the contract’s messages', () => {
    const base = { activityId: 'abcdefgh12', cohosts: [{ uid: '10000001', percent: 60 }] };
    const total = validate(SplitInput, { ...base, referralPercent: 41 }, 'zh-Hant');
    expect(total).toEqual({ ok: false, errors: { referralPercent: '推薦分成與共同主辦人分成合計不能超過 100%' } });
    const step = validate(SplitInput, { ...base, referralPercent: 1.234 }, 'en');
    expect(step).toEqual({ ok: false, errors: { referralPercent: 'Referral share may have at most two decimals' } });
    expect(validate(SplitInput, { ...base, referralPercent: 40 }, 'en').ok).toBe(true);
  });

  it('says what the organizer keeps of an unreferred ticket', () => {
    expect(
      organizerKeeps({
        cohosts: [
          { uid: '1', percent: 33.33 },
          { uid: '2', percent: 10 },
        ],
      }),
    ).toBe(56.67);
    expect(organizerKeeps({ cohosts: [] })).toBe(100);
  });
});
