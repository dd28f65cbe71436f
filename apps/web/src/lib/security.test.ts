import { describe, expect, it } from 'vitest';
import { ApiError } from '@/api/api-error.ts';
import { cleanTotpInput, deviceLabel, groupSecret, isTotpChallenge, isTotpInput } from './security.ts';

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
