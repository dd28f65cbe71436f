import type { AirdropDetail } from '@polaris/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/api/request.ts';
import { sessionStore } from '@/lib/session.ts';
import AirdropDetailPage from '@/pages/home/airdrop/detail/index.tsx';

// The airdrop is the only answer: whether sign-up can be pressed is its `can.signUp` alone.
vi.mock('@/api/request.ts', () => ({ api: { call: vi.fn() } }));

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** An open airdrop, for everyone, that the reader has not signed up for. */
const airdrop = (signUp: boolean, eligibility: AirdropDetail['eligibility'] = null) =>
  ({
    id: '5',
    project: 'Polaris Labs',
    description: '',
    website: null,
    asset: 'USDT',
    mode: 'prorata',
    pool: '10',
    perPerson: null,
    maxParticipants: null,
    participants: 0,
    signupStartsAt: new Date(Date.now() - 60_000).toISOString(),
    signupEndsAt: new Date(Date.now() + 3_600_000).toISOString(),
    distributeAt: new Date(Date.now() + 7_200_000).toISOString(),
    phase: 'open',
    requirements: { holds: null, attended: null, vipTier: null },
    mine: null,
    eligibility: eligibility ?? { holds: null, attended: null, vipTier: null },
    can: { signUp },
  }) as AirdropDetail;

const unmounts: (() => void)[] = [];
beforeEach(() => {
  sessionStore.setState({ token: 't', userInfo: { uid: '10000002', uuid: 'u', token: 't' }, loginStatus: true });
});
afterEach(() => {
  for (const unmount of unmounts.splice(0)) unmount();
  vi.mocked(api.call).mockReset();
  sessionStore.getState().clear();
});

async function signUpButton(answer: AirdropDetail) {
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
        <MemoryRouter initialEntries={['/?id=5']}>
          <AirdropDetailPage />
        </MemoryRouter>
      </QueryClientProvider>,
    ),
  );
  const find = () => container.querySelector<HTMLButtonElement>('[data-testid="airdrop-signup"]');
  for (let turn = 0; turn < 50 && !find(); turn++) await act(() => new Promise((resolve) => setTimeout(resolve, 10)));
  return find()!;
}

describe('the airdrop page lets sign-up be pressed only when the answer says the reader may', () => {
  it('enables it with can.signUp', async () => {
    const button = await signUpButton(airdrop(true));
    expect([button.disabled, button.textContent]).toEqual([false, 'airdrop.signUp']);
  });

  it('disables it without, saying a rule is missed or the places are gone, while the window is open', async () => {
    const unmet = await signUpButton(airdrop(false, { holds: false, attended: null, vipTier: null }));
    expect([unmet.disabled, unmet.textContent]).toEqual([true, 'airdrop.notEligible']);
    const full = await signUpButton(airdrop(false));
    expect([full.disabled, full.textContent]).toEqual([true, 'airdrop.full']);
  });
});
