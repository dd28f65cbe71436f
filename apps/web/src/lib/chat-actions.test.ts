import type { ChatMessage } from '@polaris/contract';
import { describe, expect, it } from 'vitest';
import {
  applyEdit,
  applyOwnReactions,
  applyReactionsFrame,
  canEditMessage,
  canReactTo,
  type ReactionsFrame,
  toggledReactions,
  updateMessage,
} from './chat-actions.ts';
import type { History } from './chat-messages.ts';

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
const frame = (over: Partial<ReactionsFrame>): ReactionsFrame => ({
  type: 'reactions',
  roomId: '1',
  seq: 5,
  rev: 1,
  reactions: [{ emoji: '👍', count: 1 }],
  uid: '200',
  emoji: '👍',
  on: true,
  ...over,
});

describe('reactions from the socket', () => {
  it('takes the counts and keeps mine when someone else reacted', () => {
    const held = message({ reactions: [{ emoji: '❤️', count: 1, mine: true }], reactionsRev: 1 });
    const next = applyReactionsFrame(
      held,
      frame({
        rev: 2,
        reactions: [
          { emoji: '❤️', count: 1 },
          { emoji: '👍', count: 1 },
        ],
      }),
      '300',
    );
    expect(next.reactions).toEqual([
      { emoji: '❤️', count: 1, mine: true },
      { emoji: '👍', count: 1, mine: false },
    ]);
    expect(next.reactionsRev).toBe(2);
  });

  it('marks mine when the change is the reader’s own, and unmarks a take-back', () => {
    const on = applyReactionsFrame(message(), frame({ uid: '300', rev: 1 }), '300');
    expect(on.reactions).toEqual([{ emoji: '👍', count: 1, mine: true }]);
    const off = applyReactionsFrame(on, frame({ uid: '300', rev: 2, on: false, reactions: [] }), '300');
    expect(off.reactions).toEqual([]);
  });

  it('ignores a frame older than what is held, whatever order they came in', () => {
    const newer = message({ reactions: [{ emoji: '👍', count: 3, mine: false }], reactionsRev: 7 });
    expect(applyReactionsFrame(newer, frame({ rev: 6, reactions: [{ emoji: '👍', count: 2 }] }), '1')).toBe(newer);
    expect(applyOwnReactions(newer, [{ emoji: '👍', count: 2, mine: true }], 6)).toBe(newer);
    expect(applyOwnReactions(newer, [{ emoji: '👍', count: 4, mine: true }], 8).reactions![0]!.count).toBe(4);
  });
});

describe('a tap shown at once', () => {
  it('adds one of a kind as mine, takes it back, orders by count and drops kinds at zero', () => {
    const start = [{ emoji: '❤️' as const, count: 2, mine: false }];
    const added = toggledReactions(start, '👍', true);
    expect(added).toEqual([
      { emoji: '❤️', count: 2, mine: false },
      { emoji: '👍', count: 1, mine: true },
    ]);
    expect(toggledReactions(added, '👍', false)).toEqual(start);
    expect(toggledReactions(start, '❤️', true)).toEqual([{ emoji: '❤️', count: 3, mine: true }]);
    // A second tap that agrees with what is held changes nothing.
    expect(toggledReactions(added, '👍', true)).toEqual(added);
  });
});

describe('edits', () => {
  it('replaces text, mentions and the edit time of the message in the history only', () => {
    const history: History = { pages: [{ items: [message({ seq: 6 }), message()], more: false }], pageParams: [] };
    const edited = updateMessage(history, 5, (m) =>
      applyEdit(m, { text: 'bye', mentions: ['1'], editedAt: '2026-01-01T00:00:00.000Z' }),
    );
    expect(edited!.pages[0]!.items[1]).toMatchObject({
      text: 'bye',
      mentions: ['1'],
      editedAt: '2026-01-01T00:00:00.000Z',
    });
    expect(edited!.pages[0]!.items[0]).toBe(history.pages[0]!.items[0]);
    expect(updateMessage(history, 99, (m) => ({ ...m, text: 'x' }))).toBe(history);
  });

  it('offers editing of one’s own text messages for 48 hours only', () => {
    const now = Date.now();
    expect(canEditMessage(message(), '100', now)).toBe(true);
    expect(canEditMessage(message(), '200', now)).toBe(false);
    expect(canEditMessage(message({ kind: 'image' }), '100', now)).toBe(false);
    expect(canEditMessage(message({ deleted: true }), '100', now)).toBe(false);
    const old = new Date(now - 48 * 3600_000 - 1000).toISOString();
    expect(canEditMessage(message({ createdAt: old }), '100', now)).toBe(false);
    expect(canReactTo(message({ kind: 'system' }))).toBe(false);
    expect(canReactTo(message({ kind: 'redpacket' }))).toBe(true);
  });
});
