import type { ChatPoll, ChatPollResults } from '@polaris/contract';
import type { History } from './chat-messages.ts';

/**
 * Polls as the room's history holds them (docs/chat.md "Polls"): each on the message that shows it. Results come
 * from the `poll` frame (the same for everyone, the highest `version` wins), the reader's own vote from their vote's
 * answer or the history; a frame never carries it, so it is kept.
 */

/** Results of a newer version replace the held ones; an older or equal version changes nothing. */
export function withResults(poll: ChatPoll, results: ChatPollResults): ChatPoll {
  if (results.id !== poll.id || results.version <= poll.version) return poll;
  return { ...poll, ...results };
}

/** The poll from a vote's answer: the newer results, and the reader's own vote from it. */
export function withAnswer(poll: ChatPoll, answer: ChatPoll): ChatPoll {
  const newer = answer.version >= poll.version ? { ...poll, ...answer } : poll;
  return { ...newer, mine: answer.mine === undefined ? poll.mine : answer.mine };
}

/**
 * The vote shown at once, before the server answers: the reader's previous choices taken off the counts, the new
 * ones added, one more voter if they had not voted. The server's answer (or a frame) replaces it.
 */
export function withOptimisticVote(poll: ChatPoll, choices: number[]): ChatPoll {
  const previous = poll.mine ?? [];
  const tallies = poll.tallies.map(
    (count, index) => count - (previous.includes(index) ? 1 : 0) + (choices.includes(index) ? 1 : 0),
  );
  return { ...poll, tallies, voters: poll.voters + (previous.length === 0 ? 1 : 0), mine: choices };
}

/** Whether the poll takes votes now: not closed, and its close time not passed. */
export function isPollOpen(poll: Pick<ChatPoll, 'closedAt' | 'closesAt'>, now: number): boolean {
  if (poll.closedAt !== null) return false;
  return poll.closesAt === null || Date.parse(poll.closesAt) > now;
}

/** Each option's share of the votes, in whole percents (of all votes cast, so a multiple-choice poll's add to 100). */
export function percentages(tallies: readonly number[]): number[] {
  const total = tallies.reduce((sum, count) => sum + count, 0);
  return tallies.map((count) => (total === 0 ? 0 : Math.round((count * 100) / total)));
}

/** The history with one poll changed wherever its message is. */
export function updatePollIn(
  history: History | undefined,
  pollId: string,
  change: (poll: ChatPoll) => ChatPoll,
): History | undefined {
  if (!history) return history;
  let changed = false;
  const pages = history.pages.map((page) => {
    if (!page.items.some((message) => message.poll?.id === pollId)) return page;
    return {
      ...page,
      items: page.items.map((message) => {
        if (message.poll?.id !== pollId) return message;
        changed = true;
        return { ...message, poll: change(message.poll) };
      }),
    };
  });
  return changed ? { ...history, pages } : history;
}

/** The poll of the history with this id, if loaded. */
export function pollIn(history: History | undefined, pollId: string): ChatPoll | undefined {
  for (const page of history?.pages ?? []) {
    for (const message of page.items) if (message.poll?.id === pollId) return message.poll;
  }
  return undefined;
}
