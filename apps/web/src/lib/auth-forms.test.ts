import { MESSAGES } from '@polaris/contract';
import { describe, expect, it } from 'vitest';
import { CodeLoginForm, LoginForm, RegisterForm, validate, validateWithConfirm } from './auth-forms.ts';

const en = MESSAGES.en;

describe('login form', () => {
  it('names empty fields in the user language', () => {
    const result = validate(LoginForm, { email: '', password: '' }, 'en');
    expect(result).toEqual({
      ok: false,
      errors: { email: 'Email cannot be empty', password: 'Password cannot be empty' },
    });
    const zh = validate(LoginForm, { email: '', password: '' }, 'zh-Hant');
    expect(zh.ok ? null : zh.errors.email).toBe(
      MESSAGES['zh-Hant'].validation.required.replace('{{field}}', MESSAGES['zh-Hant'].fields.email),
    );
  });

  it('rejects a malformed email and a password without digits', () => {
    const result = validate(LoginForm, { email: 'not-an-email', password: 'onlyletters' }, 'en');
    expect(result).toEqual({
      ok: false,
      errors: { email: en.validation.emailInvalid, password: en.validation.passwordRule },
    });
  });

  it('accepts a valid pair and normalises the email', () => {
    expect(validate(LoginForm, { email: ' Ada@Example.COM ', password: 'abc12345' }, 'en')).toEqual({
      ok: true,
      data: { email: 'ada@example.com', password: 'abc12345' },
    });
  });
});

describe('code login form', () => {
  it('needs a 6-digit code', () => {
    const result = validate(CodeLoginForm, { email: 'a@b.co', vcode: '12345' }, 'en');
    expect(result).toEqual({ ok: false, errors: { vcode: en.validation.vcodeFormat } });
  });
});

describe('register form', () => {
  const valid = { email: 'a@b.co', vcode: '123456', password: 'abc12345', inviteCode: '' };

  it('requires the two passwords to match', () => {
    const result = validateWithConfirm(RegisterForm, { ...valid, confirmPassword: 'abc12346' }, 'en');
    expect(result).toEqual({ ok: false, errors: { confirmPassword: en.validation.passwordMismatch } });
  });

  it('reports every problem at once', () => {
    const result = validateWithConfirm(RegisterForm, { ...valid, email: '', confirmPassword: '' }, 'en');
    expect(result.ok ? {} : result.errors).toEqual({
      email: 'Email cannot be empty',
      confirmPassword: 'Confirm password cannot be empty',
    });
  });

  it('treats the invitation code as optional', () => {
    expect(validateWithConfirm(RegisterForm, { ...valid, confirmPassword: 'abc12345' }, 'en').ok).toBe(true);
  });
});
