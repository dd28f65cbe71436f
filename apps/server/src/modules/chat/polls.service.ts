import { CHAT_LIMITS, CHAT_POLL_LIMITS, type ChatPoll, type ChatPollCreateInput, Status } from '@polaris/contract';
import { AppError, FieldsError } from '../../platform/errors.ts';
import type { ChatMessagesService } from './messages.service.ts';
import { authorize, canClosePoll, canPostPoll, canRead } from './policy.ts';
import { presentPoll, presentResults } from './poll-views.ts';
import {
  attendanceOf,
  claimOpenPoll,
  closePoll,
  insertPoll,
  namedVoters,
  type PollRow,
  pollById,
  pollCounts,
  putVote,
  votesOf,
} from './polls.store.ts';
import type { Caller, ChatRoomAccess } from './room-access.ts';
import { uidOf } from './store.ts';

const DAY_MS = 86_400_000;
/** The longest voter list one answer gives (a room's named poll; the counts are exact whatever the number). */
const VOTERS_LIMIT = 500;

const unknown = () => new AppError(Status.notFound, 'chat.notFound');

/**
 * Polls (docs/chat.md "Polls"): posted as a `poll` message through the send path (rate, slow mode, mute, closed
 * room, the room's sequence), voted on once per member (the ballot's primary key claims it, a new vote replaces
 * it), closed at their time or early by their author or an admin. Every change is published to the room as one
 * `poll` frame with the new results, encoded once for every socket.
 */
export class ChatPollsService {
  constructor(
    private readonly access: ChatRoomAccess,
    private readonly messages: ChatMessagesService,
  ) {}

  private get db() {
    return this.access.db;
  }

  async create(user: Caller, input: ChatPollCreateInput) {
    const now = this.access.deps.now();
    const closesAt = input.closesAt ? new Date(input.closesAt) : null;
    if (closesAt && closesAt <= now) throw new FieldsError([{ field: 'closesAt', messageKey: 'chatPoll.closeInPast' }]);
    if (closesAt && closesAt.getTime() - now.getTime() > CHAT_POLL_LIMITS.maxOpenDays * DAY_MS) {
      throw new FieldsError([
        { field: 'closesAt', messageKey: 'chatPoll.closeTooFar', params: { days: CHAT_POLL_LIMITS.maxOpenDays } },
      ]);
    }
    const message = await this.messages.send(
      user,
      { roomId: input.roomId, text: input.question, clientId: input.clientId },
      undefined,
      {
        kind: 'poll',
        store: async (tx, { room, member, seq }) => {
          if (!canPostPoll(room, member, now)) throw new AppError(Status.noPermission, 'chatPoll.adminsOnly');
          if (input.audience !== 'members' && (room.kind !== 'activity' || room.activityId === null)) {
            throw new FieldsError([{ field: 'audience', messageKey: 'chatPoll.audienceNeedsActivity' }]);
          }
          const poll = await insertPoll(tx, {
            roomId: room.id,
            seq,
            authorId: user.id,
            question: input.question,
            options: input.options,
            multiple: input.multiple,
            anonymous: input.anonymous,
            audience: input.audience,
            closesAt,
            createdAt: now,
          });
          return { ref: String(poll.id), carried: { poll: presentPoll(poll, undefined, String(user.uid), now) } };
        },
      },
    );
    // The author has not voted yet; a resend answered with the first poll carries it already.
    const poll = message.poll ? { ...message.poll, mine: message.poll.mine ?? null } : null;
    if (!poll) throw unknown();
    return { poll };
  }

  /**
   * A poll the caller may see, with their membership; a poll of a room they may not see, or whose message was
   * deleted, is unknown. One lookup of the poll, one of the room, as for a poll that does not exist.
   */
  private async visiblePoll(userId: number, pollId: string) {
    const found = await pollById(this.db, Number(pollId));
    const { room, member } = await this.access.visibleRoom(userId, found?.poll.roomId ?? 0);
    if (!found || found.deletedAt !== null) throw unknown();
    authorize(true, canRead(member), 'chat.notMember');
    return { poll: found.poll, room, member: member! };
  }

  async vote(user: Caller, input: { pollId: string; choices: number[] }) {
    const { deps } = this.access;
    const key = `chat:${deps.scope}:vote:${input.pollId}:${user.id}`;
    if ((await deps.counter.hit(key, CHAT_LIMITS.windowSeconds)) > deps.sendsPerWindow) {
      throw new AppError(Status.conflict, 'chat.rateLimited');
    }
    const { poll, room } = await this.visiblePoll(user.id, input.pollId);
    if (room.closedAt) throw new AppError(Status.conflict, 'chat.closed');
    const choices = [...new Set(input.choices)].sort((a, b) => a - b);
    if (choices.some((choice) => choice >= poll.options.length)) {
      throw new FieldsError([{ field: 'choices', messageKey: 'chatPoll.choiceUnknown' }]);
    }
    if (!poll.multiple && choices.length > 1) {
      throw new FieldsError([{ field: 'choices', messageKey: 'chatPoll.oneChoice' }]);
    }
    await this.assertMayVote(poll, room.activityId, user.id);
    const now = deps.now();
    const { row, counts } = await this.db.transaction(async (tx) => {
      // The poll's row lock serialises its votes, so the counts read after are this version's.
      const claimed = await claimOpenPoll(tx, poll.id, now);
      if (!claimed) throw new AppError(Status.conflict, 'chatPoll.closed');
      await putVote(tx, poll.id, user.id, choices, now);
      return { row: claimed, counts: await pollCounts(tx, [poll.id]) };
    });
    return this.changed(row, counts.get(row.id), choices);
  }

  /** Ticket holders or those checked in, as the activity module answers it (its attendance view). */
  private async assertMayVote(poll: PollRow, activityId: number | null, userId: number) {
    if (poll.audience === 'members') return;
    const place = activityId === null ? null : await attendanceOf(this.db, activityId, userId);
    if (poll.audience === 'ticketHolders' && !place?.ticket) {
      throw new AppError(Status.noPermission, 'chatPoll.ticketHolders');
    }
    if (poll.audience === 'checkedIn' && !place?.checkedIn) {
      throw new AppError(Status.noPermission, 'chatPoll.checkedIn');
    }
  }

  async close(user: Caller, input: { pollId: string }) {
    const { poll, member } = await this.visiblePoll(user.id, input.pollId);
    authorize(true, canClosePoll(member, poll.authorId, user.id), 'chatPoll.notAuthor');
    const now = this.access.deps.now();
    const { row, counts } = await this.db.transaction(async (tx) => {
      const closed = await closePoll(tx, poll.id, now);
      if (!closed) throw new AppError(Status.conflict, 'chatPoll.closed');
      return { row: closed, counts: await pollCounts(tx, [poll.id]) };
    });
    const mine = (await votesOf(this.db, [poll.id], user.id)).get(poll.id) ?? null;
    return this.changed(row, counts.get(row.id), mine);
  }

  /** After commit: the new results to the room (one frame for all), the full poll to the caller. */
  private async changed(row: PollRow, counts: Parameters<typeof presentResults>[1], mine: number[] | null) {
    const now = this.access.deps.now();
    await this.access.publish(row.roomId, {
      type: 'poll',
      roomId: String(row.roomId),
      poll: presentResults(row, counts, now),
    });
    const authorUid = await uidOf(this.db, row.authorId);
    const poll: ChatPoll = presentPoll(row, counts, authorUid === undefined ? null : String(authorUid), now, mine);
    return { poll };
  }

  /** Who voted for what, in a named poll: its room's members see it; an anonymous poll never tells. */
  async voters(user: Caller, input: { pollId: string }) {
    const { poll } = await this.visiblePoll(user.id, input.pollId);
    if (poll.anonymous) throw new AppError(Status.noPermission, 'chatPoll.anonymous');
    const rows = await namedVoters(this.db, poll.id, VOTERS_LIMIT);
    return {
      items: rows.map((row) => ({ uid: String(row.uid), name: row.name, avatar: row.avatar, choices: row.choices })),
    };
  }
}
