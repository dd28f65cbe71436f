import {
  type ChatClientFrame,
  type ChatHeldMessage,
  type ChatMessage,
  type ChatPollResults,
  type ChatServerFrame,
  Status,
} from '@polaris/contract';
import { ChatLink, type LinkOptions, type SocketStatus } from './chat-link.ts';
import { Outbox, type OutgoingBody, type OutgoingMessage } from './chat-outbox.ts';

/**
 * The app's one chat WebSocket (docs/chat.md "The WebSocket", "Web screens"). Rooms are watched by the screens
 * that show them; the socket subscribes each with the last seq it holds, so a reconnect resumes with no gap and
 * no duplicate. The connection itself (backoff, heartbeat, offline) is lib/chat-link.ts; what the user sends waits
 * in an outbox until the server has stored it (lib/chat-outbox.ts).
 */

export interface RoomHandlers {
  message?(message: ChatMessage): void;
  deleted?(seq: number): void;
  /** A poll of the room got a vote or closed: its new results. */
  poll?(results: ChatPollResults): void;
  typing?(uid: string): void;
  /** The subscription is live; `lastSeq` is the room's newest seq on the server at that moment. */
  subscribed?(lastSeq: number): void;
  /** The server would not subscribe: not a member (403), or the room is gone or the user banned (404). */
  refused?(code: number, message: string): void;
  /** A message's reactions changed, it was edited, or the room's pins changed. */
  action?(frame: Extract<ChatServerFrame, { type: 'reactions' | 'edited' | 'pins' }>): void;
  /** A send of this client was stored but held for an admin's approval: it leaves the outbox for this. */
  held?(held: ChatHeldMessage): void;
}

export type { SocketLike, SocketStatus } from './chat-link.ts';

/**
 * Frames about the signed-in user rather than a room: a new notice, notices read, and what changed
 * (docs/notifications.md).
 */
export type UserFrame = Extract<ChatServerFrame, { type: 'notice' | 'read' | 'changed' }>;

export interface ChatSocketOptions extends LinkOptions {
  /** How long the socket stays open after the last screen stopped watching (moving between rooms keeps it). */
  lingerMs?: number;
  /** The id a new message is sent under, and sent again under until the server acknowledges it. */
  newClientId?(): string;
}

interface RoomState {
  id: string;
  watchers: Set<RoomHandlers>;
  /** The newest seq delivered: what a subscription resumes after; undefined until known (watching from now). */
  lastSeq: number | undefined;
  phase: 'none' | 'subscribing' | 'live';
  /** The server's newest seq when the subscription started: the catch-up is done once `lastSeq` reaches it. */
  target: number;
  caughtUp: boolean;
}

const TYPING_EVERY_MS = 3000;

function defaultClientId(): string {
  const random =
    globalThis.crypto?.randomUUID?.() ?? `${Date.now().toString(36)}${Math.random().toString(36).slice(2)}`;
  return `c-${random}`.slice(0, 64);
}

export class ChatSocket {
  readonly outbox: Outbox;
  private readonly rooms = new Map<string, RoomState>();
  private readonly listeners = new Set<() => void>();
  private readonly errorListeners = new Set<(message: string) => void>();
  private readonly link: ChatLink;
  /** Rooms whose subscribe frame awaits its answer, in the order sent: the server answers frames in order. */
  private awaiting: string[] = [];
  private lingerTimer: ReturnType<typeof setTimeout> | null = null;
  private readonly typingAt = new Map<string, number>();
  private readonly userListeners = new Set<(frame: UserFrame) => void>();
  /** Holders that keep the socket open with no room watched: the user's own frames come on it. */
  private holds = 0;

  constructor(private readonly options: ChatSocketOptions) {
    this.outbox = new Outbox(() => this.emit());
    this.link = new ChatLink(options, {
      opened: () => {
        for (const room of this.rooms.values()) this.subscribe(room);
      },
      frame: (frame) => this.handle(frame),
      lost: () => this.lost(),
      status: () => this.emit(),
      wanted: () => this.wanted(),
    });
  }

  get status(): SocketStatus {
    return this.link.status;
  }

  /** Status and outbox changes (for `useSyncExternalStore`). */
  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Error frames that belong to no message (a frame the server could not read, say), in the user's language. */
  onError(listener: (message: string) => void): () => void {
    this.errorListeners.add(listener);
    return () => this.errorListeners.delete(listener);
  }

  /** The user's own frames (a new notice, what changed), whatever rooms are watched. */
  onUserFrame(listener: (frame: UserFrame) => void): () => void {
    this.userListeners.add(listener);
    return () => this.userListeners.delete(listener);
  }

  /** Keeps the socket open, for the user's frames, until the returned function is called. */
  hold(): () => void {
    this.holds += 1;
    this.ensure();
    let held = true;
    return () => {
      if (!held) return;
      held = false;
      this.holds -= 1;
      this.idle();
    };
  }

  /**
   * Receives a room's events until the returned function is called. `afterSeq` is the newest seq the caller
   * already holds: the subscription starts after it (without it, from now on).
   */
  watch(roomId: string, handlers: RoomHandlers, afterSeq?: number): () => void {
    const room = this.room(roomId);
    room.watchers.add(handlers);
    if (afterSeq !== undefined && (room.lastSeq === undefined || afterSeq < room.lastSeq)) {
      // A screen that holds less than the socket has delivered needs the difference again; others dedupe by seq.
      room.lastSeq = afterSeq;
      if (room.phase !== 'none') this.subscribe(room);
    }
    if (room.phase === 'none' && this.isOpen()) this.subscribe(room);
    this.ensure();
    return () => {
      room.watchers.delete(handlers);
      this.release(room);
    };
  }

  lastSeq(roomId: string): number | undefined {
    return this.rooms.get(roomId)?.lastSeq;
  }

  /** Queues a message and sends it as soon as the socket and the room allow; answers its client id. */
  send(roomId: string, body: OutgoingBody): string {
    const room = this.room(roomId);
    const clientId = (this.options.newClientId ?? defaultClientId)();
    const item: OutgoingMessage = {
      ...body,
      clientId,
      roomId,
      status: 'queued',
      createdAt: new Date().toISOString(),
    };
    this.outbox.add(item);
    if (this.isOpen() && room.caughtUp) this.transmit(room, item);
    else this.ensure();
    return clientId;
  }

  /** Sends a refused message again (the user asked to). */
  retry(clientId: string): void {
    const item = this.outbox.get(clientId);
    if (item?.status !== 'failed') return;
    this.outbox.update(clientId, { status: 'queued', error: undefined });
    const room = this.room(item.roomId);
    if (this.isOpen() && room.caughtUp) this.flush(room);
    else this.ensure();
  }

  discard(clientId: string): void {
    const item = this.outbox.get(clientId);
    if (!item) return;
    this.outbox.remove(clientId);
    const room = this.rooms.get(item.roomId);
    if (room) this.release(room);
  }

  /** Tells the room the user is typing, at most every few seconds. */
  typing(roomId: string): void {
    const room = this.rooms.get(roomId);
    const now = Date.now();
    if (room?.phase !== 'live' || !this.isOpen()) return;
    if (now - (this.typingAt.get(roomId) ?? 0) < TYPING_EVERY_MS) return;
    this.typingAt.set(roomId, now);
    this.write({ type: 'typing', roomId });
  }

  /** The network is back (or the page is visible again): try now rather than at the next backoff step. */
  wake(): void {
    this.link.wake();
  }

  /** The device went offline: the socket cannot be trusted, so what is typed now waits in the outbox. */
  sleep(): void {
    this.link.sleep();
  }

  /** Logout or a new session: forget every room and unsent message, and close. */
  reset(): void {
    this.outbox.clear();
    for (const room of this.rooms.values()) room.watchers.clear();
    this.rooms.clear();
    this.clearLinger();
    this.link.close();
    // A holder stays: the next session's socket opens at once (with no token, it stays closed).
    if (this.holds > 0) this.link.ensure();
  }

  // Connection

  private isOpen(): boolean {
    return this.link.isOpen;
  }

  private wanted(): boolean {
    return this.holds > 0 || this.outbox.size > 0 || [...this.rooms.values()].some((room) => room.watchers.size > 0);
  }

  private ensure(): void {
    if (!this.wanted()) return;
    this.clearLinger();
    this.link.ensure();
  }

  /** The socket went away: every subscription with it, and a send without its ack goes back to waiting. */
  private lost(): void {
    this.awaiting = [];
    for (const room of this.rooms.values()) {
      room.phase = 'none';
      room.caughtUp = false;
    }
    for (const item of this.outbox.all()) {
      if (item.status === 'sending') this.outbox.update(item.clientId, { status: 'queued' });
    }
  }

  private clearLinger(): void {
    if (this.lingerTimer) clearTimeout(this.lingerTimer);
    this.lingerTimer = null;
  }

  private write(frame: ChatClientFrame): void {
    this.link.write(frame);
  }

  private emit(): void {
    for (const listener of this.listeners) listener();
  }

  // Rooms

  private room(roomId: string): RoomState {
    let room = this.rooms.get(roomId);
    if (!room) {
      room = {
        id: roomId,
        watchers: new Set(),
        lastSeq: undefined,
        phase: 'none',
        target: 0,
        caughtUp: false,
      };
      this.rooms.set(roomId, room);
    }
    return room;
  }

  private subscribe(room: RoomState): void {
    if (!this.isOpen()) return;
    room.phase = 'subscribing';
    room.caughtUp = false;
    this.awaiting.push(room.id);
    this.write(
      room.lastSeq === undefined
        ? { type: 'subscribe', roomId: room.id }
        : { type: 'subscribe', roomId: room.id, afterSeq: room.lastSeq },
    );
  }

  /** A room nobody watches and with nothing to send is unsubscribed; a socket nobody needs closes after a while. */
  private release(room: RoomState): void {
    if (this.rooms.get(room.id) !== room) return;
    if (room.watchers.size > 0 || this.outbox.forRoom(room.id).length > 0) return;
    if (room.phase !== 'none' && this.isOpen()) this.write({ type: 'unsubscribe', roomId: room.id });
    this.rooms.delete(room.id);
    this.idle();
  }

  private idle(): void {
    if (this.wanted()) return;
    this.clearLinger();
    this.lingerTimer = setTimeout(() => {
      this.lingerTimer = null;
      if (!this.wanted()) this.link.close();
    }, this.options.lingerMs ?? 30_000);
  }

  // Frames

  private handle(frame: ChatServerFrame): void {
    switch (frame.type) {
      case 'subscribed':
        this.onSubscribed(frame.roomId, frame.lastSeq);
        break;
      case 'message':
        this.onMessage(frame.message);
        break;
      case 'deleted':
        for (const watcher of this.rooms.get(frame.roomId)?.watchers ?? []) watcher.deleted?.(frame.seq);
        break;
      case 'typing':
        for (const watcher of this.rooms.get(frame.roomId)?.watchers ?? []) watcher.typing?.(frame.uid);
        break;
      case 'reactions':
      case 'edited':
      case 'pins':
        for (const watcher of this.rooms.get(frame.roomId)?.watchers ?? []) watcher.action?.(frame);
        break;
      case 'poll':
        for (const watcher of this.rooms.get(frame.roomId)?.watchers ?? []) watcher.poll?.(frame.poll);
        break;
      case 'ack':
        this.onAck(frame.clientId, frame.roomId, frame.seq);
        break;
      case 'held':
        this.onHeld(frame.clientId, frame.held);
        break;
      case 'error':
        this.onErrorFrame(frame.code, frame.message, frame.clientId ?? null);
        break;
      case 'notice':
      case 'read':
      case 'changed':
        for (const listener of this.userListeners) listener(frame);
        break;
    }
  }

  private onSubscribed(roomId: string, lastSeq: number): void {
    const index = this.awaiting.indexOf(roomId);
    if (index >= 0) this.awaiting.splice(index, 1);
    const room = this.rooms.get(roomId);
    if (!room || room.phase === 'none') return;
    room.phase = 'live';
    room.target = lastSeq;
    if (room.lastSeq === undefined) room.lastSeq = lastSeq;
    for (const watcher of room.watchers) watcher.subscribed?.(lastSeq);
    this.checkCaughtUp(room);
  }

  private onMessage(message: ChatMessage): void {
    const room = this.rooms.get(message.roomId);
    if (!room || room.phase === 'none') return;
    if (room.lastSeq !== undefined) {
      if (message.seq <= room.lastSeq) return;
      if (message.seq > room.lastSeq + 1) {
        // The server promises no gap; should one appear anyway, ask again from what is held rather than skip.
        if (room.phase === 'live') this.subscribe(room);
        return;
      }
    }
    room.lastSeq = message.seq;
    for (const item of this.outbox.forRoom(room.id)) {
      if (item.seq === message.seq) this.outbox.remove(item.clientId);
    }
    for (const watcher of room.watchers) watcher.message?.(message);
    this.checkCaughtUp(room);
    this.release(room);
  }

  private onAck(clientId: string | null, roomId: string, seq: number): void {
    const room = this.rooms.get(roomId);
    const item = clientId ? this.outbox.get(clientId) : undefined;
    if (!item) return;
    const arrived = room?.lastSeq !== undefined && room.lastSeq >= seq;
    if (arrived || !room || room.watchers.size === 0) this.outbox.remove(item.clientId);
    else this.outbox.update(item.clientId, { status: 'sent', seq });
    if (room) this.release(room);
  }

  /** Stored, but waiting for an admin: no seq will come for it now, so it leaves the outbox for the room's list. */
  private onHeld(clientId: string | null, held: ChatHeldMessage): void {
    if (clientId) this.outbox.remove(clientId);
    const room = this.rooms.get(held.roomId);
    for (const watcher of room?.watchers ?? []) watcher.held?.(held);
    if (room) this.release(room);
  }

  private onErrorFrame(code: number, message: string, clientId: string | null): void {
    // The session ended: the close that follows (CHAT_CLOSE.sessionEnded) signs the app out; no toast here.
    if (code === Status.sessionInvalid) return;
    const item = clientId ? this.outbox.get(clientId) : undefined;
    if (item) {
      this.outbox.update(item.clientId, { status: 'failed', error: message });
      return;
    }
    const sending = this.outbox.all().find((pending) => pending.status === 'sending');
    if ((code === 400 || code === 413) && sending) {
      // A frame the server could not read comes back without its client id. The client writes every other frame
      // itself, well formed, and the server answers frames in order, so it is the oldest send still waiting.
      this.outbox.update(sending.clientId, { status: 'failed', error: message });
      return;
    }
    if ((code === 403 || code === 404) && this.awaiting.length > 0) {
      const room = this.rooms.get(this.awaiting.shift()!);
      if (room) {
        room.phase = 'none';
        for (const watcher of room.watchers) watcher.refused?.(code, message);
        for (const pending of this.outbox.forRoom(room.id)) {
          if (pending.status !== 'sent') this.outbox.update(pending.clientId, { status: 'failed', error: message });
        }
        return;
      }
    }
    for (const listener of this.errorListeners) listener(message);
  }

  private checkCaughtUp(room: RoomState): void {
    if (room.phase !== 'live' || room.caughtUp || (room.lastSeq ?? 0) < room.target) return;
    room.caughtUp = true;
    this.flush(room);
  }

  /**
   * Sends the room's waiting messages in the order they were typed, once the catch-up has delivered everything
   * stored while the socket was away. One whose ack was lost goes again under its own client id: if the server
   * stored it, it answers with that message's ack (and the catch-up has already delivered it), so nothing here
   * compares contents to guess.
   */
  private flush(room: RoomState): void {
    for (const item of this.outbox.forRoom(room.id)) {
      if (!this.isOpen()) return;
      if (item.status === 'queued') this.transmit(room, item);
    }
    this.release(room);
  }

  private transmit(room: RoomState, item: OutgoingMessage): void {
    this.outbox.update(item.clientId, { status: 'sending' });
    const frame: ChatClientFrame = { type: 'send', roomId: room.id, text: item.text, clientId: item.clientId };
    if (item.imageId) frame.imageId = item.imageId;
    if (item.replyTo !== undefined) frame.replyTo = item.replyTo;
    this.write(frame);
    // A send is when the user notices a dead socket, so find out now rather than at the next heartbeat.
    this.link.probe();
  }
}
