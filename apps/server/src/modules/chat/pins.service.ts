import { CHAT_PIN_LIMIT, type ChatPin, Status } from '@polaris/contract';
import { AppError } from '../../platform/errors.ts';
import { claimPinSlot, deletePin, isPinned, pinCount, pinnedMessages } from './actions.store.ts';
import { messageBySeq } from './messages.store.ts';
import { authorize, isAdmin } from './policy.ts';
import { presentMessage } from './presenter.ts';
import type { Caller, ChatRoomAccess } from './room-access.ts';

const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

/**
 * Pins (docs/chat.md "Reactions, editing and pins"): a room's admins pin up to CHAT_PIN_LIMIT messages of any kind
 * but system lines, and unpin them. Each pin claims a slot under a unique (room, slot) key, so pins made at once
 * never pass the limit. Every change sends the room's whole list (a `pins` frame), the latest pinned first.
 */
export class ChatPinsService {
  constructor(private readonly access: ChatRoomAccess) {}

  private get db() {
    return this.access.db;
  }

  async list(user: Caller, input: { roomId: string }) {
    const { room } = await this.access.membership(user.id, input.roomId);
    return { items: await this.pins(room.id) };
  }

  async pin(user: Caller, input: { roomId: string; seq: number }) {
    const room = await this.pinnable(user, input, true);
    const at = this.access.deps.now();
    // A slot taken by another pin at the same moment leaves nothing claimed: look again, as often as there are slots.
    for (let attempt = 0; attempt <= CHAT_PIN_LIMIT; attempt++) {
      if (await isPinned(this.db, room.id, input.seq)) return { items: await this.pins(room.id) };
      if (await claimPinSlot(this.db, room.id, input.seq, user.id, at, CHAT_PIN_LIMIT)) return this.changed(room.id);
      if ((await pinCount(this.db, room.id)) >= CHAT_PIN_LIMIT) break;
    }
    if (await isPinned(this.db, room.id, input.seq)) return { items: await this.pins(room.id) };
    throw new AppError(Status.conflict, 'chat.pinLimit');
  }

  async unpin(user: Caller, input: { roomId: string; seq: number }) {
    const room = await this.pinnable(user, input);
    if (!(await isPinned(this.db, room.id, input.seq))) return { items: await this.pins(room.id) };
    await deletePin(this.db, room.id, input.seq);
    return this.changed(room.id);
  }

  /** The room, when the caller is its admin and the message one that can be pinned. */
  private async pinnable(user: Caller, input: { roomId: string; seq: number }, pinning = false) {
    const { room, member } = await this.access.membership(user.id, input.roomId);
    authorize(true, isAdmin(member));
    const message = await messageBySeq(this.db, room.id, input.seq);
    // A deleted message may still be unpinned, not pinned.
    if (!message || message.kind === 'system' || (pinning && message.deletedAt !== null)) {
      throw new AppError(Status.notFound, 'chat.notFound');
    }
    return room;
  }

  private async changed(roomId: number) {
    const items = await this.pins(roomId);
    await this.access.publish(roomId, { type: 'pins', roomId: String(roomId), items });
    return { items };
  }

  private async pins(roomId: number): Promise<ChatPin[]> {
    const rows = await pinnedMessages(this.db, roomId);
    return rows.map((row) => ({
      message: presentMessage(row),
      pinnedAt: iso(row.pinnedAt),
      pinnedByUid: row.pinnedByUid === null ? null : String(row.pinnedByUid),
    }));
  }
}
