import { href, PATHS } from '@polaris/contract';
import type { Tx } from '../../db/client.ts';
import type { NoticeEvent, OutboxHandlers } from '../notifications/events.ts';
import { messageBySeq } from './messages.store.ts';
import { displayNameOf, memberIdsPage, membersAmong } from './notices.store.ts';
import type { ChatRoomAccess } from './room-access.ts';
import { type MessageRow, type RoomRow, roomById } from './store.ts';

/** Recipients of one room-wide notice per call of the notifier (one transaction each). */
const ROOM_NOTICE_CHUNK = 1000;
/** How much of a message a notice quotes. */
const QUOTE_LENGTH = 140;

/** A notice to a room's members: everything but the recipients and the room, which the fan-out fills in. */
export type RoomNotice = Omit<NoticeEvent, 'userIds' | 'roomId'>;

/** The in-app path of a room's conversation. */
const roomLink = (roomId: number) => href(PATHS.chat, { id: roomId });

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

  /** The outbox handlers (registered in app-modules.ts). */
  readonly topics = {
    'chat.roomNotice': (p: { roomId: number; notice: RoomNotice; except: number[] }) =>
      this.fanOut(p.roomId, p.notice, p.except),
    'chat.messageSent': (p: {
      roomId: number;
      seq: number;
      senderId: number;
      senderName: string;
      mentionedIds: number[];
    }) => this.messageSent(p),
  } satisfies OutboxHandlers;

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
   * Inside the send's transaction: a message that may tell someone (any in a direct room, one that mentions or
   * replies) writes a `chat.messageSent` row into the notice outbox; the others write nothing, so most of a busy
   * room's messages cost no extra statement.
   */
  async messageSentIn(
    tx: Tx,
    room: RoomRow,
    message: Pick<MessageRow, 'kind' | 'seq' | 'replyTo'>,
    sender: { id: number; name: string },
    mentionedIds: number[],
  ) {
    if (!this.tells(room, message, mentionedIds)) return;
    await this.access.deps.notifier?.later(tx, 'chat.messageSent', {
      roomId: room.id,
      seq: message.seq,
      senderId: sender.id,
      senderName: sender.name,
      mentionedIds,
    });
  }

  /** Whether a message may tell someone, and so writes a row in the send's transaction (`messageSentIn`). */
  tells(room: Pick<RoomRow, 'kind'>, message: Pick<MessageRow, 'kind' | 'replyTo'>, mentionedIds: readonly number[]) {
    if (message.kind !== 'text' && message.kind !== 'image') return false;
    return room.kind === 'direct' || mentionedIds.length > 0 || message.replyTo !== null;
  }

  /**
   * A message someone sent (the outbox's `chat.messageSent`): a direct room's other member gets `directMessage`; in
   * other rooms the members it mentions get `mention`, and the author of the message it replies to gets `reply`
   * (unless mentioned too). Keys name the message (`<kind>:<room>:<seq>`), so a second run notifies nobody twice.
   */
  private async messageSent(p: {
    roomId: number;
    seq: number;
    senderId: number;
    senderName: string;
    mentionedIds: number[];
  }) {
    const notifier = this.access.deps.notifier;
    const [room, message] = await Promise.all([roomById(this.db, p.roomId), messageBySeq(this.db, p.roomId, p.seq)]);
    if (!notifier || !room || !message) return;
    const sender = { id: p.senderId, name: p.senderName };
    const mentionedIds = p.mentionedIds;
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
    if (events.length > 0) await notifier.deliver(events);
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
        link: href(PATHS.live, { id: stage.id }),
      };
      await this.toMembers(room.id, notice, [stage.ownerId]);
    });
  }

  /**
   * One notice to every member of a room but `except`, however many: written into the notice outbox (its own
   * transaction; `toMembersIn` inside the caller's), whose worker fans it out in chunks of ROOM_NOTICE_CHUNK, so the
   * request that causes it is not held up by a large room and a crash does not lose it.
   */
  async toMembers(roomId: number, notice: RoomNotice, except: number[]) {
    if (!this.access.deps.notifier) return;
    await this.db.transaction((tx) => this.toMembersIn(tx, roomId, notice, except));
  }

  async toMembersIn(tx: Tx, roomId: number, notice: RoomNotice, except: number[]) {
    await this.access.deps.notifier?.later(tx, 'chat.roomNotice', { roomId, notice, except });
  }

  /** Every member but `except`, page by page; a run again after a failure tells nobody twice (the key). */
  private async fanOut(roomId: number, notice: RoomNotice, except: number[]) {
    const notifier = this.access.deps.notifier;
    if (!notifier) return;
    let after = 0;
    for (;;) {
      const page = await memberIdsPage(this.db, roomId, after, ROOM_NOTICE_CHUNK);
      if (page.length === 0) return;
      after = page[page.length - 1]!;
      const userIds = page.filter((id) => !except.includes(id));
      if (userIds.length > 0) await notifier.deliver([{ ...notice, userIds, roomId }]);
    }
  }
}
