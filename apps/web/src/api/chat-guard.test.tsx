import { chatGuardApi } from '@polaris/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-error.ts';
import { chatGuardKeys, receiveHeld, useBlockChange, useHeldAction } from './chat-guard.ts';
import { api } from './request.ts';

vi.mock('./request.ts', () => ({ api: { call: vi.fn() } }));

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const person = (uid: string) => ({ uid, name: `User ${uid}`, avatar: null, blockedAt: '2026-11-01T00:00:00.000Z' });

const unmounts: (() => void)[] = [];
afterEach(() => {
  for (const unmount of unmounts.splice(0)) unmount();
  vi.mocked(api.call).mockReset();
});

function mount() {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } },
  });
  client.setQueryData(chatGuardKeys.blocks, { items: [person('2')] });
  const latest: { change?: ReturnType<typeof useBlockChange> } = {};
  function Holder() {
    latest.change = useBlockChange();
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
  const uids = () =>
    client.getQueryData<{ items: { uid: string }[] }>(chatGuardKeys.blocks)?.items.map((item) => item.uid);
  return { change: () => latest.change!, uids };
}

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

describe('useBlockChange', () => {
  it('folds a blocked person at once, then keeps the list the server answers', async () => {
    const settle = pending();
    const { change, uids } = mount();
    await act(async () => change().mutate({ uid: '3', block: true, name: 'Carol' }));
    expect(api.call).toHaveBeenCalledWith(chatGuardApi.block, { uid: '3' });
    expect(uids()).toEqual(['3', '2']);
    await act(async () => settle().resolve({ items: [person('3'), person('2'), person('9')] }));
    expect(uids()).toEqual(['3', '2', '9']);
  });

  it('takes an unblocked person off the list at once and puts them back if the server refuses', async () => {
    const settle = pending();
    const { change, uids } = mount();
    await act(async () => change().mutate({ uid: '2', block: false }));
    expect(api.call).toHaveBeenCalledWith(chatGuardApi.unblock, { uid: '2' });
    expect(uids()).toEqual([]);
    await act(async () => settle().reject(new ApiError('business', 404, 'This user does not exist')));
    expect(uids()).toEqual(['2']);
  });
});

const heldItem = (id: string) => ({
  id,
  roomId: '4',
  status: 'held' as const,
  seq: null,
  text: `link ${id} example.com`,
  imageId: null,
  replyTo: null,
  clientId: null,
  author: { uid: '10000001', name: null },
  createdAt: '2026-11-29T10:00:00.000Z',
});

describe('held messages', () => {
  it('an approval leaves the queue at once and asks for it again', async () => {
    const client = new QueryClient({
      defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } },
    });
    client.setQueryData(chatGuardKeys.held('4'), { items: [heldItem('1'), heldItem('2')] });
    const latest: { action?: ReturnType<typeof useHeldAction> } = {};
    function Holder() {
      latest.action = useHeldAction('4');
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
    vi.mocked(api.call).mockResolvedValue({ ...heldItem('1'), status: 'approved', seq: 12 });
    await act(async () => {
      await latest.action!.mutateAsync({ id: '1', action: 'approve' });
    });
    expect(api.call).toHaveBeenCalledWith(chatGuardApi.roomHeldAct, { roomId: '4', id: '1', action: 'approve' });
    const left = client.getQueryData<{ items: { id: string }[] }>(chatGuardKeys.held('4'));
    expect(left?.items.map((item) => item.id)).toEqual(['2']);
    expect(client.getQueryState(chatGuardKeys.held('4'))?.isInvalidated).toBe(true);
  });

  it('a held frame adds the message to my list of the room once', () => {
    const client = new QueryClient();
    receiveHeld(client, heldItem('5'));
    receiveHeld(client, heldItem('5'));
    expect(client.getQueryData<{ items: { id: string }[] }>(chatGuardKeys.myHeld('4'))?.items.map((i) => i.id)).toEqual(
      ['5'],
    );
  });
});
