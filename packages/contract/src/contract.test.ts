import { describe, expect, it } from 'vitest';
import { SignupInput } from './auth.ts';
import { languageOf } from './constants.ts';
import { toFieldErrors } from './field-errors.ts';
import { hashLoginPassword, hashTradePassword } from './hashing.ts';
import { servableLink } from './links.ts';
import { MESSAGES, translate } from './messages/index.ts';
import { PASSWORD_PATTERN, plainPasswordField } from './validation.ts';

function keysOf(node: unknown, prefix = ''): string[] {
  if (typeof node !== 'object' || node === null) return [prefix];
  return Object.entries(node).flatMap(([key, value]) => keysOf(value, prefix ? `${prefix}.${key}` : key));
}

describe('messages', () => {
  it('has every key in every language', () => {
    const english = keysOf(MESSAGES.en).sort();
    expect(keysOf(MESSAGES['zh-Hans']).sort()).toEqual(english);
    expect(keysOf(MESSAGES['zh-Hant']).sort()).toEqual(english);
  });

  it('fills placeholders', () => {
    expect(translate('en', 'validation.required', { field: 'Email' })).toBe('Email cannot be empty');
    expect(translate('zh-Hant', 'auth.codeTooFrequent', { seconds: 9 })).toBe('請勿頻繁獲取，請於 9 秒後再試');
  });
});

describe('languageOf', () => {
  it('maps SPEC locale codes and language tags, defaulting to Traditional Chinese', () => {
    expect(languageOf('en_US')).toBe('en');
    expect(languageOf('zh_CN')).toBe('zh-Hans');
    expect(languageOf('zh_TW')).toBe('zh-Hant');
    expect(languageOf('zh_HK')).toBe('zh-Hant');
    expect(languageOf('en-GB')).toBe('en');
    expect(languageOf('zh-Hans')).toBe('zh-Hans');
    expect(languageOf('fr')).toBe('zh-Hant');
    expect(languageOf(undefined)).toBe('zh-Hant');
  });
});

describe('password rule', () => {
  it('wants 8-16 characters with letters and digits', () => {
    for (const good of ['abc12345', 'A1b2C3d4E5f6G7h8', 'pass word1'.replace(' ', '!')]) {
      expect(PASSWORD_PATTERN.test(good), good).toBe(true);
    }
    for (const bad of ['abc1234', 'abcdefgh', '12345678', `${'a1'.repeat(8)}x`, 'abc 12345']) {
      expect(PASSWORD_PATTERN.test(bad), bad).toBe(false);
    }
    expect(plainPasswordField.safeParse('short1').success).toBe(false);
  });

  it('hashes stably, independent of the email, and differently for trade passwords', () => {
    expect(hashLoginPassword('abc12345')).toBe(hashLoginPassword('abc12345'));
    expect(hashLoginPassword('abc12345')).toMatch(/^[0-9a-f]{64}$/);
    expect(hashTradePassword('abc12345', 10000001)).not.toBe(hashLoginPassword('abc12345'));
    expect(hashTradePassword('abc12345', 10000001)).not.toBe(hashTradePassword('abc12345', 10000002));
  });
});

describe('toFieldErrors', () => {
  it('names each bad field once, in the chosen language', () => {
    const input = { email: '', vcode: '12', password: 'x' };
    const result = SignupInput.safeParse(input);
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(toFieldErrors(result.error, input, 'en')).toEqual([
      { field: 'email', message: 'Email cannot be empty' },
      { field: 'vcode', message: 'The verification code must be 6 digits' },
      { field: 'password', message: 'The password could not be read, please try again' },
    ]);
    expect(toFieldErrors(result.error, input, 'zh-Hans')[0]).toEqual({ field: 'email', message: '邮箱不能为空' });
  });
});

describe('decimal arithmetic for valuation', () => {
  it('multiplies and rounds half up without floating point', async () => {
    const { multiplyDecimals, sumDecimals } = await import('./amounts.ts');
    expect(multiplyDecimals(['0.1', '0.2'], 2)).toBe('0.02');
    expect(multiplyDecimals(['1000.123456', '1', '31.5'], 2)).toBe('31503.89');
    expect(multiplyDecimals(['0.005'], 2)).toBe('0.01');
    expect(multiplyDecimals(['123456789012345678.5', '2'], 0)).toBe('246913578024691357');
    expect(sumDecimals(['0.10', '0.20', '1.05'], 2)).toBe('1.35');
  });

  it('parses and formats amounts exactly', async () => {
    const { formatAmount, parseAmount } = await import('./amounts.ts');
    expect(parseAmount('1.5', 6)).toEqual({ units: 1_500_000n });
    expect(parseAmount('0.10', 1)).toEqual({ units: 1n });
    expect(parseAmount('1.05', 1)).toEqual({ problem: 'tooPrecise' });
    expect(parseAmount('-1', 6)).toEqual({ problem: 'notNumeric' });
    expect(parseAmount('0.000', 6)).toEqual({ problem: 'notPositive' });
    expect(formatAmount(1_500_000n, 6)).toBe('1.5');
    expect(formatAmount(-5n, 6)).toBe('-0.000005');
    expect(formatAmount(7n, 0)).toBe('7');
  });
});

describe('servableLink', () => {
  it('hands out http(s) links stored under older rules and nothing that runs script or reads files', () => {
    expect(servableLink('https://meet.example/room')).toBe('https://meet.example/room');
    expect(servableLink('http://meet.example/room')).toBe('http://meet.example/room');
    for (const bad of ['javascript:alert(1)', 'JaVaScRiPt:alert(1)', 'data:text/html,<b>x</b>', 'file:///etc/passwd']) {
      expect(servableLink(bad), bad).toBeNull();
    }
    expect(servableLink('https://a.example/ x')).toBeNull();
    expect(servableLink('not a link')).toBeNull();
    expect(servableLink(null)).toBeNull();
  });
});
