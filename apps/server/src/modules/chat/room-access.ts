import { type ChatMessage, type ChatRoom, Status } from '@polaris/contract';
import type { Database, Tx } from '../../db/client.ts';
import { AppError } from '../../platform/errors.ts';
import type { RealtimeBus, WindowCounter } from '../../platform/realtime.ts';
import type { Notifier } from '../notifications/events.ts';
import { directBlocks } from './blocks.ts';
import { insertMessage, messagesAfter } from './messages.store.ts';
import { authorize, canRead, canSee } from './policy.ts';
import { presentMessage, presentRoom } from './presenter.ts';
import { encodeRoomEvent, type RoomEvent } from './room-wire.ts';
import {
  claimSeq,
  deleteMember,
  insertMember,
  lockMember,
  type MemberRow,
  type MessageRow,
  memberCount,
  peersOf,
  type RoomRow,
  roomsWithMember,
  roomWithMember,
  roomWithSender,
  setReadSeq,
  uidOf,
} from './store.ts';

/**
 * What the bus carries on the deployment's membership channel (`chat:<scope>:members`): a user joined or left a
 * room, so their sockets on every process start or stop following its activity (room-activity.ts).
 */
export interface MembershipEvent {
  userId: number;
  roomId: number;
  joined: boolean;
}

export interface ChatDeps {
  db: Database;
  now: () => Date;
  bus: RealtimeBus;
  counter: WindowCounter;
  /** Sends one member may make in a room per window (CHAT_LIMITS, times the deployment's rate-limit multiplier). */
  sendsPerWindow: number;
  /**
   * Names this deployment's rooms on the shared bus and counters (the database's name), so processes of
   * different databases sharing one Redis (test runs) never see each other's rooms.
   */
  scope: string;
  /** Whether an uploaded image exists and belongs to the user (the activity module's image service). */
  imageOwnedBy(imageId: string, userId: number): Promise<boolean>;
  /** The stage on air (live or paused) of each of these rooms that has one (the live module's stages). */
  stagesOnAir(roomIds: number[]): Promise<Map<number, number>>;
  /** The public codes of activities by id (the activity module): an activity room links to its activity. */
  activityCodes(activityIds: number[]): Promise<Map<number, string>>;
  /** An activity's row id by its public code. */
  activityIdOf(code: string): Promise<number | undefined>;
  /** Mentions, replies, direct messages, rooms one was added to (docs/notifications.md, "Events: chat, red packets, wallet"). */
  notifier?: Notifier;
}

export interface Caller {
  id: number;
  uid: number;
}

export type SystemEvent = NonNullable<ChatMessage['event']>;

/** A room with what its viewer's answer needs. */
export interface RoomViewInput {
  room: RoomRow;
  member: Parameters<typeof presentRoom>[1];
  memberCount: number;
}

/**
 * The one visibility rule of everything that belongs to a room (docs/api.md, "Visibility"), as other modules ask it
 * through `ChatService.visibility`: red packets, bounties and live stages use it, chat's own routes use `canSee`.
 */
export interface RoomVisibility {
  /** Of these rooms, the ones the viewer may see (`canSee`): public, or invite-only and theirs. Unknown rooms never. */
  visibleRooms(viewerId: number | null, roomIds: readonly number[]): Promise<Set<number>>;
}

/** What the rule needs of an object: its room (null: it belongs to none) and the people it is theirs (sender, owner). */
export interface RoomObject {
  roomId: number | null;
  partyIds: readonly number[];
}

/**
 * Of these objects, the ones the viewer may see: those of no room, those the viewer is party to, and those of a room
 * they may see. The others are to be answered exactly as unknown ones. One query whatever their number.
 */
export async function visibleObjects<T extends RoomObject>(
  visibility: RoomVisibility,
  viewerId: number | null,
  objects: readonly T[],
): Promise<T[]> {
  const isParty = (object: T) => viewerId !== null && object.partyIds.includes(viewerId);
  const rooms = [...new Set(objects.flatMap((o) => (o.roomId === null || isParty(o) ? [] : [o.roomId])))];
  const visible = rooms.length > 0 ? await visibility.visibleRooms(viewerId, rooms) : new Set<number>();
  return objects.filter((o) => o.roomId === null || isParty(o) || visible.has(o.roomId));
}

/** Whether the viewer may see one object of a room (`visibleObjects` of one). */
export async function seesObject(visibility: RoomVisibility, viewerId: number | null, object: RoomObject) {
  return (await visibleObjects(visibility, viewerId, [object])).length === 1;
}

/**
 * What the chat services share: finding a room the caller may see, storing a message under the room's next
 * sequence number, publishing after commit, adding and removing members, and presenting rooms.
 */
export class ChatRoomAccess {
  constructor(readonly deps: ChatDeps) {}

  get db() {
    return this.deps.db;
  }

  /** A room the caller may see, with their membership; 404 otherwise. */
  async visibleRoom(userId: number, roomId: string | number) {
    return this.seen(userId, await roomWithMember(this.db, Number(roomId), userId));
  }

  /** What a room's visibility rule answers its reader (`visibleRoom`), over the row read for them. */
  private async seen<T extends { room: RoomRow; member: MemberRow | undefined }>(userId: number, found: T | undefined) {
    if (!found || !canSee(found.room, found.member)) throw new AppError(Status.notFound, 'chat.notFound');
    const blocks = await directBlocks(this.db, found.room, userId);
    // Blocked by the other person: the conversation answers as one that is not theirs (they are not told).
    if (blocks.theyBlocked) throw new AppError(Status.notFound, 'chat.notFound');
    return { ...found, iBlockedPeer: blocks.iBlocked };
  }

  /** Of these rooms, the ones the viewer may see (`RoomVisibility`). */
  async visibleRooms(viewerId: number | null, roomIds: readonly number[]): Promise<Set<number>> {
    const rows = await roomsWithMember(this.db, [...new Set(roomIds)], viewerId);
    return new Set(rows.filter((row) => canSee(row.room, row.member)).map((row) => row.room.id));
  }

  /** A room the caller belongs to: 404 when they may not see it, 403 when they see it but are not in it. */
  async membership(userId: number, roomId: string | number) {
    const { room, member, name, avatar, iBlockedPeer } = await this.visibleRoom(userId, roomId);
    authorize(true, canRead(member), 'chat.notMember');
    return { room, member: member!, name, avatar, iBlockedPeer };
  }

  /** `membership` for a send, with the room's automatic moderation rules read by the same query. */
  async senderMembership(userId: number, roomId: number) {
    const { room, member, name, avatar, iBlockedPeer, rules } = await this.seen(
      userId,
      await roomWithSender(this.db, roomId, userId),
    );
    authorize(true, canRead(member), 'chat.notMember');
    return { room, member: member!, name, avatar, iBlockedPeer, rules };
  }

  /** The bus channel of a room's events. */
  channel(roomId: number) {
    return `chat:${this.deps.scope}:room:${roomId}`;
  }

  async publish(roomId: number, event: RoomEvent) {
    await this.deps.bus.publish(this.channel(roomId), encodeRoomEvent(event));
  }

  /** The bus channel of joins and leaves, one for the deployment. */
  membershipChannel() {
    return `chat:${this.deps.scope}:members`;
  }

  /** Tells every process that a user joined or left a room (after commit), so their sockets follow it or stop. */
  async membershipChanged(events: MembershipEvent[]) {
    for (const event of events) await this.deps.bus.publish(this.membershipChannel(), JSON.stringify(event));
  }

  async publishMessages(messages: Pick<MessageRow, 'roomId' | 'seq'>[]) {
    for (const row of messages) {
      const [full] = await messagesAfter(this.db, row.roomId, row.seq - 1, 1);
      if (full) await this.publish(row.roomId, { type: 'message', message: presentMessage(full) });
    }
  }

  /** Stores a message under the room's next sequence number, in the caller's transaction. */
  async append(
    tx: Tx,
    roomId: number,
    values: Omit<Parameters<typeof insertMessage>[1], 'roomId' | 'seq' | 'createdAt'>,
  ): Promise<MessageRow> {
    const at = this.deps.now();
    const seq = await claimSeq(tx, roomId, at);
    if (seq === undefined) throw new AppError(Status.notFound, 'chat.notFound');
    return insertMessage(tx, { ...values, roomId, seq, createdAt: at });
  }

  system(tx: Tx, roomId: number, event: SystemEvent, targetId: number | null, body = '') {
    return this.append(tx, roomId, { kind: 'system', senderId: null, body, event, targetId, mentions: [] });
  }

  /**
   * Rooms as their viewer sees them. Whatever their number: one query each for the other person of direct
   * rooms, the stages on air and the activities' codes.
   */
  async roomViews(viewerId: number, rows: RoomViewInput[]): Promise<ChatRoom[]> {
    const ids = rows.map((row) => row.room.id);
    const direct = rows.filter((row) => row.room.kind === 'direct').map((row) => row.room.id);
    const activityIds = rows.flatMap((row) => (row.room.activityId === null ? [] : [row.room.activityId]));
    const [peers, stages, codes] = await Promise.all([
      direct.length > 0 ? peersOf(this.db, direct, viewerId) : new Map<number, never>(),
      ids.length > 0 ? this.deps.stagesOnAir(ids) : new Map<number, number>(),
      activityIds.length > 0 ? this.deps.activityCodes(activityIds) : new Map<number, string>(),
    ]);
    const now = this.deps.now();
    return rows.map((row) =>
      presentRoom(row.room, row.member, row.memberCount, now, {
        peer: peers.get(row.room.id) ?? null,
        liveStageId: stages.get(row.room.id) ?? null,
        activityCode: row.room.activityId === null ? null : (codes.get(row.room.activityId) ?? null),
      }),
    );
  }

  async roomView(viewerId: number, room: RoomRow, member: MemberRow | undefined) {
    const [view] = await this.roomViews(viewerId, [{ room, member, memberCount: await memberCount(this.db, room.id) }]);
    return view!;
  }

  /** Adds a member with a "joined" message (returned); nothing when they are in already (or banned). */
  async addMember(roomId: number, userId: number, role: MemberRow['role']): Promise<MessageRow | null> {
    const joined = await this.db.transaction(async (tx) => {
      const added = await insertMember(tx, { roomId, userId, role, joinedAt: this.deps.now() });
      if (!added) return null;
      const message = await this.system(tx, roomId, 'joined', userId);
      await setReadSeq(tx, roomId, userId, message.seq);
      return message;
    });
    if (joined) {
      await this.publishMessages([joined]);
      await this.membershipChanged([{ roomId, userId, joined: true }]);
    }
    return joined;
  }

  async removeMember(roomId: number, userId: number, event: 'left' | 'kicked') {
    const message = await this.db.transaction(async (tx) => {
      const member = await lockMember(tx, roomId, userId);
      if (!member || member.banned) return null;
      await deleteMember(tx, roomId, userId);
      return this.system(tx, roomId, event, userId);
    });
    if (message) await this.afterRemoval(roomId, userId, message);
  }

  /** The removal's message, then the removed member's sockets stop receiving the room. */
  async afterRemoval(roomId: number, userId: number, message: MessageRow) {
    await this.publishMessages([message]);
    await this.membershipChanged([{ roomId, userId, joined: false }]);
    const uid = await uidOf(this.db, userId);
    if (uid !== undefined) await this.publish(roomId, { type: 'removed', roomId: String(roomId), uid: String(uid) });
  }
}
