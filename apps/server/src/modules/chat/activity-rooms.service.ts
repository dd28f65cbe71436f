import { randomToken } from '../../platform/secrets.ts';
import type { ActivityEvent } from '../activity/events.ts';
import type { ChatNotices } from './notices.service.ts';
import type { ChatRoomAccess } from './room-access.ts';
import { adminsOf, closeRoom, insertKeyedRoom, memberOf, roomByActivity, updateMember, updateRoom } from './store.ts';

/**
 * Activity rooms follow their activity: created with it (the organizer owns it, co-hosts are admins), ticket
 * holders join and leave with their tickets, a renamed activity renames the room, co-hosts added or removed
 * become or stop being admins, and a cancelled activity closes the room (history stays readable).
 */
export class ActivityRoomsService {
  constructor(
    private readonly access: ChatRoomAccess,
    private readonly notices: ChatNotices,
  ) {}

  private get db() {
    return this.access.db;
  }

  /** The activity module's events, as `app.ts` forwards them. */
  async follow(event: ActivityEvent) {
    switch (event.type) {
      case 'created':
        await this.created({ id: event.activityId, title: event.title, organizerId: event.organizerId });
        for (const cohost of event.cohostIds) await this.memberAdded(event.activityId, cohost, 'admin');
        return;
      case 'changed':
        return this.changed(event.activityId, event.title, event.cohostIds);
      case 'cancelled':
        return this.cancelled(event.activityId);
      case 'ticketHeld':
        return this.memberAdded(event.activityId, event.userId, 'member');
      case 'ticketGone':
        return this.memberRemoved(event.activityId, event.userId);
    }
  }

  private async created(activity: { id: number; title: string; organizerId: number }) {
    const now = this.access.deps.now();
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
    if (room) await this.access.addMember(room.id, activity.organizerId, 'owner');
  }

  /** Co-hosts are admins; a ticket holder is a member. */
  private async memberAdded(activityId: number, userId: number, role: 'admin' | 'member') {
    const room = await roomByActivity(this.db, activityId);
    if (!room) return;
    const existing = await memberOf(this.db, room.id, userId);
    if (existing && !existing.banned && role === 'admin' && existing.role === 'member') {
      await updateMember(this.db, room.id, userId, { role: 'admin' });
      return;
    }
    const joined = await this.access.addMember(room.id, userId, role);
    // A co-host is put in the room by the organizer and hears of it; a ticket holder joined by registering, and
    // the registration's own notice already says so (a second "added to the room" was noise).
    if (joined && role === 'admin') this.notices.addedToRoom(room, userId, joined);
  }

  private async memberRemoved(activityId: number, userId: number) {
    const room = await roomByActivity(this.db, activityId);
    if (!room) return;
    const member = await memberOf(this.db, room.id, userId);
    // Hosts stay: they run the room whether or not they hold a ticket.
    if (member?.role !== 'member') return;
    await this.access.removeMember(room.id, userId, 'left');
  }

  /**
   * A new title renames the room (with a "renamed" message); the admins become exactly the co-hosts. A co-host
   * who is no longer one stays in the room as a member: they may hold a ticket, and the organizer can remove them.
   */
  private async changed(activityId: number, title: string, cohostIds: number[]) {
    const room = await roomByActivity(this.db, activityId);
    if (!room) return;
    if (room.name !== title) {
      const renamed = await this.db.transaction(async (tx) => {
        await updateRoom(tx, room.id, { name: title });
        return this.access.system(tx, room.id, 'renamed', null, title);
      });
      await this.access.publishMessages([renamed]);
    }
    const admins = await adminsOf(this.db, room.id);
    for (const userId of admins) {
      if (!cohostIds.includes(userId)) await updateMember(this.db, room.id, userId, { role: 'member' });
    }
    for (const userId of cohostIds) {
      if (!admins.includes(userId)) await this.memberAdded(activityId, userId, 'admin');
    }
  }

  /** The activity is off: the room takes no more messages and says why; members keep its history. */
  private async cancelled(activityId: number) {
    const room = await roomByActivity(this.db, activityId);
    if (!room || room.closedAt) return;
    const message = await this.db.transaction(async (tx) => {
      if (!(await closeRoom(tx, room.id, this.access.deps.now()))) return null;
      return this.access.system(tx, room.id, 'closed', null);
    });
    if (message) await this.access.publishMessages([message]);
  }
}
