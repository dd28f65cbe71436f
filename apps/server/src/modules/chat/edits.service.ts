import { CHAT_EDIT_WINDOW_HOURS, CHAT_LIMITS, Status } from '@polaris/contract';
import { AppError } from '../../platform/errors.ts';
import { insertVersion, lockMessage, setEditedText, versionsOf } from './actions.store.ts';
import type { ChatAutomodService } from './automod.service.ts';
import { messageBySeq, messagesAfter } from './messages.store.ts';
import type { ChatNotices } from './notices.service.ts';
import { authorize, isAdmin, isMuted } from './policy.ts';
import { presentMessage } from './presenter.ts';
import type { Caller, ChatRoomAccess } from './room-access.ts';
import { indexMessageText } from './search.store.ts';
import { userIdsByUid } from './store.ts';

const MENTION = /@(\d{8,15})\b/g;
const EDIT_WINDOW_MS = CHAT_EDIT_WINDOW_HOURS * 3600_000;

/**
 * Editing (docs/chat.md "Reactions, editing and pins"): the author of a text message replaces its text within
 * CHAT_EDIT_WINDOW_HOURS, under the send rate and the send's text rules. The text replaced is kept as a version for
 * moderators; everyone sees the latest through an `edited` frame; members the edit newly mentions are told.
 */
export class ChatEditsService {
  constructor(
    private readonly access: ChatRoomAccess,
    private readonly notices: ChatNotices,
    private readonly automod: ChatAutomodService,
  ) {}

  private get db() {
    return this.access.db;
  }

  async edit(user: Caller, input: { roomId: string; seq: number; text: string }) {
    const { deps } = this.access;
    const roomId = Number(input.roomId);
    // The send's own counter: an edit is a send as far as the room's pace goes.
    const key = `chat:${deps.scope}:send:${roomId}:${user.id}`;
    if ((await deps.counter.hit(key, CHAT_LIMITS.windowSeconds)) > deps.sendsPerWindow) {
      throw new AppError(Status.conflict, 'chat.rateLimited');
    }
    const { room, member, name } = await this.access.membership(user.id, roomId);
    if (room.closedAt) throw new AppError(Status.conflict, 'chat.closed');
    if (isMuted(member, deps.now())) throw new AppError(Status.noPermission, 'chat.muted');
    // An edit passes the room's rules as a send does: no blocked word or early link slips in afterwards.
    await this.automod.checkSend(room, member, name, input.text);
    const mentioned = [...input.text.matchAll(MENTION)].map((match) => Number(match[1]));
    const known = await userIdsByUid(this.db, [...new Set(mentioned)].slice(0, 20));
    const mentions = [...known.keys()].map(String);
    const editedAt = await this.db.transaction(async (tx) => {
      const message = await lockMessage(tx, room.id, input.seq);
      if (!message || message.kind === 'system' || message.deletedAt !== null) {
        throw new AppError(Status.notFound, 'chat.notFound');
      }
      if (message.senderId !== user.id) throw new AppError(Status.noPermission, 'chat.editNotOwn');
      if (message.kind !== 'text') throw new AppError(Status.conflict, 'chat.editNotText');
      const now = deps.now();
      if (now.getTime() - message.createdAt.getTime() > EDIT_WINDOW_MS) {
        throw new AppError(Status.conflict, 'chat.editExpired');
      }
      if (message.body === input.text) return null;
      await insertVersion(tx, {
        roomId: room.id,
        seq: message.seq,
        body: message.body,
        mentions: message.mentions,
        replacedAt: now,
      });
      await setEditedText(tx, room.id, message.seq, input.text, mentions, now);
      // Search finds what the message says now, never what it said (docs/chat.md "Search").
      await indexMessageText(tx, room.id, message.seq, input.text);
      // Only those the edit adds are told; the notice keys (`mention:<room>:<seq>`) tell nobody twice.
      const added = [...known.entries()].filter(([uid]) => !message.mentions.includes(String(uid))).map(([, id]) => id);
      if (added.length > 0) {
        await this.notices.messageSentIn(
          tx,
          room,
          { kind: 'text', seq: message.seq, replyTo: null },
          { id: user.id, name: name ?? '' },
          added,
        );
      }
      return now;
    });
    const [row] = await messagesAfter(this.db, room.id, input.seq - 1, 1);
    const presented = presentMessage(row!);
    if (editedAt !== null) {
      await this.access.publish(room.id, {
        type: 'edited',
        roomId: String(room.id),
        seq: input.seq,
        text: presented.text,
        mentions: presented.mentions,
        editedAt: editedAt.toISOString(),
      });
    }
    return { message: presented };
  }

  /** The texts an edit replaced, oldest first: the room's admins only. */
  async versions(user: Caller, input: { roomId: string; seq: number }) {
    const { room, member } = await this.access.visibleRoom(user.id, input.roomId);
    authorize(true, isAdmin(member));
    const message = await messageBySeq(this.db, room.id, input.seq);
    if (!message || message.kind === 'system') throw new AppError(Status.notFound, 'chat.notFound');
    const rows = await versionsOf(this.db, room.id, input.seq);
    return {
      items: rows.map((row) => ({
        version: row.version,
        text: row.body,
        mentions: row.mentions,
        replacedAt: row.replacedAt.toISOString(),
      })),
    };
  }
}
