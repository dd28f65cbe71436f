import { CHAT_LIMITS, CHAT_REACTIONS, CHAT_REACTORS_LIMIT, type ChatReaction, Status } from '@polaris/contract';
import { AppError } from '../../platform/errors.ts';
import { addReaction, nextReactionRev, reactionTallies, reactorsOf, removeReaction } from './actions.store.ts';
import { messageBySeq } from './messages.store.ts';
import { isMuted } from './policy.ts';
import type { ReactionNotices } from './reaction-notices.ts';
import type { Caller, ChatRoomAccess } from './room-access.ts';

type Tally = { seq: number; emoji: string; count: number; mine: boolean; rev: number };

/** The fixed order reactions show in: most given first, then the set's own order. */
function ordered(tallies: readonly Tally[]): ChatReaction[] {
  const rank = (emoji: string) => CHAT_REACTIONS.indexOf(emoji as ChatReaction['emoji']);
  return [...tallies]
    .sort((a, b) => b.count - a.count || rank(a.emoji) - rank(b.emoji))
    .map(({ emoji, count, mine }) => ({ emoji: emoji as ChatReaction['emoji'], count, mine }));
}

/**
 * Reactions (docs/chat.md "Reactions, editing and pins"): a member gives or takes back one of CHAT_REACTIONS on a
 * message. Each (message, member, kind) is one row claimed by its key, so a hundred members tapping at once count a
 * hundred and a repeat changes nothing. A change takes the message's next reaction revision, and the counts read
 * after it go out in one `reactions` frame for the whole room.
 */
export class ChatReactionsService {
  constructor(
    private readonly access: ChatRoomAccess,
    private readonly notices: ReactionNotices,
  ) {}

  private get db() {
    return this.access.db;
  }

  /** A message of a room the caller belongs to that can take reactions; unknown otherwise. */
  private async target(user: Caller, input: { roomId: string; seq: number }) {
    const found = await this.access.membership(user.id, input.roomId);
    const message = await messageBySeq(this.db, found.room.id, input.seq);
    if (!message || message.kind === 'system' || message.deletedAt !== null) {
      throw new AppError(Status.notFound, 'chat.notFound');
    }
    return { ...found, message };
  }

  async react(user: Caller, input: { roomId: string; seq: number; emoji: ChatReaction['emoji']; on: boolean }) {
    const { deps } = this.access;
    const key = `chat:${deps.scope}:react:${input.roomId}:${user.id}`;
    if ((await deps.counter.hit(key, CHAT_LIMITS.windowSeconds)) > deps.sendsPerWindow) {
      throw new AppError(Status.conflict, 'chat.rateLimited');
    }
    const { room, member, message } = await this.target(user, input);
    if (room.closedAt) throw new AppError(Status.conflict, 'chat.closed');
    if (isMuted(member, deps.now())) throw new AppError(Status.noPermission, 'chat.muted');
    const changed = await this.db.transaction(async (tx) => {
      const done = input.on
        ? await addReaction(tx, {
            roomId: room.id,
            seq: message.seq,
            userId: user.id,
            emoji: input.emoji,
            createdAt: deps.now(),
          })
        : await removeReaction(tx, room.id, message.seq, user.id, input.emoji);
      if (!done) return null;
      if (input.on && message.senderId !== null && message.senderId !== user.id) {
        await this.notices.reactedIn(tx, room.id, message.seq);
      }
      const rev = await nextReactionRev(tx, room.id, message.seq);
      return { rev, tallies: await reactionTallies(tx, room.id, [message.seq], user.id) };
    });
    if (changed === null) {
      // A repeat: nothing changed, nothing is published; the answer is the message's reactions as they are.
      const tallies = await reactionTallies(this.db, room.id, [message.seq], user.id);
      return { reactions: ordered(tallies), rev: tallies[0]?.rev ?? 0 };
    }
    const reactions = ordered(changed.tallies);
    await this.access.publish(room.id, {
      type: 'reactions',
      roomId: String(room.id),
      seq: message.seq,
      rev: changed.rev,
      reactions: reactions.map(({ emoji, count }) => ({ emoji, count })),
      uid: String(user.uid),
      emoji: input.emoji,
      on: input.on,
    });
    return { reactions, rev: changed.rev };
  }

  /** Who reacted (of one kind, or all), earliest first, at most CHAT_REACTORS_LIMIT. */
  async reactors(user: Caller, input: { roomId: string; seq: number; emoji?: ChatReaction['emoji'] }) {
    const { room, message } = await this.target(user, input);
    const rows = await reactorsOf(this.db, room.id, message.seq, input.emoji ?? null, CHAT_REACTORS_LIMIT);
    return {
      items: rows.map((row) => ({
        uid: String(row.uid),
        name: row.name,
        avatar: row.avatar,
        emoji: row.emoji as ChatReaction['emoji'],
      })),
    };
  }

  /** A page of messages with the reader's view of their reactions: one query whatever the page's size. */
  async withReactions<T extends { seq: number }>(viewerId: number, roomId: number, messages: T[]) {
    const tallies = await reactionTallies(
      this.db,
      roomId,
      messages.map((message) => message.seq),
      viewerId,
    );
    const bySeq = new Map<number, Tally[]>();
    for (const tally of tallies) bySeq.set(tally.seq, [...(bySeq.get(tally.seq) ?? []), tally]);
    return messages.map((message) => {
      const mine = bySeq.get(message.seq) ?? [];
      return { ...message, reactions: ordered(mine), reactionsRev: mine[0]?.rev ?? 0 };
    });
  }
}
