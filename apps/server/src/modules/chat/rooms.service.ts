import { Status } from '@polaris/contract';
import { AppError } from '../../platform/errors.ts';
import { canonicalCity, cityName } from '../../platform/places/cities.ts';
import { randomToken } from '../../platform/secrets.ts';
import type { ChatAutomodService } from './automod.service.ts';
import { blocksBetween, directRoomsBlockingMe } from './guard.store.ts';
import { authorize, canEditSettings, joinRefusal, leaveRefusal } from './policy.ts';
import { presentMessage } from './presenter.ts';
import type { Caller, ChatRoomAccess } from './room-access.ts';
import {
  directRoom,
  insertKeyedRoom,
  insertMember,
  insertRoom,
  memberOf,
  myRooms,
  roomByActivity,
  roomByCity,
  roomById,
  roomByInviteToken,
  roomWithMember,
  searchPublicRooms,
  setReadSeq,
  updateRoom,
  userIdsByUid,
} from './store.ts';

interface SettingsInput {
  roomId: string;
  name?: string;
  description?: string;
  avatar?: string;
  joinPolicy?: 'public' | 'invite';
  slowModeSeconds?: number;
}

/** Rooms: creating, finding, joining and leaving them, direct conversations, and a room's settings. */
export class ChatRoomsService {
  constructor(
    private readonly access: ChatRoomAccess,
    private readonly automod: ChatAutomodService,
  ) {}

  private get db() {
    return this.access.db;
  }

  private now() {
    return this.access.deps.now();
  }

  async createRoom(user: Caller, input: { name: string; description: string; joinPolicy: 'public' | 'invite' }) {
    const now = this.now();
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
      const joined = await this.access.system(tx, room.id, 'joined', user.id);
      await setReadSeq(tx, room.id, user.id, joined.seq);
      return { room: (await roomById(tx, room.id))!, member, joined };
    });
    await this.access.publishMessages([joined]);
    await this.access.membershipChanged([{ roomId: room.id, userId: user.id, joined: true }]);
    return this.access.roomView(user.id, room, member);
  }

  /**
   * The room of a city, created on first use: one room per catalogue city however its name is typed ("台北",
   * "Taipei"), keyed by the city's id; a city not in the catalogue is keyed by its text.
   */
  async cityRoom(typed: string) {
    const city = canonicalCity(typed);
    const now = this.now();
    const existing = await roomByCity(this.db, city);
    if (existing) return existing;
    await insertKeyedRoom(this.db, {
      kind: 'city',
      // The stored name is the English one; readers see `cityNames` in their language.
      name: cityName(city, 'en'),
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
    return this.access.roomView(user.id, room, await memberOf(this.db, room.id, user.id));
  }

  /**
   * The direct conversation between the caller and another user: one room per pair (a unique key claims it,
   * so two people opening it at once get the same room), both members with no admins and no invite link. A
   * person who left is back in when either opens it again.
   */
  async openDirect(user: Caller, peerUid: string) {
    const peerId = (await userIdsByUid(this.db, [Number(peerUid)])).get(Number(peerUid));
    if (peerId === undefined) throw new AppError(Status.notFound, 'chat.userNotFound');
    if (peerId === user.id) throw new AppError(Status.conflict, 'chat.directSelf');
    // Someone who blocked the caller answers as an unknown user does: the block is not told.
    if ((await blocksBetween(this.db, user.id, peerId)).theyBlocked) {
      throw new AppError(Status.notFound, 'chat.userNotFound');
    }
    const key = user.id < peerId ? `${user.id}:${peerId}` : `${peerId}:${user.id}`;
    const now = this.now();
    let room = await directRoom(this.db, key);
    if (!room) {
      await insertKeyedRoom(this.db, {
        kind: 'direct',
        name: '',
        joinPolicy: 'invite',
        directKey: key,
        inviteToken: randomToken(18),
        createdBy: user.id,
        createdAt: now,
        lastMessageAt: now,
      });
      room = (await directRoom(this.db, key))!;
    }
    const added = [];
    for (const id of [user.id, peerId]) {
      if (await insertMember(this.db, { roomId: room.id, userId: id, role: 'member', joinedAt: now })) {
        added.push({ roomId: room.id, userId: id, joined: true });
      }
    }
    await this.access.membershipChanged(added);
    return this.access.roomView(user.id, room, await memberOf(this.db, room.id, user.id));
  }

  /** Joins a public room by id, or any community room by its invite link's token (`joinRefusal`). */
  async join(user: Caller, input: { roomId?: string; inviteToken?: string }) {
    const room = input.inviteToken
      ? await roomByInviteToken(this.db, input.inviteToken)
      : await roomById(this.db, Number(input.roomId));
    if (!room) throw new AppError(Status.notFound, 'chat.notFound');
    const existing = await memberOf(this.db, room.id, user.id);
    const refused = joinRefusal(room, existing, Boolean(input.inviteToken));
    if (refused) throw refused;
    if (!existing) {
      if (room.kind !== 'direct') await this.automod.refuseImpersonation(room.id, user.id, existing);
      await this.access.addMember(room.id, user.id, 'member');
    }
    const fresh = (await roomById(this.db, room.id))!;
    return this.access.roomView(user.id, fresh, await memberOf(this.db, room.id, user.id));
  }

  async leave(user: Caller, roomId: string) {
    const found = await roomWithMember(this.db, Number(roomId), user.id);
    if (!found) throw new AppError(Status.notFound, 'chat.notFound');
    const refused = leaveRefusal(found.room, found.member);
    if (refused) throw refused;
    await this.access.removeMember(found.room.id, user.id, 'left');
    return {};
  }

  /** An activity's room, for its members (ticket holders and hosts): 404 to everyone else, as for any private room. */
  async activityRoom(user: Caller, activityCode: string) {
    const id = await this.access.deps.activityIdOf(activityCode);
    const room = id === undefined ? undefined : await roomByActivity(this.db, id);
    if (!room) throw new AppError(Status.notFound, 'chat.notFound');
    return this.room(user, String(room.id));
  }

  async room(user: Caller, roomId: string) {
    const { room, member } = await this.access.visibleRoom(user.id, roomId);
    const view = await this.access.roomView(user.id, room, member);
    if (room.kind !== 'direct' || !view.peer) return view;
    const peerId = (await userIdsByUid(this.db, [Number(view.peer.uid)])).get(Number(view.peer.uid));
    const impersonation =
      peerId === undefined ? null : await this.automod.impersonationWarning(user.id, peerId, view.peer.name);
    return { ...view, impersonation };
  }

  /** My rooms, latest message first: three queries whatever their number (rooms, direct peers, stages on air). */
  async myRooms(user: Caller) {
    const all = await myRooms(this.db, user.id);
    // Direct conversations whose other person blocked the caller are not theirs to see any more (one query).
    const hidden = await directRoomsBlockingMe(
      this.db,
      all.filter((row) => row.room.kind === 'direct').map((row) => row.room.id),
      user.id,
    );
    const rows = all.filter((row) => !hidden.has(row.room.id));
    const rooms = await this.access.roomViews(
      user.id,
      rows.map((row) => ({
        room: row.room,
        member: { role: row.role, banned: false, mutedUntil: row.mutedUntil },
        memberCount: row.memberCount,
      })),
    );
    return {
      items: rows.map((row, index) => ({
        room: rooms[index]!,
        lastMessage: row.last ? presentMessage(row.last) : null,
        unread: Math.max(0, row.room.lastSeq - row.readSeq),
        lastAt: row.room.lastMessageAt.toISOString(),
      })),
    };
  }

  async search(user: Caller, q: string, limit: number) {
    const rows = await searchPublicRooms(this.db, user.id, q, limit);
    const items = await this.access.roomViews(
      user.id,
      rows.map((row) => ({ room: row, member: row.member ?? undefined, memberCount: row.memberCount })),
    );
    return { items };
  }

  async settings(user: Caller, input: SettingsInput) {
    const { room, member } = await this.access.membership(user.id, input.roomId);
    authorize(true, canEditSettings(room, member));
    const { roomId: _, ...values } = input;
    const updated = room.kind === 'community' ? values : { ...values, joinPolicy: undefined };
    const row = (await updateRoom(this.db, room.id, updated)) ?? room;
    return this.access.roomView(user.id, row, member);
  }

  async resetInvite(user: Caller, roomId: string) {
    const { room, member } = await this.access.membership(user.id, roomId);
    authorize(true, canEditSettings(room, member));
    const row = (await updateRoom(this.db, room.id, { inviteToken: randomToken(18) }))!;
    return this.access.roomView(user.id, row, member);
  }
}
