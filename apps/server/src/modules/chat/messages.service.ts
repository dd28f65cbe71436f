import { CHAT_LIMITS, type ChatHeldMessage, type ChatMessage, Status } from '@polaris/contract';
import type { Tx } from '../../db/client.ts';
import { AppError, FieldsError } from '../../platform/errors.ts';
import type { ChatAutomodService } from './automod.service.ts';
import type { ChatHeldService } from './held.service.ts';
import {
  insertSentMessageIndexed,
  isClientIdTaken,
  type MessageRow,
  markDeleted,
  messageBySeq,
  messagesAfter,
  messagesBefore,
  type SentValues,
  sentMessageParts,
  seqByClientId,
} from './messages.store.ts';
import type { ChatNotices } from './notices.service.ts';
import { authorize, canDeleteMessage, isActive, isAdmin, isMuted } from './policy.ts';
import { withPolls } from './poll-views.ts';
import { presentMessage } from './presenter.ts';
import type { ChatReactionsService } from './reactions.service.ts';
import type { Caller, ChatRoomAccess } from './room-access.ts';
import { searchEntry, unindexMessage } from './search.store.ts';
import { claimSend, claimSlowModeSend, type MemberRow, type RoomRow, setReadSeq, userIdsByUid } from './store.ts';

const MENTION = /@(\d{8,15})\b/g;

/**
 * A message that stores rows of its own (a poll) in the send's transaction, after every send rule passed and its
 * number was claimed: it may still refuse (throw), and returns what the message points at and carries.
 */
export interface MessageRows {
  kind: 'poll';
  store(
    tx: Tx,
    at: { room: RoomRow; member: MemberRow; seq: number; now: Date },
  ): Promise<{ ref: string; carried: Pick<ChatMessage, 'poll'> }>;
}

type SendInput = { roomId: string; text: string; imageId?: string; replyTo?: number; clientId?: string | null };

/** Why a send claimed no number (`claimSend`): the sender is not in the room or is muted, or the room is gone. */
function refusal(member: MemberRow | undefined, now: Date): AppError {
  if (!isActive(member)) return new AppError(Status.noPermission, 'chat.notMember');
  if (isMuted(member, now)) return new AppError(Status.noPermission, 'chat.muted');
  return new AppError(Status.notFound, 'chat.notFound');
}

/** Messages: history, sending under the room's rules, deleting, read positions and typing notices. */
export class ChatMessagesService {
  constructor(
    private readonly access: ChatRoomAccess,
    private readonly notices: ChatNotices,
    private readonly reactions: ChatReactionsService,
    private readonly automod: ChatAutomodService,
    private readonly held: ChatHeldService,
  ) {}

  private get db() {
    return this.access.db;
  }

  /**
   * History, newest first: before `beforeSeq` (the newest without it), or after `afterSeq` (the oldest after it), or
   * around `aroundSeq` (it and half a page each side). One given is read in that order: around, after, before.
   */
  async history(
    user: Caller,
    input: { roomId: string; beforeSeq?: number; afterSeq?: number; aroundSeq?: number; limit: number },
  ) {
    const { room } = await this.access.membership(user.id, input.roomId);
    let rows: Awaited<ReturnType<typeof messagesBefore>>;
    if (input.aroundSeq !== undefined) {
      const newer = Math.floor(input.limit / 2);
      const [older, after] = await Promise.all([
        messagesBefore(this.db, room.id, input.aroundSeq + 1, input.limit - newer),
        messagesAfter(this.db, room.id, input.aroundSeq, newer),
      ]);
      rows = [...after.reverse(), ...older];
    } else if (input.afterSeq !== undefined) {
      rows = (await messagesAfter(this.db, room.id, input.afterSeq, input.limit)).reverse();
    } else {
      rows = await messagesBefore(this.db, room.id, input.beforeSeq ?? null, input.limit);
    }
    const items = await withPolls(this.access, rows.map(presentMessage), user.id);
    return { items: await this.reactions.withReactions(user.id, room.id, items) };
  }

  /** What a subscriber missed after `afterSeq`, oldest first, at most `limit`. Membership is checked by the caller. */
  async after(roomId: number, afterSeq: number, limit: number) {
    return withPolls(this.access, (await messagesAfter(this.db, roomId, afterSeq, limit)).map(presentMessage), null);
  }

  /**
   * Sends a message: the sender's rate is claimed first (so a flood costs no database work), then in one
   * transaction the membership is checked, slow mode claimed, the sequence number claimed and the message
   * stored; it is published only after commit.
   */
  async send(
    user: Caller,
    input: SendInput,
    /** A red packet or bounty posted by its service: paid for already, so neither rate nor slow mode holds it back. */
    attachment?: { kind: 'redpacket' | 'bounty'; ref: string },
    /** A poll: sent under every rule of a message (rate, slow mode), with its rows stored in the same transaction. */
    own?: MessageRows,
  ): Promise<ChatMessage> {
    const sent = await this.deliver(user, input, attachment, own, false);
    return sent.message!;
  }

  /**
   * A member's text or image (HTTP and the socket's `send`): stored and published, or, when the room's rules hold
   * it (a first-time poster's link), stored for an admin's approval and answered as `held`.
   */
  submit(user: Caller, input: SendInput) {
    return this.deliver(user, input, undefined, undefined, true);
  }

  private async deliver(
    user: Caller,
    input: SendInput,
    attachment: { kind: 'redpacket' | 'bounty'; ref: string } | undefined,
    own: MessageRows | undefined,
    mayHold: boolean,
  ): Promise<{ message: ChatMessage; held: null } | { message: null; held: ChatHeldMessage }> {
    const { deps } = this.access;
    const roomId = Number(input.roomId);
    if (!attachment) {
      const key = `chat:${deps.scope}:send:${roomId}:${user.id}`;
      if ((await deps.counter.hit(key, CHAT_LIMITS.windowSeconds)) > deps.sendsPerWindow) {
        throw new AppError(Status.conflict, 'chat.rateLimited');
      }
      if (!input.text && !input.imageId) throw new FieldsError([{ field: 'text', messageKey: 'chat.empty' }]);
    }
    if (input.imageId && !(await deps.imageOwnedBy(input.imageId, user.id))) {
      throw new FieldsError([{ field: 'imageId', messageKey: 'chat.imageNotFound' }]);
    }
    const { room, member, name, avatar, iBlockedPeer, rules } = await this.access.senderMembership(user.id, roomId);
    if (room.closedAt) throw new AppError(Status.conflict, 'chat.closed');
    if (iBlockedPeer) throw new AppError(Status.conflict, 'chat.unblockToSend');
    const hold = !attachment && (await this.automod.checkSend(room, member, name, input.text, rules ?? null));
    if (hold && mayHold) {
      if (input.replyTo !== undefined && !(await messageBySeq(this.db, room.id, input.replyTo))) {
        throw new FieldsError([{ field: 'replyTo', messageKey: 'chat.replyNotFound' }]);
      }
      return {
        message: null,
        held: await this.held.hold(user, room, member, { ...input, clientId: input.clientId || null }),
      };
    }
    const mentioned = [...input.text.matchAll(MENTION)].map((match) => Number(match[1]));
    const known = await userIdsByUid(this.db, [...new Set(mentioned)].slice(0, 20));
    const clientId = input.clientId || null;
    const kind: MessageRow['kind'] = own?.kind ?? attachment?.kind ?? (input.imageId ? 'image' : 'text');
    const values = (now: Date, ref: string | null): SentValues => ({
      roomId: room.id,
      createdAt: now,
      kind,
      ref,
      senderId: user.id,
      body: input.text,
      imageId: input.imageId ?? null,
      replyTo: input.replyTo ?? null,
      mentions: [...known.keys()].map(String),
      clientId,
    });
    const search = searchEntry(input.text);
    // A plain message (no slow mode to claim, no reply to find, no rows of its own, nobody to tell) is one statement
    // and no transaction; the others are claimed, checked and stored in one transaction of four to six statements.
    const plain =
      !own &&
      input.replyTo === undefined &&
      (room.slowModeSeconds === 0 || attachment !== undefined) &&
      !this.notices.tells(room, { kind, replyTo: null }, [...known.values()]);
    const message = await (plain
      ? this.storePlain(room.id, user.id, (now) => values(now, attachment?.ref ?? null), search)
      : this.db.transaction(async (tx) => {
          const now = deps.now();
          const { seq, member } = await claimSend(tx, { roomId: room.id, userId: user.id, now });
          if (seq === undefined) throw refusal(member, now);
          if (room.slowModeSeconds > 0 && !isAdmin(member) && !attachment) {
            const claimed = await claimSlowModeSend(tx, room.id, user.id, now, room.slowModeSeconds);
            if (!claimed) throw new AppError(Status.conflict, 'chat.slowMode', { seconds: room.slowModeSeconds });
          }
          if (input.replyTo !== undefined && !(await messageBySeq(tx, room.id, input.replyTo))) {
            throw new FieldsError([{ field: 'replyTo', messageKey: 'chat.replyNotFound' }]);
          }
          const stored = own ? await own.store(tx, { room, member: member!, seq, now }) : null;
          const row = await insertSentMessageIndexed(
            tx,
            values(now, stored?.ref ?? attachment?.ref ?? null),
            search,
            seq,
          );
          await this.notices.messageSentIn(tx, room, row, { id: user.id, name: name ?? '' }, [...known.values()]);
          return { row, carried: stored?.carried };
        })
    ).catch((error: unknown) => {
      // The same client id again (a resend after a lost ack): nothing of this send was kept, number and all.
      if (clientId !== null && isClientIdTaken(error)) return null;
      throw error;
    });
    if (message === null) {
      // Answered with the message stored the first time; nothing is published again.
      const seq = await seqByClientId(this.db, room.id, user.id, clientId!);
      const [stored] = await messagesAfter(this.db, room.id, seq! - 1, 1);
      const [first] = await withPolls(this.access, [presentMessage(stored!)], user.id);
      return { message: first!, held: null };
    }
    const presented: ChatMessage = {
      ...presentMessage({
        ...message.row,
        senderUid: user.uid,
        senderName: name,
        senderAvatar: avatar,
        targetUid: null,
      }),
      ...message.carried,
    };
    await this.access.publish(room.id, { type: 'message', message: presented });
    return { message: presented, held: null };
  }

  /** A plain message in one statement (`claimSend`): claimed, stored and indexed, or refused with nothing claimed. */
  private async storePlain(
    roomId: number,
    userId: number,
    values: (now: Date) => SentValues,
    search: ReturnType<typeof searchEntry>,
  ): Promise<{ row: MessageRow; carried: undefined }> {
    const now = this.access.deps.now();
    const { seq, member, row } = await claimSend(
      this.db,
      { roomId, userId, now },
      sentMessageParts(values(now), search),
    );
    if (seq === undefined) throw refusal(member, now);
    return { row: row!, carried: undefined };
  }

  /**
   * Whether the caller may post into the room now (a member, not muted, the room open): asked before money
   * moves for a red packet or bounty posted there, so a refusal costs nothing.
   */
  async assertCanPost(userId: number, roomId: string | number) {
    const { room, member } = await this.access.membership(userId, Number(roomId));
    if (room.closedAt) throw new AppError(Status.conflict, 'chat.closed');
    if (isMuted(member, this.access.deps.now())) throw new AppError(Status.noPermission, 'chat.muted');
    return room;
  }

  async deleteMessage(user: Caller, input: { roomId: string; seq: number }) {
    const { room, member } = await this.access.membership(user.id, input.roomId);
    const message = await messageBySeq(this.db, room.id, input.seq);
    if (!message || message.kind === 'system') throw new AppError(Status.notFound, 'chat.notFound');
    authorize(true, canDeleteMessage(member, message.senderId, user.id));
    await this.db.transaction(async (tx) => {
      await markDeleted(tx, room.id, input.seq, this.access.deps.now());
      await unindexMessage(tx, room.id, input.seq);
    });
    await this.access.publish(room.id, { type: 'deleted', roomId: String(room.id), seq: input.seq });
    return {};
  }

  async read(user: Caller, input: { roomId: string; seq: number }) {
    const { room } = await this.access.membership(user.id, input.roomId);
    await setReadSeq(this.db, room.id, user.id, input.seq);
    return {};
  }

  /** Forwards a typing notice to the room, at most `CHAT_LIMITS.typingPerWindow` per window and member. */
  async typing(user: Caller, roomId: number) {
    const { deps } = this.access;
    const count = await deps.counter.hit(`chat:${deps.scope}:typing:${roomId}:${user.id}`, CHAT_LIMITS.windowSeconds);
    if (count > CHAT_LIMITS.typingPerWindow) return;
    await this.access.membership(user.id, roomId);
    await this.access.publish(roomId, { type: 'typing', roomId: String(roomId), uid: String(user.uid) });
  }
}
