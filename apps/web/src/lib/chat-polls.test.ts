import type { ChatMessage, ChatPoll } from '@polaris/contract';
import { describe, expect, it } from 'vitest';
import type { History } from './chat-messages.ts';
import {
  isPollOpen,
  percentages,
  pollIn,
  updatePollIn,
  withAnswer,
  withOptimisticVote,
  withResults,
} from './chat-polls.ts';

const poll = (extra: Partial<ChatPoll> = {}): ChatPoll => ({
  id: '5',
  roomId: '1',
  seq: 3,
  authorUid: '10000001',
  question: 'Where?',
  options: ['A', 'B', 'C'],
  multiple: false,
  anonymous: false,
  audience: 'members',
  closesAt: null,
  closedAt: null,
  tallies: [1, 0, 0],
  voters: 1,
  version: 1,
  mine: [0],
  ...extra,
});

describe('poll results', () => {
  it('a newer frame replaces the results and keeps my vote; an older or equal one changes nothing', () => {
    const held = poll();
    const newer = withResults(held, { id: '5', version: 2, tallies: [1, 1, 0], voters: 2, closedAt: null });
    expect(newer).toMatchObject({ version: 2, tallies: [1, 1, 0], voters: 2, mine: [0] });
    expect(withResults(newer, { id: '5', version: 2, tallies: [9, 9, 9], voters: 9, closedAt: null })).toBe(newer);
    expect(withResults(newer, { id: '5', version: 1, tallies: [0, 0, 0], voters: 0, closedAt: null })).toBe(newer);
    expect(withResults(newer, { id: '6', version: 9, tallies: [0, 0, 0], voters: 0, closedAt: null })).toBe(newer);
  });

  it("a vote's answer brings my vote, even when a newer frame came first", () => {
    const held = poll({ version: 7, tallies: [3, 2, 1], mine: null });
    const answered = withAnswer(held, poll({ version: 6, tallies: [2, 2, 1], mine: [1] }));
    expect(answered).toMatchObject({ version: 7, tallies: [3, 2, 1], mine: [1] });
    // An answer without a vote of mine (a frame-shaped poll) keeps the one held.
    const { mine: _gone, ...shape } = poll({ version: 8 });
    expect(withAnswer(poll({ mine: [2] }), shape).mine).toEqual([2]);
  });

  it('shows a vote at once: a first vote adds a voter, a changed vote moves a count', () => {
    const none = poll({ tallies: [1, 0, 0], voters: 1, mine: null });
    expect(withOptimisticVote(none, [2])).toMatchObject({ tallies: [1, 0, 1], voters: 2, mine: [2] });
    const voted = poll({ tallies: [2, 0, 0], voters: 2, mine: [0] });
    expect(withOptimisticVote(voted, [1])).toMatchObject({ tallies: [1, 1, 0], voters: 2, mine: [1] });
    const many = poll({ multiple: true, tallies: [1, 1, 0], voters: 1, mine: [0, 1] });
    expect(withOptimisticVote(many, [1, 2])).toMatchObject({ tallies: [0, 1, 1], voters: 1 });
  });

  it('percentages of the votes cast, whole numbers; none cast is 0 everywhere', () => {
    expect(percentages([1, 1, 2])).toEqual([25, 25, 50]);
    expect(percentages([0, 0])).toEqual([0, 0]);
    expect(percentages([1, 2])).toEqual([33, 67]);
  });

  it('is open until closed or its close time passes', () => {
    const now = Date.parse('2026-01-01T10:00:00Z');
    expect(isPollOpen(poll(), now)).toBe(true);
    expect(isPollOpen(poll({ closesAt: '2026-01-01T10:00:01Z' }), now)).toBe(true);
    expect(isPollOpen(poll({ closesAt: '2026-01-01T10:00:00Z' }), now)).toBe(false);
    expect(isPollOpen(poll({ closedAt: '2026-01-01T09:00:00Z' }), now)).toBe(false);
  });
});

describe('polls in the history', () => {
  const message = (seq: number, p?: ChatPoll) =>
    ({ seq, kind: p ? 'poll' : 'text', ref: p?.id ?? null, poll: p }) as unknown as ChatMessage;
  const history: History = {
    pages: [{ items: [message(4), message(3, poll())], more: false }],
    pageParams: [undefined],
  };

  it('changes the poll where its message is, and nothing else', () => {
    const changed = updatePollIn(history, '5', (p) => ({ ...p, voters: 9 }));
    expect(pollIn(changed, '5')?.voters).toBe(9);
    expect(changed!.pages[0]!.items[0]).toBe(history.pages[0]!.items[0]);
    expect(updatePollIn(history, '404', (p) => p)).toBe(history);
    expect(updatePollIn(undefined, '5', (p) => p)).toBeUndefined();
  });
});
