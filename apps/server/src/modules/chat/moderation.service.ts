import { Status } from '@polaris/contract';
import { AppError } from '../../platform/errors.ts';
import { authorize, canModerate, canSetRoles, isActive, isAdmin } from './policy.ts';
import { presentMember } from './presenter.ts';
import type { Caller, ChatRoomAccess } from './room-access.ts';
import {
  announcements,
  insertAnnouncement,
  listMembers,
  memberOf,
  updateMember,
  updateRoom,
  userIdsByUid,
} from './store.ts';

/** Members and moderation: the member list, mute, kick, ban, roles and pinned announcements. */
export class ChatModerationService {
  constructor(private readonly access: ChatRoomAccess) {}

  private get db() {
    return this.access.db;
  }

  async members(user: Caller, input: { roomId: string; q: string; limit: number }) {
    const { room } = await this.access.membership(user.id, input.roomId);
    const now = this.access.deps.now();
    return { items: (await listMembers(this.db, room.id, input.q, input.limit)).map((row) => presentMember(row, now)) };
  }

  /** The acting admin and the target member, checked for moderation. */
  private async moderation(user: Caller, roomId: string, targetUid: string) {
    const { room, member } = await this.access.membership(user.id, roomId);
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
    const until = new Date(this.access.deps.now().getTime() + input.minutes * 60_000);
    const message = await this.db.transaction(async (tx) => {
      await updateMember(tx, room.id, targetId, { mutedUntil: until });
      return this.access.system(tx, room.id, 'muted', targetId, String(input.minutes));
    });
    await this.access.publishMessages([message]);
    return {};
  }

  async unmute(user: Caller, input: { roomId: string; uid: string }) {
    const { room, targetId } = await this.moderation(user, input.roomId, input.uid);
    await updateMember(this.db, room.id, targetId, { mutedUntil: null });
    return {};
  }

  async kick(user: Caller, input: { roomId: string; uid: string }) {
    const { room, targetId } = await this.moderation(user, input.roomId, input.uid);
    await this.access.removeMember(room.id, targetId, 'kicked');
    return {};
  }

  /** A ban keeps the member's row, marked, so they cannot join again by id or link. */
  async ban(user: Caller, input: { roomId: string; uid: string }) {
    const { room, targetId } = await this.moderation(user, input.roomId, input.uid);
    const message = await this.db.transaction(async (tx) => {
      await updateMember(tx, room.id, targetId, { banned: true, role: 'member' });
      return this.access.system(tx, room.id, 'banned', targetId);
    });
    await this.access.afterRemoval(room.id, targetId, message);
    return {};
  }

  async setRole(user: Caller, input: { roomId: string; uid: string; role: 'admin' | 'member' }) {
    const { room, member } = await this.access.membership(user.id, input.roomId);
    authorize(true, canSetRoles(member));
    const targetId = (await userIdsByUid(this.db, [Number(input.uid)])).get(Number(input.uid));
    const target = targetId === undefined ? undefined : await memberOf(this.db, room.id, targetId);
    if (!isActive(target) || target.role === 'owner') throw new AppError(Status.notFound, 'chat.notFound');
    await updateMember(this.db, room.id, targetId!, { role: input.role });
    return {};
  }

  async announce(user: Caller, input: { roomId: string; text: string }) {
    const { room, member } = await this.access.membership(user.id, input.roomId);
    authorize(true, isAdmin(member));
    const message = await this.db.transaction(async (tx) => {
      await updateRoom(tx, room.id, { announcement: input.text });
      await insertAnnouncement(tx, {
        roomId: room.id,
        body: input.text,
        authorId: user.id,
        createdAt: this.access.deps.now(),
      });
      return this.access.system(tx, room.id, 'announcement', null, input.text);
    });
    await this.access.publishMessages([message]);
    return {};
  }

  async announcementHistory(user: Caller, roomId: string) {
    const { room } = await this.access.membership(user.id, roomId);
    const rows = await announcements(this.db, room.id, 50);
    return {
      items: rows.map((row) => ({
        text: row.body,
        authorUid: String(row.authorUid),
        createdAt: row.createdAt.toISOString(),
      })),
    };
  }
}
