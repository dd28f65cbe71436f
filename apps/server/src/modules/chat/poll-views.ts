import type { ChatMessage, ChatPoll, ChatPollResults } from '@polaris/contract';
import { type PollCounts, type PollRow, pollCounts, pollsByIds, votesOf } from './polls.store.ts';
import type { ChatRoomAccess } from './room-access.ts';

/** The outward shape of polls, and polls joined to the messages that show them (docs/chat.md "Polls"). */

const iso = (value: Date) => value.toISOString();

/** When the poll stopped taking votes: closed early, or its close time passed; null while open. */
function pollClosedAt(poll: Pick<PollRow, 'closedAt' | 'closesAt'>, now: Date): Date | null {
  if (poll.closedAt) return poll.closedAt;
  return poll.closesAt && poll.closesAt <= now ? poll.closesAt : null;
}

export function presentResults(poll: PollRow, counts: PollCounts | undefined, now: Date): ChatPollResults {
  const closedAt = pollClosedAt(poll, now);
  return {
    id: String(poll.id),
    version: poll.version,
    tallies: poll.options.map((_, index) => counts?.byOption.get(index) ?? 0),
    voters: counts?.voters ?? 0,
    closedAt: closedAt ? iso(closedAt) : null,
  };
}

/** A poll as a reader sees it; `mine` only in answers to that reader (undefined: not known here, as in frames). */
export function presentPoll(
  poll: PollRow,
  counts: PollCounts | undefined,
  authorUid: string | null,
  now: Date,
  mine?: number[] | null,
): ChatPoll {
  return {
    ...presentResults(poll, counts, now),
    roomId: String(poll.roomId),
    seq: poll.seq,
    authorUid,
    question: poll.question,
    options: poll.options,
    multiple: poll.multiple,
    anonymous: poll.anonymous,
    audience: poll.audience,
    closesAt: poll.closesAt ? iso(poll.closesAt) : null,
    ...(mine === undefined ? {} : { mine }),
  };
}

/**
 * Puts each `poll` message's poll on it, with the reader's own vote when there is a reader (null: a catch-up page
 * shared by every subscriber). Three statements whatever the number of polls, none when there are none.
 */
export async function withPolls(
  access: ChatRoomAccess,
  messages: ChatMessage[],
  readerId: number | null,
): Promise<ChatMessage[]> {
  const ids = messages.flatMap((message) => (message.kind === 'poll' && message.ref ? [Number(message.ref)] : []));
  if (ids.length === 0) return messages;
  const [polls, counts, mine] = await Promise.all([
    pollsByIds(access.db, ids),
    pollCounts(access.db, ids),
    readerId === null ? Promise.resolve(null) : votesOf(access.db, ids, readerId),
  ]);
  const byId = new Map(polls.map((poll) => [poll.id, poll]));
  const now = access.deps.now();
  return messages.map((message) => {
    const poll = message.kind === 'poll' && message.ref ? byId.get(Number(message.ref)) : undefined;
    if (!poll) return message;
    const own = mine === null ? undefined : (mine.get(poll.id) ?? null);
    return { ...message, poll: presentPoll(poll, counts.get(poll.id), message.senderUid, now, own) };
  });
}
