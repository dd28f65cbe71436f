import type { AirdropDetail } from '@polaris/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/api/request.ts';
import { mountScreen, signedInDuringEachTest, waitFor } from '@/components/test-mount.tsx';
import AirdropDetailPage from '@/pages/home/airdrop/detail/index.tsx';

// The airdrop is the only answer: whether sign-up can be pressed is its `can.signUp` alone.
vi.mock('@/api/request.ts', () => ({ api: { call: vi.fn() } }));

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

signedInDuringEachTest();
afterEach(() => vi.mocked(api.call).mockReset());

async function signUpButton(answer: AirdropDetail) {
  vi.mocked(api.call).mockResolvedValue(answer);
  const container = await mountScreen(<AirdropDetailPage />, '/?id=5');
  return (await waitFor<HTMLButtonElement>(container, '[data-testid="airdrop-signup"]'))!;
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
