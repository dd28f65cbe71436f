import type { ChatMessage } from '@polaris/contract';
import { bountyApi } from '@polaris/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/api/request.ts';
import { PATHS } from '@/app/paths.ts';
import { processedBounties } from '@/lib/processed-memory.ts';
import { BountyBubble } from './BountyBubble.tsx';

vi.mock('@/api/request.ts', () => ({ api: { call: vi.fn() } }));

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const message = (ref: string): ChatMessage => ({
  roomId: '7',
  seq: 12,
  kind: 'bounty',
  senderUid: '1',
  senderName: 'Ann',
  senderAvatar: null,
  text: 'Write a recap',
  imageId: null,
  replyTo: null,
  mentions: [],
  event: null,
  targetUid: null,
  targetName: null,
  ref,
  deleted: false,
  createdAt: '2026-05-01T10:00:00.000Z',
});

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search}`}</p>;
}

const unmounts: (() => void)[] = [];
afterEach(() => {
  for (const unmount of unmounts.splice(0)) unmount();
  localStorage.clear();
  vi.mocked(api.call).mockReset();
});

async function mount(ref: string, mySubmission: unknown = null) {
  vi.mocked(api.call).mockResolvedValue({ id: ref, perWinner: '25', asset: 'USDT', state: 'open', mySubmission });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  await act(async () =>
    root.render(
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={['/room']}>
          <Routes>
            <Route path="/room" element={<BountyBubble message={message(ref)} />} />
            <Route path="*" element={<Where />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>,
    ),
  );
  unmounts.push(() => {
    act(() => root.unmount());
    container.remove();
  });
  return container;
}

describe('the bounty bubble', () => {
  it('shows "Submitted" for a bounty remembered as dealt with in this room', async () => {
    processedBounties.add('7', '101');
    const view = await mount('101');
    expect(view.querySelector('[data-testid="chat-bounty"]')?.getAttribute('data-submitted')).toBe('true');
    expect(view.querySelector('[data-testid="chat-bounty-submitted"]')).not.toBeNull();
  });

  it('offers to take part in one not submitted to, with its reward', async () => {
    processedBounties.add('8', '101');
    const view = await mount('101');
    const bubble = view.querySelector('[data-testid="chat-bounty"]');
    expect(bubble?.getAttribute('data-submitted')).toBe('false');
    expect(bubble?.textContent).toContain('Write a recap');
    // The reward line replaces its placeholder once the bounty has loaded (keys stand for the strings here).
    await vi.waitFor(() => expect(bubble?.textContent).toContain('bounty.bubble.reward'));
    expect(api.call).toHaveBeenCalledWith(bountyApi.detail, { id: '101' });
  });

  it('knows a submission made elsewhere from the bounty itself', async () => {
    const view = await mount('102', { id: '9', state: 'pending', reason: null });
    await vi.waitFor(() => expect(view.querySelector('[data-testid="chat-bounty-submitted"]')).not.toBeNull());
  });

  it('opens the bounty’s detail when tapped', async () => {
    const view = await mount('103');
    await act(async () => view.querySelector<HTMLButtonElement>('[data-testid="chat-bounty"]')?.click());
    expect(view.querySelector('[data-testid="where"]')?.textContent).toBe(`${PATHS.bountyDetail}?id=103`);
  });
});
