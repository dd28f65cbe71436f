import type { ChatMessage } from '@polaris/contract';
import { describe, expect, it } from 'vitest';
import { addToHistory, flattenHistory, type History, holdsSeq, reachesNewest } from './chat-messages.ts';

const message = (seq: number): ChatMessage => ({
  roomId: '7',
  seq,
  kind: 'text',
  senderUid: '1',
  senderName: 'Ann',
  senderAvatar: null,
  text: `m${seq}`,
  imageId: null,
  replyTo: null,
  mentions: [],
  event: null,
  targetUid: null,
  targetName: null,
  ref: null,
  deleted: false,
  createdAt: '2026-05-01T10:00:00.000Z',
});
const page = (from: number, to: number, newer?: boolean) => ({
  items: Array.from({ length: to - from + 1 }, (_, i) => message(to - i)),
  more: from > 1,
  ...(newer === undefined ? {} : { newer }),
});

describe('a history opened around a found message', () => {
  const around: History = { pages: [page(20, 30, true)], pageParams: [undefined] };

  it('knows it does not reach the newest, and which messages it holds', () => {
    expect(reachesNewest(around)).toBe(false);
    expect(holdsSeq(around, 25)).toBe(true);
    expect(holdsSeq(around, 31)).toBe(false);
    expect(reachesNewest({ pages: [page(1, 10)], pageParams: [undefined] })).toBe(true);
  });

  it('takes no live message above what it holds (a gap lies there), but updates a held one', () => {
    expect(addToHistory(around, [message(90)])).toBe(around);
    const deleted = { ...message(25), deleted: true, text: '' };
    const updated = addToHistory(around, [message(90), deleted]);
    expect(flattenHistory(updated).map((m) => m.seq)).toEqual(Array.from({ length: 11 }, (_, i) => 20 + i));
    expect(flattenHistory(updated).find((m) => m.seq === 25)?.deleted).toBe(true);
  });

  it('takes live messages again once a newer page reaches the newest', () => {
    const caughtUp: History = { pages: [page(31, 35, false), ...around.pages], pageParams: [{ after: 30 }, undefined] };
    expect(reachesNewest(caughtUp)).toBe(true);
    expect(flattenHistory(addToHistory(caughtUp, [message(36)])).at(-1)?.seq).toBe(36);
  });
});
