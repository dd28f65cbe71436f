import type { Database } from '../../db/client.ts';
import { ActivityRoomsService } from './activity-rooms.service.ts';
import { ChatAutomodService } from './automod.service.ts';
import { ChatBlocksService } from './blocks.service.ts';
import { ChatEditsService } from './edits.service.ts';
import { ChatHeldService } from './held.service.ts';
import { ChatMessagesService } from './messages.service.ts';
import { ChatModerationService } from './moderation.service.ts';
import { ChatNotices, type RoomNotice } from './notices.service.ts';
import { roomIdsOfUser } from './notices.store.ts';
import { ChatPinsService } from './pins.service.ts';
import { ChatPollsService } from './polls.service.ts';
import { ReactionNotices } from './reaction-notices.ts';
import { ChatReactionsService } from './reactions.service.ts';
import { ChatReportsService } from './reports.service.ts';
import { type ChatDeps, ChatRoomAccess, type MembershipEvent, type RoomVisibility } from './room-access.ts';
import { decodeRoomEvent, type RoomEvent, type WireRoomEvent } from './room-wire.ts';
import { ChatRoomsService } from './rooms.service.ts';
import { ChatSearchService } from './search.service.ts';
import { ChatSearchBackfill } from './search-backfill.ts';
import { databaseName, unreadMessageCount } from './store.ts';

export { type RoomRole, roomStageRefusal } from './policy.ts';
export type { Caller, ChatDeps, MembershipEvent, RoomVisibility } from './room-access.ts';
export { seesObject } from './room-access.ts';
export type { RoomEvent } from './room-wire.ts';

/**
 * Chat rooms, one service per topic over the shared room access: rooms (`rooms`), messages (`messages`),
 * members and moderation (`moderation`), and the rooms that follow activities (`activityRooms`).
 */
export class ChatService {
  readonly rooms: ChatRoomsService;
  readonly messages: ChatMessagesService;
  readonly moderation: ChatModerationService;
  readonly activityRooms: ActivityRoomsService;
  /** Actions on one message: reactions (their author's batched notices), edits, pins. */
  readonly reactions: ChatReactionsService;
  readonly reactionNotices: ReactionNotices;
  readonly edits: ChatEditsService;
  readonly pins: ChatPinsService;
  /** Polls posted as messages, their votes and closing. */
  readonly polls: ChatPollsService;
  /** Message search in one room or all of the caller's. */
  readonly search: ChatSearchService;
  /** Blocking people, and reports with their queues (docs/chat.md "Blocks, reports and automatic moderation"). */
  readonly blocks: ChatBlocksService;
  readonly reports: ChatReportsService;
  /** A room's automatic moderation: blocked words, links from new members, names that pass for an admin's. */
  readonly automod: ChatAutomodService;
  /** Indexes for search the messages stored before search existed (a background worker, `chat:search-backfill`). */
  readonly searchBackfill: ChatSearchBackfill;
  /** Messages held for an admin's approval (a first-time poster's link). */
  readonly held: ChatHeldService;
  /** Mentions, replies, direct messages, added to a room, and room-wide notices for other modules. */
  readonly notices: ChatNotices;
  /** Who may see what belongs to a room: the one rule red packets, bounties and live stages ask. */
  readonly visibility: RoomVisibility;
  private readonly access: ChatRoomAccess;

  constructor(deps: ChatDeps) {
    this.access = new ChatRoomAccess(deps);
    this.notices = new ChatNotices(this.access);
    this.automod = new ChatAutomodService(this.access);
    this.rooms = new ChatRoomsService(this.access, this.automod);
    this.reactionNotices = new ReactionNotices(deps);
    this.reactions = new ChatReactionsService(this.access, this.reactionNotices);
    this.edits = new ChatEditsService(this.access, this.notices, this.automod);
    this.pins = new ChatPinsService(this.access);
    this.held = new ChatHeldService(this.access, this.notices);
    this.messages = new ChatMessagesService(this.access, this.notices, this.reactions, this.automod, this.held);
    this.moderation = new ChatModerationService(this.access);
    this.activityRooms = new ActivityRoomsService(this.access, this.notices);
    this.polls = new ChatPollsService(this.access, this.messages);
    this.search = new ChatSearchService(this.access);
    this.searchBackfill = new ChatSearchBackfill(deps.db, deps.now);
    this.blocks = new ChatBlocksService(this.access);
    this.reports = new ChatReportsService(this.access, this.messages, this.moderation);
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

  /** The rooms a user is in: what their sockets follow for the unread badge (room-activity.ts). */
  roomIdsOf(userId: number) {
    return roomIdsOfUser(this.access.db, userId);
  }

  /** Follows one room's events on the bus (one subscription per room and process is the caller's care). */
  subscribeRoom(roomId: number, handler: (event: WireRoomEvent) => void) {
    return this.access.deps.bus.subscribe(this.channel(roomId), (payload) => handler(decodeRoomEvent(payload)));
  }

  /** Follows joins and leaves of every room, from every process. */
  subscribeMembership(handler: (event: MembershipEvent) => void) {
    return this.access.deps.bus.subscribe(this.access.membershipChannel(), (payload) =>
      handler(JSON.parse(payload) as MembershipEvent),
    );
  }

  /** Tells the room's open screens that something shown in it changed (a red packet's shares), once for all. */
  roomChanged(roomId: number, topic: Extract<RoomEvent, { type: 'changed' }>['topic'], ref: string | null) {
    return this.access.publish(roomId, { type: 'changed', roomId: String(roomId), topic, ref });
  }

  /**
   * One notice to the room's members but `except` (a stage on air, a red packet), however many: written into the
   * notice outbox now, fanned out by its worker.
   */
  notifyMembers(roomId: number, notice: RoomNotice, except: number[]): Promise<void> {
    return this.notices.toMembers(roomId, notice, except);
  }
}
