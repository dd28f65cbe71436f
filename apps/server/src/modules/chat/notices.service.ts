import type { NoticeEvent } from '../notifications/events.ts';
import { messageBySeq } from './messages.store.ts';
import { displayNameOf, memberIdsPage, membersAmong } from './notices.store.ts';
import type { ChatRoomAccess } from './room-access.ts';
import { type MessageRow, type RoomRow, roomById } from './store.ts';

/** Recipients of one room-wide notice per call of the notifier. */
const ROOM_NOTICE_CHUNK = 500;
/**
 * A room-wide notice (a live stream, a red packet) reaches at most this many members, in user id order: the rows it
 * writes stay bounded however large a room grows (docs/notifications.md, "Events: chat, red packets, wallet").
 */
const ROOM_NOTICE_MAX = 10_000;
/** How much of a message a notice quotes. */
const QUOTE_LENGTH = 140;

/** A notice to a room's members: everything but the recipients and the room, which the fan-out fills in. */
export type RoomNotice = Omit<NoticeEvent, 'userIds' | 'roomId'>;

/** The in-app path of a room's conversation. */
const roomLink = (roomId: number) => `/pages/chatroom/chat/index?id=${roomId}`;

function quote(message: Pick<MessageRow, 'body' | 'imageId'>) {
  const text = message.body.trim();
  if (text === '') return message.imageId ? '📷' : '';
  return text.length > QUOTE_LENGTH ? `${text.slice(0, QUOTE_LENGTH - 1)}…` : text;
}

/**
 * Chat's notices (docs/notifications.md, "Events: chat, red packets, wallet"): mentions, replies, direct messages, being added to a room, and the
 * room-wide fan-out other modules ask for (a stage on air, a red packet). Every notice names its room, so a member
 * who muted the room hears nothing; the sender is never told of their own message. They run after the message has
 * committed and been published, in the background, so a send's acknowledgement never waits for them.
 */
export class ChatNotices {
  private readonly running = new Set<Promise<void>>();

  constructor(private readonly access: ChatRoomAccess) {}

  private get db() {
    return this.access.db;
  }

  /** Work that outlives the request, kept so that `idle()` (tests, shutdown) can wait for it. */
  private track(work: () => Promise<void>) {
    const notifier = this.access.deps.notifier;
    if (!notifier) return;
    const running = work().catch(() => {});
    this.running.add(running);
    void running.finally(() => this.running.delete(running));
  }

  /** Resolves when the notices under way have been handed to the notifier. */
  async idle() {
    while (this.running.size > 0) await Promise.all([...this.running]);
  }

  /**
   * A message someone sent: a direct room's other member gets `directMessage`; in other rooms the members it
   * mentions get `mention`, and the author of the message it replies to gets `reply` (unless mentioned too).
   * Keys name the message (`<kind>:<room>:<seq>`), so a resend notifies nobody twice.
   */
  messageSent(room: RoomRow, message: MessageRow, sender: { id: number; name: string }, mentionedIds: number[]) {
    if (message.kind !== 'text' && message.kind !== 'image') return;
    this.track(async () => {
      const base = {
        params: { name: sender.name, room: room.name, text: quote(message) },
        link: roomLink(room.id),
        roomId: room.id,
      };
      const ref = `${room.id}:${message.seq}`;
      const events: NoticeEvent[] = [];
      if (room.kind === 'direct') {
        const peer = (room.directKey ?? '')
          .split(':')
          .map(Number)
          .find((id) => id !== sender.id);
        if (peer && (await membersAmong(this.db, room.id, [peer])).has(peer)) {
          events.push({ ...base, kind: 'directMessage', key: `directMessage:${ref}`, userIds: [peer] });
        }
      } else {
        const replied =
          message.replyTo === null ? undefined : (await messageBySeq(this.db, room.id, message.replyTo))?.senderId;
        const candidates = [...new Set([...mentionedIds, ...(replied ? [replied] : [])])].filter(
          (id) => id !== sender.id,
        );
        const members = await membersAmong(this.db, room.id, candidates);
        const mentioned = mentionedIds.filter((id) => id !== sender.id && members.has(id));
        if (mentioned.length > 0) {
          events.push({ ...base, kind: 'mention', key: `mention:${ref}`, userIds: [...new Set(mentioned)] });
        }
        if (replied && replied !== sender.id && members.has(replied) && !mentioned.includes(replied)) {
          events.push({ ...base, kind: 'reply', key: `reply:${ref}`, userIds: [replied] });
        }
      }
      if (events.length > 0) await this.access.deps.notifier!.notify(events);
    });
  }

  /**
   * A member added by someone else (an activity's ticket holder or co-host joins its room with the ticket): told who
   * added them, the room's creator. The key names the "joined" message, so a replay tells nobody twice and someone
   * added again after leaving is told again.
   */
  addedToRoom(room: RoomRow, userId: number, joined: MessageRow) {
    if (room.createdBy === null || room.createdBy === userId) return;
    const by = room.createdBy;
    this.track(async () => {
      await this.access.deps.notifier!.notify([
        {
          kind: 'addedToRoom',
          key: `addedToRoom:${room.id}:${joined.seq}`,
          userIds: [userId],
          params: { room: room.name, name: await displayNameOf(this.db, by) },
          link: roomLink(room.id),
          roomId: room.id,
        },
      ]);
    });
  }

  /**
   * A stage of a room went on air for the first time: every member but its owner is told (`liveStarted:<stage>`, so
   * a resume after a pause, a retry or a second process tells nobody twice).
   */
  liveStarted(stage: { id: number; roomId: number; ownerId: number; ownerName: string }) {
    this.track(async () => {
      const room = await roomById(this.db, stage.roomId);
      if (!room) return;
      const notice: RoomNotice = {
        kind: 'liveStarted',
        key: `liveStarted:${stage.id}`,
        params: { room: room.name, name: stage.ownerName },
        link: `/pages/live/index?id=${stage.id}`,
      };
      await this.fanOut(room.id, notice, [stage.ownerId]);
    });
  }

  /**
   * One notice to every member of a room but `except`, in chunks of ROOM_NOTICE_CHUNK recipients, at most
   * ROOM_NOTICE_MAX in all, in the background: a request that causes it is not held up by a large room.
   */
  toMembers(roomId: number, notice: RoomNotice, except: number[]) {
    this.track(() => this.fanOut(roomId, notice, except));
  }

  private async fanOut(roomId: number, notice: RoomNotice, except: number[]) {
    let after = 0;
    let sent = 0;
    while (sent < ROOM_NOTICE_MAX) {
      const page = await memberIdsPage(this.db, roomId, after, Math.min(ROOM_NOTICE_CHUNK, ROOM_NOTICE_MAX - sent));
      if (page.length === 0) return;
      after = page[page.length - 1]!;
      sent += page.length;
      const userIds = page.filter((id) => !except.includes(id));
      if (userIds.length > 0) await this.access.deps.notifier!.notify([{ ...notice, userIds, roomId }]);
    }
  }
}
