import { CHAT_LIMITS, type ChatMessage, Status } from '@polaris/contract';
import type { Database, Tx } from '../../db/client.ts';
import { AppError, FieldsError } from '../../platform/errors.ts';
import type { RealtimeBus, WindowCounter } from '../../platform/realtime.ts';
import { randomToken } from '../../platform/secrets.ts';
import {
  authorize,
  canDeleteMessage,
  canEditSettings,
  canModerate,
  canRead,
  canSee,
  canSetRoles,
  isActive,
  isAdmin,
  isMuted,
} from './policy.ts';
import { presentMember, presentMessage, presentRoom } from './presenter.ts';
import {
  announcements,
  claimSeq,
  claimSlowModeSend,
  databaseName,
  deleteMember,
  insertAnnouncement,
  insertKeyedRoom,
  insertMember,
  insertMessage,
  insertRoom,
  listMembers,
  lockMember,
  type MemberRow,
  type MessageRow,
  markDeleted,
  memberCount,
  memberOf,
  messageBySeq,
  messagesAfter,
  messagesBefore,
  myRooms,
  type RoomRow,
  roomByActivity,
  roomByCity,
  roomById,
  roomByInviteToken,
  searchPublicRooms,
  setReadSeq,
  uidOf,
  updateMember,
  updateRoom,
  userIdsByUid,
} from './store.ts';

/** What the bus carries on a room's channel (`chat:room:<id>`): every process forwards it to its subscribers. */
export type RoomEvent =
  | { type: 'message'; message: ChatMessage }
  | { type: 'deleted'; roomId: string; seq: number }
  | { type: 'typing'; roomId: string; uid: string }
  /** A member was removed (left, kicked, banned): their connections stop receiving the room. */
  | { type: 'removed'; roomId: string; uid: string };

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
}

interface Caller {
  id: number;
  uid: number;
}

type SystemEvent = 'joined' | 'left' | 'muted' | 'kicked' | 'banned' | 'announcement';

const MENTION = /@(\d{8,15})\b/g;

/** Chat rooms: membership, messages with per-room sequence numbers, moderation and settings. */
export class ChatService {
  constructor(private readonly deps: ChatDeps) {}

  /** The scope of a deployment on a shared Redis: its database's name. */
  static scopeOf(db: Database) {
    return databaseName(db);
  }

  private get db() {
    return this.deps.db;
  }

  /** A room the caller may see, with their membership; 404 otherwise. */
  private async visibleRoom(userId: number, roomId: string | number) {
    const room = await roomById(this.db, Number(roomId));
    const member = room ? await memberOf(this.db, room.id, userId) : undefined;
    if (!room || !canSee(room, member)) throw new AppError(Status.notFound, 'chat.notFound');
    return { room, member };
  }

  /** A room the caller belongs to: 404 when they may not see it, 403 when they see it but are not in it. */
  async membership(userId: number, roomId: string | number) {
    const { room, member } = await this.visibleRoom(userId, roomId);
    authorize(true, canRead(member), 'chat.notMember');
    return { room, member: member! };
  }

  /** The bus channel of a room's events. */
  channel(roomId: number) {
    return `chat:${this.deps.scope}:room:${roomId}`;
  }

  private async publish(roomId: number, event: RoomEvent) {
    await this.deps.bus.publish(this.channel(roomId), JSON.stringify(event));
  }

  private async publishMessages(messages: MessageRow[]) {
    for (const row of messages) {
      const [full] = await messagesAfter(this.db, row.roomId, row.seq - 1, 1);
      if (full) await this.publish(row.roomId, { type: 'message', message: presentMessage(full) });
    }
  }

  /** Stores a message under the room's next sequence number, in the caller's transaction. */
  private async append(
    tx: Tx,
    roomId: number,
    values: Omit<Parameters<typeof insertMessage>[1], 'roomId' | 'seq' | 'createdAt'>,
  ): Promise<MessageRow> {
    const at = this.deps.now();
    const seq = await claimSeq(tx, roomId, at);
    if (seq === undefined) throw new AppError(Status.notFound, 'chat.notFound');
    return insertMessage(tx, { ...values, roomId, seq, createdAt: at });
  }

  private system(tx: Tx, roomId: number, event: SystemEvent, targetId: number | null, body = '') {
    return this.append(tx, roomId, { kind: 'system', senderId: null, body, event, targetId, mentions: [] });
  }

  private async roomView(room: RoomRow, member: MemberRow | undefined) {
    return presentRoom(room, member, await memberCount(this.db, room.id), this.deps.now());
  }

  // Rooms

  async createRoom(user: Caller, input: { name: string; description: string; joinPolicy: 'public' | 'invite' }) {
    const now = this.deps.now();
    const { room, member, joined } = await this.db.transaction(async (tx) => {
      const room = await insertRoom(tx, {
        kind: 'community',
        name: input.name,
        description: input.description,
        joinPolicy: input.joinPolicy,
        inviteToken: randomToken(18),
        createdBy: user.id,
        createdAt: now,
        lastMessageAt: now,
      });
      const member = (await insertMember(tx, { roomId: room.id, userId: user.id, role: 'owner', joinedAt: now }))!;
      const joined = await this.system(tx, room.id, 'joined', user.id);
      await setReadSeq(tx, room.id, user.id, joined.seq);
      return { room: (await roomById(tx, room.id))!, member, joined };
    });
    await this.publishMessages([joined]);
    return this.roomView(room, member);
  }

  /** The room of a city, created on first use. */
  async cityRoom(city: string) {
    const now = this.deps.now();
    const existing = await roomByCity(this.db, city);
    if (existing) return existing;
    await insertKeyedRoom(this.db, {
      kind: 'city',
      name: city,
      joinPolicy: 'public',
      city,
      inviteToken: randomToken(18),
      createdAt: now,
      lastMessageAt: now,
    });
    return (await roomByCity(this.db, city))!;
  }

  async openCityRoom(user: Caller, city: string) {
    const room = await this.cityRoom(city);
    return this.roomView(room, await memberOf(this.db, room.id, user.id));
  }

  /** Joins a public room by id, or any room by its invite link's token. Joining again changes nothing. */
  async join(user: Caller, input: { roomId?: string; inviteToken?: string }) {
    const room = input.inviteToken
      ? await roomByInviteToken(this.db, input.inviteToken)
      : await roomById(this.db, Number(input.roomId));
    const existing = room ? await memberOf(this.db, room.id, user.id) : undefined;
    if (!room || existing?.banned) throw new AppError(Status.notFound, 'chat.notFound');
    if (room.kind === 'activity' && !existing) throw new AppError(Status.noPermission, 'chat.noPermission');
    if (!input.inviteToken && room.joinPolicy !== 'public' && !existing) {
      throw new AppError(Status.notFound, 'chat.notFound');
    }
    if (!existing) await this.addMember(room.id, user.id, 'member');
    const fresh = (await roomById(this.db, room.id))!;
    return this.roomView(fresh, await memberOf(this.db, room.id, user.id));
  }

  /** Adds a member with a "joined" message; nothing when they are in already (or banned). */
  private async addMember(roomId: number, userId: number, role: MemberRow['role']) {
    const joined = await this.db.transaction(async (tx) => {
      const added = await insertMember(tx, { roomId, userId, role, joinedAt: this.deps.now() });
      if (!added) return null;
      const message = await this.system(tx, roomId, 'joined', userId);
      await setReadSeq(tx, roomId, userId, message.seq);
      return message;
    });
    if (joined) await this.publishMessages([joined]);
  }

  private async removeMember(roomId: number, userId: number, event: 'left' | 'kicked') {
    const message = await this.db.transaction(async (tx) => {
      const member = await lockMember(tx, roomId, userId);
      if (!member || member.banned) return null;
      await deleteMember(tx, roomId, userId);
      return this.system(tx, roomId, event, userId);
    });
    if (message) await this.afterRemoval(roomId, userId, message);
  }

  private async afterRemoval(roomId: number, userId: number, message: MessageRow) {
    await this.publishMessages([message]);
    const uid = await uidOf(this.db, userId);
    if (uid !== undefined) await this.publish(roomId, { type: 'removed', roomId: String(roomId), uid: String(uid) });
  }

  async leave(user: Caller, roomId: string) {
    const { room, member } = await this.membership(user.id, roomId);
    if (member.role === 'owner') throw new AppError(Status.conflict, 'chat.ownerCannotLeave');
    await this.removeMember(room.id, user.id, 'left');
    return {};
  }

  async room(user: Caller, roomId: string) {
    const { room, member } = await this.visibleRoom(user.id, roomId);
    return this.roomView(room, member);
  }

  async myRooms(user: Caller) {
    const now = this.deps.now();
    const rows = await myRooms(this.db, user.id);
    return {
      items: rows.map((row) => ({
        room: presentRoom(row.room, { role: row.role, banned: false, mutedUntil: null }, row.memberCount, now),
        lastMessage: row.last ? presentMessage(row.last) : null,
        unread: Math.max(0, row.room.lastSeq - row.readSeq),
        lastAt: row.room.lastMessageAt.toISOString(),
      })),
    };
  }

  async search(user: Caller, q: string, limit: number) {
    const rows = await searchPublicRooms(this.db, user.id, q, limit);
    const now = this.deps.now();
    return { items: rows.map((row) => presentRoom(row, row.member ?? undefined, row.memberCount, now)) };
  }

  // Messages

  async history(user: Caller, input: { roomId: string; beforeSeq?: number; limit: number }) {
    const { room } = await this.membership(user.id, input.roomId);
    const rows = await messagesBefore(this.db, room.id, input.beforeSeq ?? null, input.limit);
    return { items: rows.map(presentMessage) };
  }

  /** What a subscriber missed after `afterSeq`, oldest first, at most `limit`. Membership is checked by the caller. */
  async after(roomId: number, afterSeq: number, limit: number) {
    return (await messagesAfter(this.db, roomId, afterSeq, limit)).map(presentMessage);
  }

  /**
   * Sends a message: the sender's rate is claimed first (so a flood costs no database work), then in one
   * transaction the membership is checked, slow mode claimed, the sequence number claimed and the message
   * stored; it is published only after commit.
   */
  async send(user: Caller, input: { roomId: string; text: string; imageId?: string; replyTo?: number }) {
    const roomId = Number(input.roomId);
    const count = await this.deps.counter.hit(
      `chat:${this.deps.scope}:send:${roomId}:${user.id}`,
      CHAT_LIMITS.windowSeconds,
    );
    if (count > this.deps.sendsPerWindow) throw new AppError(Status.conflict, 'chat.rateLimited');
    if (!input.text && !input.imageId) throw new FieldsError([{ field: 'text', messageKey: 'chat.empty' }]);
    if (input.imageId && !(await this.deps.imageOwnedBy(input.imageId, user.id))) {
      throw new FieldsError([{ field: 'imageId', messageKey: 'chat.imageNotFound' }]);
    }
    const { room } = await this.membership(user.id, roomId);
    const mentioned = [...input.text.matchAll(MENTION)].map((match) => Number(match[1]));
    const known = await userIdsByUid(this.db, [...new Set(mentioned)].slice(0, 20));
    const message = await this.db.transaction(async (tx) => {
      const now = this.deps.now();
      const member = await lockMember(tx, room.id, user.id);
      if (!isActive(member)) throw new AppError(Status.noPermission, 'chat.notMember');
      if (isMuted(member, now)) throw new AppError(Status.noPermission, 'chat.muted');
      if (room.slowModeSeconds > 0 && !isAdmin(member)) {
        const claimed = await claimSlowModeSend(tx, room.id, user.id, now, room.slowModeSeconds);
        if (!claimed) throw new AppError(Status.conflict, 'chat.slowMode', { seconds: room.slowModeSeconds });
      }
      if (input.replyTo !== undefined && !(await messageBySeq(tx, room.id, input.replyTo))) {
        throw new FieldsError([{ field: 'replyTo', messageKey: 'chat.replyNotFound' }]);
      }
      const row = await this.append(tx, room.id, {
        kind: input.imageId ? 'image' : 'text',
        senderId: user.id,
        body: input.text,
        imageId: input.imageId ?? null,
        replyTo: input.replyTo ?? null,
        mentions: [...known.keys()].map(String),
      });
      await setReadSeq(tx, room.id, user.id, row.seq);
      return row;
    });
    const [full] = await messagesAfter(this.db, room.id, message.seq - 1, 1);
    const presented = presentMessage(full!);
    await this.publish(room.id, { type: 'message', message: presented });
    return presented;
  }

  async deleteMessage(user: Caller, input: { roomId: string; seq: number }) {
    const { room, member } = await this.membership(user.id, input.roomId);
    const message = await messageBySeq(this.db, room.id, input.seq);
    if (!message || message.kind === 'system') throw new AppError(Status.notFound, 'chat.notFound');
    authorize(true, canDeleteMessage(member, message.senderId, user.id));
    await markDeleted(this.db, room.id, input.seq, this.deps.now());
    await this.publish(room.id, { type: 'deleted', roomId: String(room.id), seq: input.seq });
    return {};
  }

  async read(user: Caller, input: { roomId: string; seq: number }) {
    const { room } = await this.membership(user.id, input.roomId);
    await setReadSeq(this.db, room.id, user.id, input.seq);
    return {};
  }

  /** Forwards a typing notice to the room, at most `CHAT_LIMITS.typingPerWindow` per window and member. */
  async typing(user: Caller, roomId: number) {
    const count = await this.deps.counter.hit(
      `chat:${this.deps.scope}:typing:${roomId}:${user.id}`,
      CHAT_LIMITS.windowSeconds,
    );
    if (count > CHAT_LIMITS.typingPerWindow) return;
    await this.membership(user.id, roomId);
    await this.publish(roomId, { type: 'typing', roomId: String(roomId), uid: String(user.uid) });
  }

  // Members and moderation

  async members(user: Caller, input: { roomId: string; q: string; limit: number }) {
    const { room } = await this.membership(user.id, input.roomId);
    const now = this.deps.now();
    return { items: (await listMembers(this.db, room.id, input.q, input.limit)).map((row) => presentMember(row, now)) };
  }

  /** The acting admin and the target member, checked for moderation. */
  private async moderation(user: Caller, roomId: string, targetUid: string) {
    const { room, member } = await this.membership(user.id, roomId);
    const targetId = (await userIdsByUid(this.db, [Number(targetUid)])).get(Number(targetUid));
    const target = targetId === undefined ? undefined : await memberOf(this.db, room.id, targetId);
    authorize(true, isAdmin(member));
    if (targetId === undefined || !target || targetId === user.id) {
      throw new AppError(Status.notFound, 'chat.notFound');
    }
    authorize(true, canModerate(member, target));
    return { room, targetId };
  }

  async mute(user: Caller, input: { roomId: string; uid: string; minutes: number }) {
    const { room, targetId } = await this.moderation(user, input.roomId, input.uid);
    const until = new Date(this.deps.now().getTime() + input.minutes * 60_000);
    const message = await this.db.transaction(async (tx) => {
      await updateMember(tx, room.id, targetId, { mutedUntil: until });
      return this.system(tx, room.id, 'muted', targetId, String(input.minutes));
    });
    await this.publishMessages([message]);
    return {};
  }

  async unmute(user: Caller, input: { roomId: string; uid: string }) {
    const { room, targetId } = await this.moderation(user, input.roomId, input.uid);
    await updateMember(this.db, room.id, targetId, { mutedUntil: null });
    return {};
  }

  async kick(user: Caller, input: { roomId: string; uid: string }) {
    const { room, targetId } = await this.moderation(user, input.roomId, input.uid);
    await this.removeMember(room.id, targetId, 'kicked');
    return {};
  }

  /** A ban keeps the member's row, marked, so they cannot join again by id or link. */
  async ban(user: Caller, input: { roomId: string; uid: string }) {
    const { room, targetId } = await this.moderation(user, input.roomId, input.uid);
    const message = await this.db.transaction(async (tx) => {
      await updateMember(tx, room.id, targetId, { banned: true, role: 'member' });
      return this.system(tx, room.id, 'banned', targetId);
    });
    await this.afterRemoval(room.id, targetId, message);
    return {};
  }

  async setRole(user: Caller, input: { roomId: string; uid: string; role: 'admin' | 'member' }) {
    const { room, member } = await this.membership(user.id, input.roomId);
    authorize(true, canSetRoles(member));
    const targetId = (await userIdsByUid(this.db, [Number(input.uid)])).get(Number(input.uid));
    const target = targetId === undefined ? undefined : await memberOf(this.db, room.id, targetId);
    if (!isActive(target) || target.role === 'owner') throw new AppError(Status.notFound, 'chat.notFound');
    await updateMember(this.db, room.id, targetId!, { role: input.role });
    return {};
  }

  async settings(
    user: Caller,
    input: {
      roomId: string;
      name?: string;
      description?: string;
      avatar?: string;
      joinPolicy?: 'public' | 'invite';
      slowModeSeconds?: number;
    },
  ) {
    const { room, member } = await this.membership(user.id, input.roomId);
    authorize(true, canEditSettings(member));
    const { roomId: _, ...values } = input;
    const updated = room.kind === 'community' ? values : { ...values, joinPolicy: undefined };
    const row = (await updateRoom(this.db, room.id, updated)) ?? room;
    return this.roomView(row, member);
  }

  async resetInvite(user: Caller, roomId: string) {
    const { room, member } = await this.membership(user.id, roomId);
    authorize(true, canEditSettings(member));
    const row = (await updateRoom(this.db, room.id, { inviteToken: randomToken(18) }))!;
    return this.roomView(row, member);
  }

  async announce(user: Caller, input: { roomId: string; text: string }) {
    const { room, member } = await this.membership(user.id, input.roomId);
    authorize(true, isAdmin(member));
    const message = await this.db.transaction(async (tx) => {
      await updateRoom(tx, room.id, { announcement: input.text });
      await insertAnnouncement(tx, {
        roomId: room.id,
        body: input.text,
        authorId: user.id,
        createdAt: this.deps.now(),
      });
      return this.system(tx, room.id, 'announcement', null, input.text);
    });
    await this.publishMessages([message]);
    return {};
  }

  async announcementHistory(user: Caller, roomId: string) {
    const { room } = await this.membership(user.id, roomId);
    const rows = await announcements(this.db, room.id, 50);
    return {
      items: rows.map((row) => ({
        text: row.body,
        authorUid: String(row.authorUid),
        createdAt: row.createdAt.toISOString(),
      })),
    };
  }

  // Activity rooms: called by the activity module at the points where an activity and its tickets change.

  async activityCreated(activity: { id: number; title: string; organizerId: number }) {
    const now = this.deps.now();
    const room = await insertKeyedRoom(this.db, {
      kind: 'activity',
      name: activity.title,
      joinPolicy: 'invite',
      activityId: activity.id,
      inviteToken: randomToken(18),
      createdBy: activity.organizerId,
      createdAt: now,
      lastMessageAt: now,
    });
    if (room) await this.addMember(room.id, activity.organizerId, 'owner');
  }

  /** Co-hosts are admins; a ticket holder is a member. */
  async activityMemberAdded(activityId: number, userId: number, role: 'admin' | 'member') {
    const room = await roomByActivity(this.db, activityId);
    if (!room) return;
    const existing = await memberOf(this.db, room.id, userId);
    if (existing && !existing.banned && role === 'admin' && existing.role === 'member') {
      await updateMember(this.db, room.id, userId, { role: 'admin' });
      return;
    }
    await this.addMember(room.id, userId, role);
  }

  async activityMemberRemoved(activityId: number, userId: number) {
    const room = await roomByActivity(this.db, activityId);
    if (!room) return;
    const member = await memberOf(this.db, room.id, userId);
    if (!member || member.role === 'owner') return;
    await this.removeMember(room.id, userId, 'left');
  }
}
