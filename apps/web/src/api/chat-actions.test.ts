import type { ChatMessage } from '@polaris/contract';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { chatKeys, type MyRoom } from './chat.ts';
import { previewEdit, refreshAfterResume } from './chat-actions.ts';
import { api } from './request.ts';

vi.mock('./request.ts', () => ({ api: { call: vi.fn() } }));

// My list of rooms follows an edit of a room's last message (docs/chat.md "Reactions, editing and pins").

const last = { seq: 7, text: 'meet at 5', mentions: [], editedAt: null } as unknown as ChatMessage;
const row = (id: string, message: ChatMessage) => ({ room: { id }, lastMessage: message }) as unknown as MyRoom;

describe('previewEdit', () => {
  it('puts the edited text into the row whose last message it is, and leaves other rows and seqs alone', () => {
    const client = new QueryClient();
    const other = row('2', { ...last });
    client.setQueryData(chatKeys.mine(), { items: [row('1', last), other] });
    const edit = {
      type: 'edited' as const,
      roomId: '1',
      text: 'meet at 6',
      mentions: [],
      editedAt: '2026-11-29T10:00:00Z',
    };
    previewEdit(client, '1', { ...edit, seq: 7 });
    previewEdit(client, '1', { ...edit, seq: 6, text: 'not the last' });
    const items = client.getQueryData<{ items: MyRoom[] }>(chatKeys.mine())!.items;
    expect(items[0]!.lastMessage).toMatchObject({ text: 'meet at 6', editedAt: '2026-11-29T10:00:00Z' });
    expect(items[1]).toBe(other);
  });
});

describe('refreshAfterResume', () => {
  const message = (seq: number, extra: Partial<ChatMessage> = {}) =>
    ({ seq, text: `m${seq}`, reactions: [], reactionsRev: 0, ...extra }) as unknown as ChatMessage;

  it('takes the newest page into the held copies, keeps a newer reaction revision, and asks for the pins again', async () => {
    const client = new QueryClient();
    const history = {
      pages: [{ items: [message(6, { reactionsRev: 9 }), message(5, { text: 'typo' })], more: true }],
      pageParams: [undefined],
    };
    client.setQueryData(chatKeys.messages('1'), history);
    client.setQueryData([...chatKeys.all, 'pins', '1'], { items: [] });
    const reacted = [{ emoji: '👍' as const, count: 2, mine: false }];
    vi.mocked(api.call).mockResolvedValueOnce({
      items: [
        message(7),
        message(6, { reactionsRev: 3, reactions: [] }),
        message(5, { text: 'fixed', editedAt: '2026-11-29T10:00:00Z', reactions: reacted, reactionsRev: 1 }),
      ],
    });
    await refreshAfterResume(client, '1');
    expect(vi.mocked(api.call).mock.calls.at(-1)![1]).toMatchObject({ roomId: '1' });
    const items = client.getQueryData<typeof history>(chatKeys.messages('1'))!.pages[0]!.items;
    expect(items.map((m) => m.seq)).toEqual([7, 6, 5]);
    expect(items[1]).toMatchObject({ reactionsRev: 9 });
    expect(items[2]).toMatchObject({ text: 'fixed', reactions: reacted, reactionsRev: 1 });
    expect(client.getQueryState([...chatKeys.all, 'pins', '1'])!.isInvalidated).toBe(true);
  });
});
