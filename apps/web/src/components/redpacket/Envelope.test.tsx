import type { RedPacket } from '@polaris/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/api/request.ts';
import { sessionStore } from '@/lib/session.ts';
import { EnvelopeLoader } from './Envelope.tsx';

vi.mock('@/api/request.ts', () => ({ api: { call: vi.fn() } }));

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** An active followers-only packet of someone else, not opened by the reader. */
const packet = (claim: boolean) =>
  ({
    code: 'abc123',
    kind: 'social',
    audience: 'followers',
    asset: 'USDT',
    amount: '4',
    count: 4,
    greeting: 'Hi',
    sender: { uid: '10000001', name: 'Ann', avatar: null },
    activity: null,
    needsPassword: false,
    state: 'active',
    mine: null,
    isSender: false,
    can: { claim },
  }) as unknown as RedPacket;

const unmounts: (() => void)[] = [];
beforeEach(() => {
  sessionStore.setState({ token: 't', userInfo: { uid: '10000002', uuid: 'u', token: 't' }, loginStatus: true });
});
afterEach(() => {
  for (const unmount of unmounts.splice(0)) unmount();
  vi.mocked(api.call).mockReset();
  sessionStore.getState().clear();
});

async function mount(answer: RedPacket) {
  vi.mocked(api.call).mockResolvedValue(answer);
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  unmounts.push(() => {
    act(() => root.unmount());
    container.remove();
  });
  await act(async () =>
    root.render(
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <EnvelopeLoader code="abc123" onClaimed={() => {}} />
        </MemoryRouter>
      </QueryClientProvider>,
    ),
  );
  await vi.waitFor(() => expect(container.querySelector('[data-testid="envelope"]')).not.toBeNull());
  return container;
}

describe('the envelope offers opening only when the answer says the reader may', () => {
  it('shows the open seal with can.claim', async () => {
    const page = await mount(packet(true));
    expect(page.querySelector('[data-testid="envelope-open"]')).not.toBeNull();
  });

  it('hides it without can.claim, leaving the note of whom the packet is for and its details', async () => {
    const page = await mount(packet(false));
    expect(page.querySelector('[data-testid="envelope-open"]')).toBeNull();
    expect(page.querySelector('[data-testid="envelope-login"]')).toBeNull();
    expect(page.textContent).toContain('redpacket.audience.followersNote');
    expect(page.querySelector('[data-testid="envelope-details"]')).not.toBeNull();
  });
});
