import type { RedPacket } from '@polaris/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/api/request.ts';
import { mountScreen, signedInDuringEachTest, waitFor } from '../test-mount.tsx';
import { EnvelopeLoader } from './Envelope.tsx';

vi.mock('@/api/request.ts', () => ({ api: { call: vi.fn() } }));

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

signedInDuringEachTest();
afterEach(() => vi.mocked(api.call).mockReset());

async function mount(answer: RedPacket) {
  vi.mocked(api.call).mockResolvedValue(answer);
  const container = await mountScreen(<EnvelopeLoader code="abc123" onClaimed={() => {}} />);
  expect(await waitFor(container, '[data-testid="envelope"]')).not.toBeNull();
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
