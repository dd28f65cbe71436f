import { MESSAGES } from '@polaris/contract';
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-error.ts';
import { LoginForm, RegisterForm } from '@/lib/auth-forms.ts';
import { settingsStore } from '@/lib/settings.ts';
import { type Form, useForm } from './useForm.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
const en = MESSAGES.en;

/** Renders a component holding the form and hands back its latest state after every render. */
function mountForm<V extends Record<string, string>>(initial: V) {
  const latest: { form?: Form<V> } = {};
  function Holder() {
    latest.form = useForm(initial);
    return null;
  }
  const root = createRoot(document.createElement('div'));
  act(() => root.render(<Holder />));
  unmounts.push(() => act(() => root.unmount()));
  return () => latest.form as Form<V>;
}

const unmounts: (() => void)[] = [];
afterEach(() => {
  for (const unmount of unmounts.splice(0)) unmount();
});

describe('useForm', () => {
  settingsStore.getState().update({ language: 'en' });

  it('keeps what is typed, shaped by the field’s clean-up', () => {
    const form = mountForm({ email: '', vcode: '' });
    act(() => form().field('email').onChange('ada@example.com'));
    act(() =>
      form()
        .field('vcode', (typed) => typed.replace(/\D/g, ''))
        .onChange('12a3'),
    );
    expect(form().values).toEqual({ email: 'ada@example.com', vcode: '123' });
  });

  it('shows the schema’s problems in the user’s language and gives no data to send', () => {
    const form = mountForm({ email: '', password: '' });
    let data: unknown = 'unset';
    act(() => {
      data = form().accept(form().validate(LoginForm));
    });
    expect(data).toBeUndefined();
    expect(form().errors).toEqual({ email: 'Email cannot be empty', password: 'Password cannot be empty' });
    expect(form().field('email').error).toBe('Email cannot be empty');
  });

  it('clears the errors and gives the checked data once the input is right', () => {
    const form = mountForm({ email: '', password: '' });
    act(() => void form().accept(form().validate(LoginForm)));
    act(() => form().field('email').onChange(' Ada@Example.COM '));
    act(() => form().field('password').onChange('abc12345'));
    let data: unknown;
    act(() => {
      data = form().accept(form().validate(LoginForm));
    });
    expect(data).toEqual({ email: 'ada@example.com', password: 'abc12345' });
    expect(form().errors).toEqual({});
  });

  it('holds the form back for a rule outside the schema, shown beside the schema’s own', () => {
    const form = mountForm({ email: 'ada@example.com', vcode: '123456', password: 'abc12345', confirmPassword: 'x' });
    let data: unknown = 'unset';
    act(() => {
      data = form().accept(form().validateWithConfirm(RegisterForm), { agreement: 'Please agree', other: undefined });
    });
    expect(data).toBeUndefined();
    expect(form().errors).toEqual({ confirmPassword: en.validation.passwordMismatch, agreement: 'Please agree' });
  });

  it('puts the server’s field errors under the fields it knows', () => {
    const form = mountForm({ email: '', password: '' });
    const refused = new ApiError('invalid', 400, 'invalid', null, [{ field: 'email', message: 'Already registered' }]);
    act(() => form().reportTo(['email', 'password'])(refused));
    expect(form().errors).toEqual({ email: 'Already registered' });
    act(() => form().setError('email', undefined));
    expect(form().field('email').error).toBeUndefined();
  });

  it('starts over with reset', () => {
    const form = mountForm({ vcode: '' });
    act(() => form().field('vcode').onChange('123456'));
    act(() => form().setError('vcode', 'Wrong code'));
    act(() => form().reset());
    expect(form().values).toEqual({ vcode: '' });
    expect(form().errors).toEqual({});
  });
});
