import { type ChatSearchHit, chatApi } from '@polaris/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/api/request.ts';
import { PATHS } from '@/app/paths.ts';
import { ApiError } from '@/lib/api-error.ts';
import { MessageSearchResults } from './MessageSearchResults.tsx';

vi.mock('@/api/request.ts', () => ({ api: { call: vi.fn() } }));

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const hit = (seq: number, text: string, highlights: ChatSearchHit['highlights']): ChatSearchHit => ({
  message: {
    roomId: '7',
    seq,
    kind: 'text',
    senderUid: '10000001',
    senderName: 'Ann',
    senderAvatar: null,
    text,
    imageId: null,
    replyTo: null,
    mentions: [],
    event: null,
    targetUid: null,
    targetName: null,
    ref: null,
    deleted: false,
    createdAt: '2026-05-01T10:00:00.000Z',
  },
  room: { id: '7', kind: 'community', name: 'Trail', city: null, cityNames: null, peer: null },
  highlights,
});

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search}`}</p>;
}

const unmounts: (() => void)[] = [];
afterEach(() => {
  for (const unmount of unmounts.splice(0)) unmount();
  vi.mocked(api.call).mockReset();
});

async function mount(q: string, roomId?: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  await act(async () =>
    root.render(
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={['/search']}>
          <Routes>
            <Route path="/search" element={<MessageSearchResults q={q} roomId={roomId} />} />
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

describe('message search results', () => {
  it('marks the hit in the text without reading the text as HTML, and names the room and sender', async () => {
    vi.mocked(api.call).mockResolvedValue({
      items: [hit(3, '<b>x</b> 我們在台北見', [{ start: 12, end: 14 }])],
      nextCursor: null,
    });
    const view = await mount('台北');
    await vi.waitFor(() => expect(view.querySelector('[data-testid="message-search-hit"]')).not.toBeNull());
    expect(api.call).toHaveBeenCalledWith(chatApi.messagesSearch, {
      q: '台北',
      roomId: undefined,
      cursor: '',
      limit: 20,
    });
    const row = view.querySelector('[data-testid="message-search-hit"]')!;
    expect(row.querySelector('mark')?.textContent).toBe('台北');
    expect(row.querySelector('b')).toBeNull();
    expect(row.textContent).toContain('<b>x</b> 我們在台北見');
    expect(row.textContent).toContain('Trail');
    expect(row.textContent).toContain('Ann');
  });

  it('opens a hit in its room at its seq', async () => {
    vi.mocked(api.call).mockResolvedValue({
      items: [hit(42, 'meet at noon', [{ start: 0, end: 4 }])],
      nextCursor: null,
    });
    const view = await mount('meet', '7');
    await vi.waitFor(() => expect(view.querySelector('[data-testid="message-search-hit"]')).not.toBeNull());
    await act(async () => view.querySelector<HTMLAnchorElement>('[data-testid="message-search-hit"]')?.click());
    expect(view.querySelector('[data-testid="where"]')?.textContent).toBe(`${PATHS.chat}?id=7&seq=42`);
  });

  it('says when nothing matches, and when the query is too short to search', async () => {
    vi.mocked(api.call).mockResolvedValue({ items: [], nextCursor: null });
    const empty = await mount('zebra');
    await vi.waitFor(() => expect(empty.querySelector('[data-testid="message-search-empty"]')).not.toBeNull());
    vi.mocked(api.call).mockRejectedValue(
      new ApiError('invalid', 400, 'too short', null, [{ field: 'q', message: 'too short' }]),
    );
    const short = await mount('a');
    await vi.waitFor(() => expect(short.querySelector('[data-testid="message-search-short"]')).not.toBeNull());
  });

  it('asks nothing for an empty query and shows what to type', async () => {
    const view = await mount('  ');
    expect(api.call).not.toHaveBeenCalled();
    expect(view.textContent).toContain('chatSearch.hint');
  });
});
