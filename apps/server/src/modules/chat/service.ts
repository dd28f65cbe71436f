import type { Database } from '../../db/client.ts';
import { ActivityRoomsService } from './activity-rooms.service.ts';
import { ChatMessagesService } from './messages.service.ts';
import { ChatModerationService } from './moderation.service.ts';
import { type ChatDeps, ChatRoomAccess, type RoomVisibility } from './room-access.ts';
import { ChatRoomsService } from './rooms.service.ts';
import { databaseName, unreadMessageCount } from './store.ts';

export type { ChatDeps, RoomEvent, RoomObject, RoomVisibility } from './room-access.ts';
export { seesObject, visibleObjects } from './room-access.ts';

/**
 * Chat rooms, one service per topic over the shared room access: rooms (`rooms`), messages (`messages`),
 * members and moderation (`moderation`), and the rooms that follow activities (`activityRooms`).
 */
export class ChatService {
  readonly rooms: ChatRoomsService;
  readonly messages: ChatMessagesService;
  readonly moderation: ChatModerationService;
  readonly activityRooms: ActivityRoomsService;
  /** Who may see what belongs to a room: the one rule red packets, bounties and live stages ask. */
  readonly visibility: RoomVisibility;
  private readonly access: ChatRoomAccess;

  constructor(deps: ChatDeps) {
    this.access = new ChatRoomAccess(deps);
    this.rooms = new ChatRoomsService(this.access);
    this.messages = new ChatMessagesService(this.access);
    this.moderation = new ChatModerationService(this.access);
    this.activityRooms = new ActivityRoomsService(this.access);
    this.visibility = { visibleRooms: (viewerId, roomIds) => this.access.visibleRooms(viewerId, roomIds) };
  }

  /** The scope of a deployment on a shared Redis: its database's name. */
  static scopeOf(db: Database) {
    return databaseName(db);
  }

  /** A room the caller belongs to (the socket hub and the live module check with it). */
  membership(userId: number, roomId: string | number) {
    return this.access.membership(userId, roomId);
  }

  /** Unread messages over the user's rooms, muted rooms left out (the Community tab's badge). */
  unreadMessages(userId: number) {
    return unreadMessageCount(this.access.db, userId);
  }

  channel(roomId: number) {
    return this.access.channel(roomId);
  }

  after(roomId: number, afterSeq: number, limit: number) {
    return this.messages.after(roomId, afterSeq, limit);
  }
}
