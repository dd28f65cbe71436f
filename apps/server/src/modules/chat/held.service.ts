import { type ChatHeldMessage, Status } from '@polaris/contract';
import { AppError } from '../../platform/errors.ts';
import { displayNameOf } from './guard.store.ts';
import {
  adminIdsOf,
  decideHeld,
  type HeldView,
  heldById,
  heldQueue,
  insertHeld,
  ownHeld,
  setHeldSeq,
} from './held.store.ts';
import { insertSentMessage, messageBySeq } from './messages.store.ts';
import type { ChatNotices } from './notices.service.ts';
import { authorize, isAdmin, isMuted } from './policy.ts';
import type { Caller, ChatRoomAccess } from './room-access.ts';
import { indexMessageText } from './search.store.ts';
import {
  claimSeq,
  claimSlowModeSend,
  lockMember,
  type MemberRow,
  markSenderRead,
  type RoomRow,
  userIdsByUid,
} from './store.ts';

const QUEUE_LIMIT = 200;
/** Thrown inside an approval to undo it: the author was banned or left after the message was held. */
class AuthorGone extends Error {}
const AUTHOR_GONE = 'authorGone' as const;
const OWN_LIMIT = 50;
const MENTION = /@(\d{8,15})\b/g;

const presentHeld = (row: HeldView): ChatHeldMessage => ({
  id: String(row.id),
  roomId: String(row.roomId),
  status: row.status,
  seq: row.seq,
  text: row.body,
  imageId: row.imageId,
  replyTo: row.replyTo,
  clientId: row.clientId,
  author: { uid: String(row.authorUid), name: row.authorName },
  createdAt: row.createdAt.toISOString(),
});

/**
 * Messages held for an admin's approval (docs/chat.md "Held links"): a first-time poster's link is stored here
 * instead of the room's sequence, seen by its author and the room's admins only. Approving gives it the room's next
 * number at that moment, so clients that resume by seq receive it like any new message.
 */
export class ChatHeldService {
  constructor(
    private readonly access: ChatRoomAccess,
    private readonly notices: ChatNotices,
  ) {}

  private get db() {
    return this.access.db;
  }

  /**
   * Stores a send that the room's rules hold, after the send's own checks (rate, membership, automatic
   * moderation): mute and slow mode hold as for any send. A resend with the same client id answers the first.
   */
  async hold(
    user: Caller,
    room: RoomRow,
    member: MemberRow,
    input: { text: string; imageId?: string; replyTo?: number; clientId: string | null },
  ): Promise<ChatHeldMessage> {
    const now = this.access.deps.now();
    if (isMuted(member, now)) throw new AppError(Status.noPermission, 'chat.muted');
    const row = await this.db.transaction(async (tx) => {
      if (room.slowModeSeconds > 0) {
        const claimed = await claimSlowModeSend(tx, room.id, user.id, now, room.slowModeSeconds);
        if (!claimed) throw new AppError(Status.conflict, 'chat.slowMode', { seconds: room.slowModeSeconds });
      }
      return insertHeld(tx, {
        roomId: room.id,
        senderId: user.id,
        body: input.text,
        imageId: input.imageId ?? null,
        replyTo: input.replyTo ?? null,
        clientId: input.clientId,
        createdAt: now,
      });
    });
    // The admins' queue and its count, on their open screens.
    await this.access.deps.notifier?.changed(await adminIdsOf(this.db, room.id), 'chatHeld', String(room.id));
    return presentHeld((await heldById(this.db, room.id, row.id))!);
  }

  /** The messages waiting in a room, oldest first (admins; 403 to members, 404 to whoever may not see it). */
  async queue(user: Caller, roomId: string) {
    const { room, member } = await this.access.membership(user.id, roomId);
    authorize(true, isAdmin(member));
    return { items: (await heldQueue(this.db, room.id, QUEUE_LIMIT)).map(presentHeld) };
  }

  /** The caller's own messages of the room that wait for an admin or were refused. */
  async mine(user: Caller, roomId: string) {
    const { room } = await this.access.membership(user.id, roomId);
    return { items: (await ownHeld(this.db, room.id, user.id, OWN_LIMIT)).map(presentHeld) };
  }

  /**
   * An admin approves (the message takes the room's next number now, is indexed, notifies its mentions and is
   * published) or rejects a held message. Acted on once: a second decision, or two at once, finds it decided (409).
   */
  async act(user: Caller, input: { roomId: string; id: string; action: 'approve' | 'reject' }) {
    const { room, member } = await this.access.membership(user.id, input.roomId);
    authorize(true, isAdmin(member));
    const id = Number(input.id);
    const now = this.access.deps.now();
    const decided =
      input.action === 'reject'
        ? await decideHeld(this.db, room.id, id, 'rejected', user.id, now)
        : await this.approve(room, id, user.id, now);
    if (decided === AUTHOR_GONE) {
      // Nobody may approve it any more: it leaves the queue as refused, and the admin is told why.
      await decideHeld(this.db, room.id, id, 'rejected', user.id, now);
      const view = await heldById(this.db, room.id, id);
      if (view) await this.access.deps.notifier?.changed([view.senderId], 'chatHeld', String(room.id));
      throw new AppError(Status.conflict, 'chat.heldAuthorGone');
    }
    if (!decided) {
      const found = await heldById(this.db, room.id, id);
      if (!found) throw new AppError(Status.notFound, 'chat.heldNotFound');
      throw new AppError(Status.conflict, 'chat.heldDecided');
    }
    const view = (await heldById(this.db, room.id, id))!;
    if (decided.seq !== null) await this.access.publishMessages([{ roomId: room.id, seq: decided.seq }]);
    await this.access.deps.notifier?.changed([view.senderId], 'chatHeld', String(room.id));
    return presentHeld(view);
  }

  private async approve(room: RoomRow, id: number, adminId: number, now: Date) {
    try {
      return await this.approveIn(room, id, adminId, now);
    } catch (error) {
      if (error instanceof AuthorGone) return AUTHOR_GONE;
      throw error;
    }
  }

  private approveIn(room: RoomRow, id: number, adminId: number, now: Date) {
    return this.db.transaction(async (tx) => {
      const held = await decideHeld(tx, room.id, id, 'approved', adminId, now);
      if (!held) return undefined;
      // An author banned, or gone, since it was held does not get it published: the row is locked, so a ban
      // committing now waits for this approval or is seen by it.
      const author = await lockMember(tx, room.id, held.senderId);
      if (!author || author.banned) throw new AuthorGone();
      // The number is the room's next at approval, not at sending: numbers stay gapless and in commit order.
      const seq = await claimSeq(tx, room.id, now);
      if (seq === undefined) throw new AppError(Status.notFound, 'chat.notFound');
      const replyTo = held.replyTo !== null && (await messageBySeq(tx, room.id, held.replyTo)) ? held.replyTo : null;
      const mentioned = [...held.body.matchAll(MENTION)].map((match) => Number(match[1]));
      const known = await userIdsByUid(tx, [...new Set(mentioned)].slice(0, 20));
      const row = await insertSentMessage(tx, {
        roomId: room.id,
        seq,
        createdAt: now,
        kind: held.imageId ? 'image' : 'text',
        ref: null,
        senderId: held.senderId,
        body: held.body,
        imageId: held.imageId,
        replyTo,
        mentions: [...known.keys()].map(String),
        event: null,
        targetId: null,
        // The held row keeps the client id: a resend finds it there, whatever its status.
        clientId: null,
      });
      await markSenderRead(tx, room.id, held.senderId, seq);
      await setHeldSeq(tx, held.id, seq);
      await indexMessageText(tx, room.id, seq, row!.body);
      const name = (await displayNameOf(tx, held.senderId)) ?? '';
      await this.notices.messageSentIn(tx, room, row!, { id: held.senderId, name }, [...known.values()]);
      return { ...held, seq };
    });
  }
}
