import type { ChatMessage, ChatPin } from '@polaris/contract';
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { mountScreen } from '@/components/test-mount.tsx';
import { type MessageActionHandlers, MessageActions } from './MessageActions.tsx';
import { PinnedBar } from './PinnedBar.tsx';
import { ReactionChips } from './ReactionChips.tsx';

vi.mock('@/api/request.ts', () => ({ api: { call: vi.fn(() => new Promise(() => {})) } }));

const message = (over: Partial<ChatMessage> = {}): ChatMessage => ({
  roomId: '1',
  seq: 5,
  kind: 'text',
  senderUid: '100',
  senderName: 'Ann',
  senderAvatar: null,
  text: 'hello',
  imageId: null,
  replyTo: null,
  mentions: [],
  event: null,
  targetUid: null,
  targetName: null,
  ref: null,
  deleted: false,
  createdAt: new Date().toISOString(),
  ...over,
});

const click = (element: Element | null) => act(() => (element as HTMLElement).click());

describe('ReactionChips', () => {
  it('shows each kind with its count, pressed when mine, and toggles on tap', async () => {
    const toggle = vi.fn();
    const view = await mountScreen(
      <ReactionChips
        message={message({
          reactions: [
            { emoji: '👍', count: 3, mine: true },
            { emoji: '🔥', count: 1, mine: false },
          ],
        })}
        onToggle={toggle}
      />,
    );
    const chips = [...view.querySelectorAll<HTMLButtonElement>('[data-testid="reaction-chip"]')];
    expect(chips.map((chip) => [chip.textContent, chip.getAttribute('aria-pressed')])).toEqual([
      ['👍3', 'true'],
      ['🔥1', 'false'],
    ]);
    await click(chips[0]!);
    await click(chips[1]!);
    expect(toggle.mock.calls).toEqual([
      ['👍', false],
      ['🔥', true],
    ]);
  });

  it('shows nothing for a message without reactions or a deleted one', async () => {
    const none = await mountScreen(<ReactionChips message={message()} />);
    expect(none.querySelector('[data-testid="reaction-chips"]')).toBeNull();
    const gone = await mountScreen(
      <ReactionChips message={message({ deleted: true, reactions: [{ emoji: '👍', count: 1, mine: false }] })} />,
    );
    expect(gone.querySelector('[data-testid="reaction-chips"]')).toBeNull();
  });
});

function handlers(over: Partial<MessageActionHandlers> = {}): MessageActionHandlers {
  return {
    canDelete: () => false,
    canReply: true,
    canReact: true,
    canPin: false,
    pinned: new Set(),
    onReply: vi.fn(),
    onDelete: vi.fn(),
    onReact: vi.fn(),
    onEdit: vi.fn(),
    onPin: vi.fn(),
    ...over,
  };
}
const sheetKeys = () =>
  [...document.querySelectorAll('[data-testid="chat-actions"] .adm-action-sheet-button-item')].map(
    (b) => b.textContent,
  );

describe('MessageActions', () => {
  it('offers the reactions row and edit on an own text message; a pick reacts and closes', async () => {
    const h = handlers();
    const close = vi.fn();
    await mountScreen(<MessageActions message={message()} selfUid="100" onClose={close} handlers={h} />);
    expect(sheetKeys()).toContain('chatActions.edit');
    expect(sheetKeys()).not.toContain('chatActions.pin');
    const picks = document.querySelectorAll('[data-testid="reaction-pick"]');
    expect(picks).toHaveLength(8);
    await click([...picks].find((pick) => (pick as HTMLElement).dataset.emoji === '🎉')!);
    expect(h.onReact).toHaveBeenCalledWith(5, '🎉', true);
    expect(close).toHaveBeenCalled();
  });

  it('offers no edit on someone else’s message, and pin or unpin to admins as the room’s pins say', async () => {
    await mountScreen(
      <MessageActions message={message()} selfUid="200" onClose={vi.fn()} handlers={handlers({ canPin: true })} />,
    );
    expect(sheetKeys()).not.toContain('chatActions.edit');
    expect(sheetKeys()).toContain('chatActions.pin');
  });

  it('offers unpin for a pinned message, and no reactions to a muted member', async () => {
    const h = handlers({ canPin: true, canReact: false, pinned: new Set([5]) });
    await mountScreen(<MessageActions message={message()} selfUid="100" onClose={vi.fn()} handlers={h} />);
    expect(sheetKeys()).toContain('chatActions.unpin');
    expect(sheetKeys()).not.toContain('chatActions.edit');
    expect(document.querySelector('[data-testid="reaction-pick"]')).toBeNull();
    await click(
      [...document.querySelectorAll('.adm-action-sheet-button-item')].find(
        (b) => b.textContent === 'chatActions.unpin',
      )!,
    );
    expect(h.onPin).toHaveBeenCalledWith(5, false);
  });
});

describe('PinnedBar', () => {
  const pin = (seq: number, text: string): ChatPin => ({
    message: message({ seq, text }),
    pinnedAt: new Date().toISOString(),
    pinnedByUid: '1',
  });

  it('shows the latest pin, steps through the others on tap and shows each one', async () => {
    const show = vi.fn();
    const view = await mountScreen(
      <PinnedBar pins={[pin(9, 'Newest'), pin(4, 'Older')]} selfUid="100" onShow={show} />,
    );
    const bar = () => view.querySelector<HTMLButtonElement>('[data-testid="pinned-bar"]')!;
    expect(bar().textContent).toContain('chatActions.pinnedCount');
    expect(bar().dataset.seq).toBe('9');
    expect(view.querySelector('[data-testid="pinned-text"]')!.textContent).toBe('Newest');
    await click(bar());
    expect(show).toHaveBeenLastCalledWith(9);
    expect(view.querySelector('[data-testid="pinned-text"]')!.textContent).toBe('Older');
    await click(bar());
    expect(show).toHaveBeenLastCalledWith(4);
    expect(view.querySelector('[data-testid="pinned-text"]')!.textContent).toBe('Newest');
  });

  it('shows nothing without pins', async () => {
    const view = await mountScreen(<PinnedBar pins={[]} selfUid={null} onShow={vi.fn()} />);
    expect(view.querySelector('[data-testid="pinned-bar"]')).toBeNull();
  });
});
