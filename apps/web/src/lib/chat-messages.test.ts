import type { ChatMessage } from '@polaris/contract';
import { describe, expect, it } from 'vitest';
import {
  addToHistory,
  flattenHistory,
  type History,
  markDeleted,
  mergeNewestFirst,
  newestSeq,
} from './chat-messages.ts';

const message = (seq: number, text = `m${seq}`): ChatMessage => ({
  roomId: '1',
  seq,
  kind: 'text',
  senderUid: '9',
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
  createdAt: '2026-01-01T00:00:00.000Z',
});
const range = (from: number, to: number) => Array.from({ length: from - to + 1 }, (_, index) => message(from - index));
const seqs = (history: History | undefined) => flattenHistory(history).map((m) => m.seq);

/** Two pages as `/chat/messages` gives them: 60..11 (full, more before), then 10..1. */
const twoPages = (): History => ({
  pages: [
    { items: range(60, 11), more: true },
    { items: range(10, 1), more: false },
  ],
  pageParams: [undefined, 11],
});

describe('room history', () => {
  it('reads oldest first, each seq once, even where pages overlap after a refetch', () => {
    const history: History = {
      pages: [
        { items: range(12, 8), more: true },
        { items: range(9, 5), more: false },
      ],
      pageParams: [undefined, 8],
    };
    expect(seqs(history)).toEqual([5, 6, 7, 8, 9, 10, 11, 12]);
    expect(newestSeq(history)).toBe(12);
  });

  it('puts live messages on the newest page and ignores ones it already has', () => {
    const history = twoPages();
    const next = addToHistory(history, [message(61), message(62), message(30)]);
    expect(next?.pages[0]?.items.slice(0, 3).map((m) => m.seq)).toEqual([62, 61, 60]);
    expect(seqs(next)).toEqual(
      range(62, 1)
        .reverse()
        .map((m) => m.seq),
    );
    expect(next?.pages[1]).toBe(history.pages[1]);
    expect(addToHistory(next, [message(62)])?.pages[0]?.items.filter((m) => m.seq === 62)).toHaveLength(1);
  });

  it('replaces a copy it holds (an edit the server made) on whichever page it is, and skips what is older than loaded', () => {
    const history = twoPages();
    const next = addToHistory(history, [{ ...message(3), deleted: true, text: '' }, message(0)]);
    expect(next?.pages[0]).toBe(history.pages[0]);
    expect(flattenHistory(next).find((m) => m.seq === 3)?.deleted).toBe(true);
    expect(seqs(next)[0]).toBe(1);
  });

  it('fills an empty first page (a conversation with nothing in it yet)', () => {
    const empty: History = { pages: [{ items: [], more: false }], pageParams: [undefined] };
    expect(seqs(addToHistory(empty, [message(1)]))).toEqual([1]);
  });

  it('has nothing to add to before the first page has loaded', () => {
    expect(addToHistory(undefined, [message(1)])).toBeUndefined();
  });

  it('blanks a deleted message as the server does, and leaves the history alone when it is not loaded', () => {
    const history = addToHistory(twoPages(), [{ ...message(61), imageId: 'a'.repeat(32), mentions: ['2'] }]);
    const next = markDeleted(history, 61);
    expect(flattenHistory(next).at(-1)).toMatchObject({
      seq: 61,
      deleted: true,
      text: '',
      imageId: null,
      mentions: [],
    });
    expect(markDeleted(next, 61)).toBe(next);
    expect(markDeleted(next, 999)).toBe(next);
  });

  it('merges by seq, the incoming copy winning', () => {
    expect(
      mergeNewestFirst([message(2, 'old'), message(1)], [message(2, 'new'), message(3)]).map((m) => m.text),
    ).toEqual(['m3', 'new', 'm1']);
  });
});
