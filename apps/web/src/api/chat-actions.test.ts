import type { ChatMessage } from '@polaris/contract';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { chatKeys, type MyRoom } from './chat.ts';
import { previewEdit } from './chat-actions.ts';

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
