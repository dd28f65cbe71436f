import type { SecondFactorPath } from '@polaris/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { securityKeys } from '@/api/security-keys.ts';
import { ApiError } from '@/lib/api-error.ts';
import { type SecondFactor, SecondFactorField, useSecondFactor } from './SecondFactorField.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const unmounts: (() => void)[] = [];
afterEach(() => {
  for (const unmount of unmounts.splice(0)) unmount();
});

/** A form of `operation` with the account's authenticator on or off (as the status query has it). */
function mount(operation: SecondFactorPath, enabled: boolean | undefined, signedOut = false) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } },
  });
  if (enabled !== undefined) client.setQueryData(securityKeys.totp(), { enabled, recoveryCodesLeft: 10 });
  const latest: { factor?: SecondFactor } = {};
  function Form() {
    latest.factor = useSecondFactor(operation, { signedOut });
    return <SecondFactorField factor={latest.factor} id="code" />;
  }
  const container = document.createElement('div');
  document.body.appendChild(container);
  const root = createRoot(container);
  act(() =>
    root.render(
      <QueryClientProvider client={client}>
        <Form />
      </QueryClientProvider>,
    ),
  );
  unmounts.push(() => {
    act(() => root.unmount());
    container.remove();
  });
  return { container, factor: () => latest.factor as SecondFactor };
}

describe('SecondFactorField', () => {
  it('shows the code field and its reason before the first submit when the authenticator is on', () => {
    const { container, factor } = mount('/user/binding/phone', true);
    expect(container.querySelector('input#code')).not.toBeNull();
    expect(container.querySelector('#code-reason')?.textContent).toBe('secondFactor.reason');
    expect(factor().explain).toBe(false);
    // Nothing typed: the form does not send, and says why under the field.
    let taken: { totp?: string } | null = {};
    act(() => {
      taken = factor().take();
    });
    expect(taken).toBeNull();
    expect(factor().error).toBeDefined();
    act(() => factor().setCode(' 123 456 '));
    expect(factor().code).toBe('123456');
    act(() => {
      taken = factor().take();
    });
    expect(taken).toEqual({ totp: '123456' });
  });

  it('shows nothing when the authenticator is off, until a 468 says otherwise', () => {
    const { container, factor } = mount('/wallet/transfer', false);
    expect(container.querySelector('input#code')).toBeNull();
    expect(factor().take()).toEqual({});
    let handled = false;
    act(() => {
      handled = factor().handle(
        new ApiError('quiet', 468, 'Enter the code from Google Authenticator', { factor: 'totp' }),
      );
    });
    expect(handled).toBe(true);
    expect(container.querySelector('input#code')).not.toBeNull();
    // It says why it appeared (the server asked), and takes the focus.
    const needed = container.querySelector('[data-testid="code-needed"]');
    expect(needed?.textContent).toBe('secondFactor.needed');
    expect(needed?.getAttribute('role')).toBe('alert');
    expect(document.activeElement).toBe(container.querySelector('input#code'));
    expect(factor().handle(new ApiError('quiet', 468, 'The transaction password is wrong', { left: 4 }))).toBe(false);
  });

  it('is optional on a signed-out form, where the account’s state is unknown', () => {
    const { container, factor } = mount('/user/reset', undefined, true);
    expect(container.querySelector('#code-reason')?.textContent).toBe('secondFactor.reasonSignedOut');
    expect(factor().take()).toEqual({});
  });
});
