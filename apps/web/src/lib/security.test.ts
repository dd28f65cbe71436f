import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-error.ts';
import {
  cleanTotpInput,
  deviceLabel,
  groupSecret,
  isTotpChallenge,
  isTotpInput,
  secondFactorAsked,
  secondFactorValue,
} from './security.ts';

describe('security centre helpers', () => {
  it('recognises the 468 that asks for the authenticator code, not the one about the trade password', () => {
    expect(isTotpChallenge(new ApiError('quiet', 468, 'Enter the code', { factor: 'totp' }))).toBe(true);
    expect(isTotpChallenge(new ApiError('quiet', 468, 'The transaction password is wrong', { left: 4 }))).toBe(false);
    expect(isTotpChallenge(new ApiError('business', 500, 'glitch', { factor: 'totp' }))).toBe(false);
    expect(isTotpChallenge(new Error('x'))).toBe(false);
  });

  it('accepts six digits or a recovery code, and tidies what is typed', () => {
    expect(isTotpInput('123456')).toBe(true);
    expect(isTotpInput(' 123456 ')).toBe(true);
    expect(isTotpInput('12345')).toBe(false);
    expect(isTotpInput('ABCDE-FGH23')).toBe(true);
    expect(isTotpInput('abcdefgh23')).toBe(true);
    expect(isTotpInput('ABCDE-FGH2')).toBe(false);
    expect(cleanTotpInput('ab cd!e-fgh23xyz')).toBe('ABCDE-FGH23');
  });

  it('groups a secret in fours and names devices from their user agent', () => {
    expect(groupSecret('ABCDEFGHIJ')).toBe('ABCD EFGH IJ');
    expect(
      deviceLabel(
        'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Mobile Safari/537.36',
      ),
    ).toBe('Chrome · Android');
    expect(
      deviceLabel('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit Version/17.0 Safari/604.1'),
    ).toBe('Safari · iOS');
    expect(deviceLabel(null)).toBeNull();
    expect(deviceLabel('curl/8.0')).toBe('curl/8.0');
  });
});

describe('the second-factor field', () => {
  const base = { signedOut: false, enabled: undefined, challenged: false };
  it('is shown up front for an operation of the table when the authenticator is on, and only then', () => {
    expect(secondFactorAsked({ ...base, operation: '/wallet/transfer', enabled: true })).toBe(true);
    expect(secondFactorAsked({ ...base, operation: '/user/binding/phone', enabled: true })).toBe(true);
    expect(secondFactorAsked({ ...base, operation: '/wallet/transfer', enabled: false })).toBe(false);
    expect(secondFactorAsked({ ...base, operation: '/wallet/transfer' })).toBe(false);
    // Not in the table: never, whatever the state.
    expect(secondFactorAsked({ ...base, operation: '/user/payments/delete', enabled: true })).toBe(false);
    // A 468 the form did not expect (the state changed since it was read) shows it too.
    expect(secondFactorAsked({ ...base, operation: '/wallet/transfer', enabled: false, challenged: true })).toBe(true);
    // Signed out (password reset, provider link) the state is unknown: always, as an optional field.
    expect(secondFactorAsked({ ...base, operation: '/user/reset', signedOut: true })).toBe(true);
  });

  it('sends a well-formed code, refuses a malformed or missing one, and lets a signed-out form send none', () => {
    const shown = { asked: true, signedOut: false };
    expect(secondFactorValue(' 123456 ', shown)).toEqual({ value: '123456' });
    expect(secondFactorValue('ABCDE-FGH23', shown)).toEqual({ value: 'ABCDE-FGH23' });
    expect(secondFactorValue('', shown)).toEqual({ problem: 'format' });
    expect(secondFactorValue('12345', shown)).toEqual({ problem: 'format' });
    expect(secondFactorValue('123456', { asked: false, signedOut: false })).toEqual({});
    expect(secondFactorValue('', { asked: true, signedOut: true })).toEqual({});
    expect(secondFactorValue('12345', { asked: true, signedOut: true })).toEqual({ problem: 'format' });
  });
});
