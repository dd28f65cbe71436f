import type { ChatServerFrame } from '@polaris/contract';
import type { WireRoomEvent } from './room-wire.ts';
import type { ChatService, MembershipEvent } from './service.ts';
import { SharedFrame } from './socket-outbox.ts';

/** A chat socket as room activity sees it. */
export interface ActivityFollower {
  userId: number;
  uid: number;
  /** Whether the socket is subscribed to the room: then it gets the messages themselves and no activity frame. */
  subscribed(roomId: number): boolean;
  send(frame: ChatServerFrame): void;
  /** A frame already serialised (a room's `changed` frame, as the bus carried it). */
  sendText(frame: SharedFrame): void;
}

/** At most one `changed chat` frame per socket per this many milliseconds. */
const ACTIVITY_INTERVAL_MS = 1000;

interface Follower {
  socket: ActivityFollower;
  /** The socket's uid as the bus's heads carry it (compared once per message and follower). */
  uid: string;
  rooms: Set<number>;
  lastSentAt: number;
  pending: Set<number>;
  timer: NodeJS.Timeout | undefined;
  closed: boolean;
}

/**
 * "Room activity" for the Community tab's unread badge (docs/notifications.md, "Events: chat, red packets, wallet"): every chat socket follows
 * all the rooms its user is in, through the rooms' existing bus channels — one subscription per room and process,
 * shared by the sockets here — and is sent a coalesced `changed` frame `{ topic: 'chat', ref: roomId }` (at most
 * one per ACTIVITY_INTERVAL_MS; `ref: null` when several rooms changed meanwhile) when a message lands in a room it
 * is not subscribed to. Nothing is published per member: a message is published once, as it always was. Joins and
 * leaves come on one membership channel, so sockets on every process start or stop following a room.
 * A room's `changed` event (a red packet's shares) is forwarded at once to its followers not subscribed to it.
 */
export class RoomActivity {
  private readonly rooms = new Map<number, { followers: Set<Follower>; unsubscribe: Promise<() => Promise<void>> }>();
  private readonly byUser = new Map<number, Set<Follower>>();
  private readonly bySocket = new Map<ActivityFollower, Follower>();
  private membership: Promise<() => Promise<void>> | undefined;

  constructor(private readonly deps: { chat: ChatService; intervalMs?: number; now?: () => number }) {}

  private get interval() {
    return this.deps.intervalMs ?? ACTIVITY_INTERVAL_MS;
  }

  private now() {
    return (this.deps.now ?? Date.now)();
  }

  async start() {
    this.membership = this.deps.chat.subscribeMembership((event) => this.onMembership(event));
    await this.membership;
  }

  async close() {
    for (const follower of this.bySocket.values()) clearTimeout(follower.timer);
    const unsubscribes = [this.membership, ...[...this.rooms.values()].map((room) => room.unsubscribe)];
    this.rooms.clear();
    this.bySocket.clear();
    this.byUser.clear();
    for (const unsubscribe of unsubscribes) if (unsubscribe) await (await unsubscribe)();
  }

  /** Starts following every room the socket's user is in. */
  async follow(socket: ActivityFollower) {
    const follower: Follower = {
      socket,
      uid: String(socket.uid),
      rooms: new Set(),
      lastSentAt: 0,
      pending: new Set(),
      timer: undefined,
      closed: false,
    };
    this.bySocket.set(socket, follower);
    let users = this.byUser.get(socket.userId);
    if (!users) {
      users = new Set();
      this.byUser.set(socket.userId, users);
    }
    users.add(follower);
    const roomIds = await this.deps.chat.roomIdsOf(socket.userId);
    for (const roomId of roomIds) if (!follower.closed) await this.add(follower, roomId);
  }

  async unfollow(socket: ActivityFollower) {
    const follower = this.bySocket.get(socket);
    if (!follower) return;
    follower.closed = true;
    clearTimeout(follower.timer);
    this.bySocket.delete(socket);
    const users = this.byUser.get(socket.userId);
    users?.delete(follower);
    if (users?.size === 0) this.byUser.delete(socket.userId);
    for (const roomId of [...follower.rooms]) await this.remove(follower, roomId);
  }

  /** How many rooms this process follows (one bus subscription each). */
  get roomCount() {
    return this.rooms.size;
  }

  private async add(follower: Follower, roomId: number) {
    if (follower.rooms.has(roomId)) return;
    follower.rooms.add(roomId);
    let room = this.rooms.get(roomId);
    if (!room) {
      room = {
        followers: new Set(),
        unsubscribe: this.deps.chat.subscribeRoom(roomId, (event) => this.onEvent(roomId, event)),
      };
      this.rooms.set(roomId, room);
    }
    room.followers.add(follower);
    await room.unsubscribe;
  }

  private async remove(follower: Follower, roomId: number) {
    follower.rooms.delete(roomId);
    follower.pending.delete(roomId);
    const room = this.rooms.get(roomId);
    if (!room) return;
    room.followers.delete(follower);
    if (room.followers.size === 0) {
      this.rooms.delete(roomId);
      await (await room.unsubscribe)();
    }
  }

  private onMembership(event: MembershipEvent) {
    for (const follower of this.byUser.get(event.userId) ?? []) {
      if (event.joined) void this.add(follower, event.roomId).catch(() => {});
      else void this.remove(follower, event.roomId).catch(() => {});
    }
  }

  private onEvent(roomId: number, { head, frame }: WireRoomEvent) {
    const room = this.rooms.get(roomId);
    if (!room) return;
    if (head.type === 'changed') {
      // The room's `changed` frame is the user frame too: sent as it came to members not watching the room.
      const shared = new SharedFrame(frame);
      for (const follower of room.followers) {
        if (!follower.socket.subscribed(roomId)) follower.socket.sendText(shared);
      }
      return;
    }
    if (head.type !== 'message') return;
    for (const follower of room.followers) {
      if (head.senderUid === follower.uid) continue;
      if (follower.socket.subscribed(roomId)) continue;
      this.touch(follower, roomId);
    }
  }

  /** A room of the follower's had a message: a frame now, or after the interval with whatever came meanwhile. */
  private touch(follower: Follower, roomId: number) {
    follower.pending.add(roomId);
    if (follower.timer) return;
    const wait = follower.lastSentAt + this.interval - this.now();
    if (wait <= 0) this.flush(follower);
    else follower.timer = setTimeout(() => this.flush(follower), wait).unref();
  }

  private flush(follower: Follower) {
    follower.timer = undefined;
    if (follower.closed || follower.pending.size === 0) return;
    const ref = follower.pending.size === 1 ? String([...follower.pending][0]) : null;
    follower.pending.clear();
    follower.lastSentAt = this.now();
    follower.socket.send({ type: 'changed', topic: 'chat', ref });
  }
}
