import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { walletKeys } from '@/api/wallet-keys.ts';
import { sessionStore } from '@/lib/session.ts';
import { TradePasswordPrompt } from './TradePasswordPrompt.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const unmounts: (() => void)[] = [];
afterEach(() => {
  for (const unmount of unmounts.splice(0)) unmount();
  document.body.innerHTML = '';
});

/** The prompt opened by a payment, with the account's status as `/user/isFdPwdBlank` gave it. */
function mount(blank: boolean) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } },
  });
  client.setQueryData(walletKeys.tradeStatus(), { blank, lockedUntil: null });
  const container = document.createElement('div');
  document.body.appendChild(container);
  const root = createRoot(container);
  act(() =>
    root.render(
      <QueryClientProvider client={client}>
        <TradePasswordPrompt
          visible
          title="Pay"
          summary="Pay 5 USDT"
          pending={false}
          onClose={() => {}}
          onSubmit={() => {}}
        />
      </QueryClientProvider>,
    ),
  );
  unmounts.push(() => act(() => root.unmount()));
  const byId = (id: string) => document.querySelector<HTMLElement>(`[data-testid="${id}"]`);
  return { client, byId };
}

describe('TradePasswordPrompt', () => {
  it('offers to set a transaction password before showing any password field, in a sheet above it', async () => {
    sessionStore.setState({ loginStatus: true });
    const { client, byId } = mount(true);
    expect(byId('trade-offer')).not.toBeNull();
    expect(document.querySelector('input[type="password"]')).toBeNull();

    act(() => byId('trade-offer-set')?.click());
    const setSheet = byId('trade-set-sheet') as HTMLElement;
    const zOf = (element: Element | null) =>
      Number((element?.closest('.adm-popup') as HTMLElement | null)?.style.getPropertyValue('--z-index'));
    expect(zOf(setSheet)).toBeGreaterThan(zOf(byId('trade-offer')));
    expect(setSheet.closest('[role="dialog"]')?.getAttribute('aria-modal')).toBe('true');

    // Once set (the status says so), the flow is back at its password field.
    act(() => client.setQueryData(walletKeys.tradeStatus(), { blank: false, lockedUntil: null }));
    await vi.waitFor(() => expect(byId('trade-prompt-password')).not.toBeNull());
    expect(byId('trade-offer')).toBeNull();
  });

  it('asks for the password at once when one is set', () => {
    sessionStore.setState({ loginStatus: true });
    const { byId } = mount(false);
    expect(byId('trade-offer')).toBeNull();
    expect(byId('trade-prompt-password')).not.toBeNull();
  });
});
