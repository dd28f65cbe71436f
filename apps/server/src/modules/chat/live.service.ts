import { CHAT_LIMITS, type ChatServerFrame, type Language, translate } from '@polaris/contract';
import type { RealtimeBus } from '../../platform/realtime.ts';
import { decodeRoomEvent, type WireRoomEvent } from './room-wire.ts';
import type { ChatService } from './service.ts';
import { SharedFrame } from './socket-outbox.ts';

/** One WebSocket as the hub sees it. */
export interface LiveConnection {
  userId: number;
  uid: number;
  send(frame: ChatServerFrame): void;
  /** A frame already serialised: one room event is encoded once for all its subscribers. */
  sendText(frame: SharedFrame): void;
  /** Ends the connection; the client reconnects by itself and resumes from the last seq it holds. */
  drop(): void;
  language: Language;
}

interface Subscription {
  connection: LiveConnection;
  roomId: number;
  /** The highest sequence number delivered: nothing at or below it is sent again. */
  delivered: number;
  /** Events are handled one after another, so catching up and live delivery never interleave. */
  chain: Promise<void>;
  /** Work queued on `chain` and not finished: when none, the next message in order is written at once. */
  queued: number;
  closed: boolean;
}

const CATCH_UP_PAGE = 200;

/** A message as its subscribers are sent it: the `message` frame, serialised. */
interface EncodedMessage {
  seq: number;
  frame: SharedFrame;
}

/**
 * Fan-out of room events to this process's WebSockets. Each room with local subscribers has one bus
 * subscription. A subscriber gets every message in sequence order with no gap and no duplicate: a message
 * whose number is not the next one triggers a catch-up from the database (a sequence number is claimed under
 * the room's row lock, so when number n arrives every number below it is committed).
 */
export class LiveChatService {
  private readonly rooms = new Map<
    number,
    { connections: Map<LiveConnection, Subscription>; unsubscribe: Promise<() => Promise<void>> }
  >();

  /** Catch-up pages being read, by room and seq (see `page`). */
  private readonly pages = new Map<string, Promise<EncodedMessage[]>>();

  constructor(private readonly deps: { bus: RealtimeBus; chat: ChatService }) {}

  /** Subscribes after checking membership; delivers what came after `afterSeq` (nothing older without it). */
  async subscribe(connection: LiveConnection, roomId: number, afterSeq: number | undefined): Promise<number> {
    const { room } = await this.deps.chat.membership(connection.userId, roomId);
    let entry = this.rooms.get(room.id);
    if (!entry) {
      const connections = new Map<LiveConnection, Subscription>();
      // Its own bus (the metrics' timed one in the app), not the chat service's: the fan-out lag is measured here.
      const unsubscribe = this.deps.bus.subscribe(this.deps.chat.channel(room.id), (payload) =>
        this.onEvent(room.id, decodeRoomEvent(payload)),
      );
      entry = { connections, unsubscribe };
      this.rooms.set(room.id, entry);
    }
    await entry.unsubscribe;
    const previous = entry.connections.get(connection);
    if (previous) previous.closed = true;
    const start = Math.min(afterSeq ?? room.lastSeq, room.lastSeq);
    const subscription: Subscription = {
      connection,
      roomId: room.id,
      delivered: start,
      chain: Promise.resolve(),
      queued: 0,
      closed: false,
    };
    entry.connections.set(connection, subscription);
    connection.send({ type: 'subscribed', roomId: String(room.id), lastSeq: room.lastSeq });
    this.enqueue(connection, subscription, () => this.catchUp(connection, subscription));
    return room.lastSeq;
  }

  async unsubscribe(connection: LiveConnection, roomId: number) {
    const entry = this.rooms.get(roomId);
    const subscription = entry?.connections.get(connection);
    if (!entry || !subscription) return;
    subscription.closed = true;
    entry.connections.delete(connection);
    if (entry.connections.size === 0) {
      this.rooms.delete(roomId);
      await (await entry.unsubscribe)();
    }
  }

  /** Whether the connection receives this room's messages here (then it needs no "room activity" frame for it). */
  isSubscribed(connection: LiveConnection, roomId: number): boolean {
    return this.rooms.get(roomId)?.connections.has(connection) ?? false;
  }

  async disconnect(connection: LiveConnection) {
    const rooms = [...this.rooms.entries()].filter(([, entry]) => entry.connections.has(connection));
    for (const [roomId] of rooms) await this.unsubscribe(connection, roomId);
  }

  private enqueue(connection: LiveConnection, subscription: Subscription, work: () => Promise<void>) {
    subscription.queued++;
    subscription.chain = subscription.chain
      .then(work)
      .catch(() => {
        // What was missed could not be read (the database is away): this subscription cannot promise "no gap"
        // any more, so the socket closes and the client's resume from its last seq fills the gap later.
        connection.send({ type: 'error', code: 503, message: translate(connection.language, 'chat.catchUpFailed') });
        connection.drop();
      })
      .finally(() => {
        subscription.queued--;
      });
  }

  private async catchUp(connection: LiveConnection, subscription: Subscription) {
    for (;;) {
      if (subscription.closed) return;
      const page = await this.page(subscription.roomId, subscription.delivered);
      for (const { seq, frame } of page) {
        if (subscription.closed) return;
        if (seq <= subscription.delivered) continue;
        connection.sendText(frame);
        subscription.delivered = seq;
      }
      if (page.length < CATCH_UP_PAGE) return;
    }
  }

  /**
   * A page of a room's messages after `afterSeq`, each encoded once, shared by every subscriber that asks for the
   * same page while it is being read: a message that overtakes another on the bus sends the whole room to catch up
   * from the same seq, and that is one query and one encoding per message, not one per subscriber.
   */
  private page(roomId: number, afterSeq: number): Promise<EncodedMessage[]> {
    const key = `${roomId}:${afterSeq}`;
    let page = this.pages.get(key);
    if (!page) {
      page = this.deps.chat
        .after(roomId, afterSeq, CATCH_UP_PAGE)
        .then((messages) =>
          messages.map((message) => ({
            seq: message.seq,
            frame: new SharedFrame(JSON.stringify({ type: 'message', message })),
          })),
        )
        .finally(() => this.pages.delete(key));
      this.pages.set(key, page);
    }
    return page;
  }

  /** One room event from the bus: its frame text goes to the sockets as it came; only the head is read. */
  private onEvent(roomId: number, { head, frame: text }: WireRoomEvent) {
    const entry = this.rooms.get(roomId);
    if (!entry) return;
    // Serialised where it happened, and made a WebSocket frame once here for every subscriber.
    const frame = new SharedFrame(text);
    if (head.type === 'message') {
      const { seq } = head;
      for (const subscription of entry.connections.values()) {
        // The common case, with nothing queued and the message next in order: written now, with no promise per
        // subscriber (a room of 1,000 would otherwise allocate thousands per message).
        if (subscription.queued === 0 && !subscription.closed && seq === subscription.delivered + 1) {
          subscription.connection.sendText(frame);
          subscription.delivered = seq;
        } else this.deliverInOrder(subscription, seq, frame);
      }
      return;
    }
    for (const [connection, subscription] of entry.connections) {
      if (
        head.type === 'deleted' ||
        head.type === 'changed' ||
        head.type === 'reactions' ||
        head.type === 'edited' ||
        head.type === 'pins' ||
        head.type === 'poll'
      ) {
        connection.sendText(frame);
      } else if (head.type === 'typing') {
        if (head.uid !== String(connection.uid)) connection.sendText(frame);
      } else if (head.type === 'removed' && head.uid === String(connection.uid)) {
        // Queued behind the removal message, so the member still sees why.
        this.enqueue(connection, subscription, () => this.unsubscribe(connection, roomId));
      }
    }
  }

  /** A message behind queued work or after a gap: sent in its turn, or read again with what is missing. */
  private deliverInOrder(subscription: Subscription, seq: number, frame: SharedFrame) {
    const { connection } = subscription;
    this.enqueue(connection, subscription, async () => {
      if (subscription.closed || seq <= subscription.delivered) return;
      if (seq === subscription.delivered + 1) {
        connection.sendText(frame);
        subscription.delivered = seq;
      } else {
        await this.catchUp(connection, subscription);
      }
    });
  }

  get subscriberCount() {
    let n = 0;
    for (const entry of this.rooms.values()) n += entry.connections.size;
    return n;
  }
}

export const MAX_FRAME_BYTES = CHAT_LIMITS.frameBytes;
