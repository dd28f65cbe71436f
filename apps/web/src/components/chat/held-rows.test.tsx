import type { ChatHeldMessage } from '@polaris/contract';
import { describe, expect, it, vi } from 'vitest';
import { mount } from '@/components/test-mount.tsx';
import { PendingRow, type RowContext } from './MessageRow.tsx';
import { heldAsOutgoing } from './useChatRoom.ts';

vi.mock('react-i18next', () => ({ useTranslation: () => ({ t: (key: string) => key }) }));

// The author's own held messages in the conversation (docs/chat.md "Held links"): waiting or refused, no retry.

const held = (status: ChatHeldMessage['status']): ChatHeldMessage => ({
  id: '9',
  roomId: '4',
  status,
  seq: null,
  text: 'see example.com',
  imageId: null,
  replyTo: null,
  clientId: 'c1',
  author: { uid: '10000001', name: 'Mia' },
  createdAt: '2026-11-29T10:00:00.000Z',
});

const context: RowContext = {
  compact: false,
  selfUid: '10000001',
  nameOf: (uid) => uid ?? '',
  messageAt: () => undefined,
  openActions: vi.fn(),
  openImage: vi.fn(),
  jumpTo: vi.fn(),
  retry: vi.fn(),
  discard: vi.fn(),
};

describe('held messages in the conversation', () => {
  it('shows a held message as waiting for an admin, with its text and no retry or delete', () => {
    const item = heldAsOutgoing(held('held'));
    expect(item).toMatchObject({ clientId: 'held-9', roomId: '4', status: 'held', text: 'see example.com' });
    const container = mount(<PendingRow item={item} first context={context} />);
    const row = container.querySelector('[data-testid="chat-pending"]')!;
    expect(row.getAttribute('data-status')).toBe('held');
    expect(row.textContent).toContain('see example.com');
    expect(container.querySelector('[data-testid="chat-held-status"]')!.textContent).toBe('chat.status.held');
    expect(container.querySelectorAll('button')).toHaveLength(0);
  });

  it('shows a rejected one as refused', () => {
    const container = mount(<PendingRow item={heldAsOutgoing(held('rejected'))} first context={context} />);
    expect(container.querySelector('[data-testid="chat-held-status"]')!.textContent).toBe('chat.status.rejected');
    expect(container.querySelector('[data-testid="chat-pending"]')!.getAttribute('data-status')).toBe('rejected');
  });
});
