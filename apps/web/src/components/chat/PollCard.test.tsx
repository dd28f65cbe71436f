import { type ChatPoll, chatPollApi } from '@polaris/contract';
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/api/request.ts';
import { mountScreen, signedInDuringEachTest } from '@/components/test-mount.tsx';
import { PollCard } from './PollCard.tsx';

vi.mock('@/api/request.ts', () => ({ api: { call: vi.fn() } }));
signedInDuringEachTest();
afterEach(() => vi.mocked(api.call).mockReset());

const SELF = '10000002';
const poll = (extra: Partial<ChatPoll> = {}): ChatPoll => ({
  id: '5',
  roomId: '1',
  seq: 3,
  authorUid: '10000001',
  question: 'Where next?',
  options: ['Taipei', 'Tokyo', 'Seoul'],
  multiple: false,
  anonymous: false,
  audience: 'members',
  closesAt: null,
  closedAt: null,
  tallies: [1, 3, 0],
  voters: 4,
  version: 4,
  mine: [1],
  ...extra,
});

async function card(p: ChatPoll, who: { moderator?: boolean; member?: boolean } = {}) {
  const container = await mountScreen(
    <PollCard poll={p} selfUid={SELF} moderator={who.moderator ?? false} member={who.member ?? true} />,
  );
  const all = (testId: string) => [...container.querySelectorAll<HTMLElement>(`[data-testid="${testId}"]`)];
  return { container, all, one: (testId: string) => all(testId)[0] ?? null };
}

describe('the poll card', () => {
  it('shows each option with its bar and percentage, and marks my choice', async () => {
    const { all, one } = await card(poll());
    const options = all('poll-option');
    expect(options.map((o) => o.dataset.percent)).toEqual(['25', '75', '0']);
    expect(options.map((o) => o.dataset.chosen)).toEqual(['false', 'true', 'false']);
    expect(options[1]!.getAttribute('aria-pressed')).toBe('true');
    expect(options.map((o) => o.textContent)).toEqual([
      expect.stringContaining('Taipei'),
      expect.stringContaining('Tokyo'),
      expect.stringContaining('Seoul'),
    ]);
    expect(one('poll-card')!.getAttribute('aria-labelledby')).toBeTruthy();
  });

  it('votes with one tap in a single-choice poll', async () => {
    vi.mocked(api.call).mockResolvedValue({ poll: poll({ mine: [2] }) });
    const { all } = await card(poll());
    await act(async () => all('poll-option')[2]!.click());
    expect(api.call).toHaveBeenCalledWith(chatPollApi.vote, { pollId: '5', choices: [2] });
  });

  it('ticks several options and sends them with Vote in a multiple-choice poll', async () => {
    vi.mocked(api.call).mockResolvedValue({ poll: poll() });
    const { all, one } = await card(poll({ multiple: true, mine: null }));
    expect((one('poll-vote') as HTMLButtonElement).disabled).toBe(true);
    await act(async () => all('poll-option')[2]!.click());
    await act(async () => all('poll-option')[0]!.click());
    expect(all('poll-option').map((o) => o.getAttribute('aria-pressed'))).toEqual(['true', 'false', 'true']);
    await act(async () => one('poll-vote')!.click());
    expect(api.call).toHaveBeenCalledWith(chatPollApi.vote, { pollId: '5', choices: [0, 2] });
  });

  it('a closed poll shows its results, takes no vote and cannot be closed again', async () => {
    const { all, one } = await card(poll({ closedAt: '2026-01-01T00:00:00Z' }), { moderator: true });
    expect(all('poll-option').every((o) => o.tagName === 'DIV')).toBe(true);
    expect(one('poll-card')!.dataset.open).toBe('false');
    expect(one('poll-state')!.textContent).toBe('chatPoll.card.closed');
    expect(one('poll-close')).toBeNull();
    expect(one('poll-vote')).toBeNull();
  });

  it('a poll past its close time is closed without a word from the server', async () => {
    const { one } = await card(poll({ closesAt: new Date(Date.now() - 1000).toISOString() }));
    expect(one('poll-card')!.dataset.open).toBe('false');
  });

  it('offers closing to its author and to moderators only', async () => {
    expect((await card(poll())).one('poll-close')).toBeNull();
    expect((await card(poll({ authorUid: SELF }))).one('poll-close')).not.toBeNull();
    expect((await card(poll(), { moderator: true })).one('poll-close')).not.toBeNull();
  });

  it("lists a named poll's voters by option; an anonymous poll offers no list", async () => {
    vi.mocked(api.call).mockResolvedValue({
      items: [
        { uid: '10000003', name: 'Ann', avatar: null, choices: [1] },
        { uid: '10000004', name: null, avatar: null, choices: [0, 1] },
      ],
    });
    const named = await card(poll());
    await act(async () => named.one('poll-show-voters')!.click());
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(api.call).toHaveBeenCalledWith(chatPollApi.voters, { pollId: '5' });
    const rows = [...named.one('poll-voter-list')!.querySelectorAll('dd')].map((dd) => dd.textContent);
    expect(rows).toEqual(['chatPoll.card.user', 'Ann, chatPoll.card.user', 'chatPoll.card.nobody']);
    expect((await card(poll({ anonymous: true }))).one('poll-show-voters')).toBeNull();
  });

  it('a visitor who is not a member sees the results without voting', async () => {
    const { all, one } = await card(poll(), { member: false });
    expect(all('poll-option').every((o) => o.tagName === 'DIV')).toBe(true);
    expect(one('poll-show-voters')).toBeNull();
  });
});
