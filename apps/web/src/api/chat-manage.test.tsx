import { chatApi } from '@polaris/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-error.ts';
import { type ChatMember, chatManageKeys, useMemberChange } from './chat-manage.ts';
import { api } from './request.ts';

vi.mock('./request.ts', () => ({ api: { call: vi.fn() } }));

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const member = (uid: string, role: ChatMember['role'] = 'member'): ChatMember => ({
  uid,
  name: `User ${uid}`,
  avatar: null,
  role,
  mutedUntil: null,
});

/** A query client holding two searches of room 7's members, and the mutation hook mounted against it. */
function mount() {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } },
  });
  client.setQueryData(chatManageKeys.members('7', ''), { items: [member('1', 'owner'), member('2'), member('3')] });
  client.setQueryData(chatManageKeys.members('7', 'User 2'), { items: [member('2')] });
  const latest: { change?: ReturnType<typeof useMemberChange> } = {};
  function Holder() {
    latest.change = useMemberChange('7');
    return null;
  }
  const root = createRoot(document.createElement('div'));
  act(() =>
    root.render(
      <QueryClientProvider client={client}>
        <Holder />
      </QueryClientProvider>,
    ),
  );
  unmounts.push(() => act(() => root.unmount()));
  const list = (q: string) => client.getQueryData<{ items: ChatMember[] }>(chatManageKeys.members('7', q))?.items;
  return { change: () => latest.change!, list };
}

const unmounts: (() => void)[] = [];
afterEach(() => {
  for (const unmount of unmounts.splice(0)) unmount();
  vi.mocked(api.call).mockReset();
});

/** A server answer the test settles by hand, so the list can be read while the request is in flight. */
function pending() {
  let settle: { resolve(value: unknown): void; reject(error: unknown): void } = { resolve() {}, reject() {} };
  vi.mocked(api.call).mockImplementation(
    () =>
      new Promise((resolve, reject) => {
        settle = { resolve, reject };
      }),
  );
  return () => settle;
}

describe('useMemberChange', () => {
  it('takes a banned member out of every cached search at once, before the server answers', async () => {
    const settle = pending();
    const { change, list } = mount();
    await act(async () => {
      change().mutate({ action: 'ban', uid: '2' });
    });
    expect(api.call).toHaveBeenCalledWith(chatApi.memberBan, { roomId: '7', uid: '2' });
    expect(list('')?.map((m) => m.uid)).toEqual(['1', '3']);
    expect(list('User 2')).toEqual([]);
    await act(async () => settle().resolve({}));
  });

  it('puts the lists back when the server refuses', async () => {
    const settle = pending();
    const { change, list } = mount();
    await act(async () => {
      change().mutate({ action: 'role', uid: '2', role: 'admin' });
    });
    expect(list('')?.find((m) => m.uid === '2')?.role).toBe('admin');
    await act(async () => settle().reject(new ApiError('business', 403, 'No permission')));
    expect(list('')?.find((m) => m.uid === '2')?.role).toBe('member');
    expect(list('User 2')?.[0]?.role).toBe('member');
  });

  it('shows a mute ending after the chosen minutes, and sends the minutes', async () => {
    const settle = pending();
    const { change, list } = mount();
    const before = Date.now();
    await act(async () => {
      change().mutate({ action: 'mute', uid: '3', minutes: 60 });
    });
    expect(api.call).toHaveBeenCalledWith(chatApi.memberMute, { roomId: '7', uid: '3', minutes: 60 });
    const until = Date.parse(list('')?.find((m) => m.uid === '3')?.mutedUntil ?? '');
    expect(until - before).toBeGreaterThanOrEqual(3_600_000);
    expect(until - before).toBeLessThan(3_610_000);
    await act(async () => settle().resolve({}));
  });
});
