/**
 * Messages the user sent that the server has not confirmed yet (lib/chat-socket.ts sends them). Bluesky's chat
 * keeps a message that failed in the list with a retry; so does this: an entry leaves only when its stored copy
 * is in the room's history, or when the user discards it.
 */

/**
 * - `queued`: waits for the socket (typed offline, or the connection dropped before the ack): "not sent" until
 *   the socket is back, then sent again by itself under the same `clientId`. The server keeps one message per
 *   sender and client id, so a copy it stored before the ack was lost is answered with that copy's ack, not stored
 *   twice (docs/chat.md);
 * - `sending`: on the wire, waiting for its ack;
 * - `sent`: acknowledged under `seq`, waiting for that message to arrive in the room;
 * - `failed`: the server refused it (`error` in the user's language); sent again only when the user retries.
 */
type OutgoingStatus = 'queued' | 'sending' | 'sent' | 'failed' | HeldStatus;
/**
 * Never in the outbox: how the conversation shows the user's own messages the server holds for an admin's approval
 * (`held`: waiting; `rejected`: refused), beside the ones still on their way (docs/chat.md "Held links").
 */
type HeldStatus = 'held' | 'rejected';

export interface OutgoingBody {
  text: string;
  imageId?: string;
  replyTo?: number;
}

export interface OutgoingMessage extends OutgoingBody {
  clientId: string;
  roomId: string;
  status: OutgoingStatus;
  error?: string;
  createdAt: string;
  /** The seq the ack gave it. */
  seq?: number;
}

const EMPTY: readonly OutgoingMessage[] = Object.freeze([]);

/** The entries, in the order they were typed, with a stable list per room for `useSyncExternalStore`. */
export class Outbox {
  private readonly items = new Map<string, OutgoingMessage>();
  private readonly snapshots = new Map<string, readonly OutgoingMessage[]>();

  constructor(private readonly changed: (roomId: string) => void) {}

  get size(): number {
    return this.items.size;
  }

  get(clientId: string): OutgoingMessage | undefined {
    return this.items.get(clientId);
  }

  add(item: OutgoingMessage): void {
    this.items.set(item.clientId, item);
    this.touch(item.roomId);
  }

  update(clientId: string, patch: Partial<OutgoingMessage>): void {
    const item = this.items.get(clientId);
    if (!item) return;
    this.items.set(clientId, { ...item, ...patch });
    this.touch(item.roomId);
  }

  remove(clientId: string): void {
    const item = this.items.get(clientId);
    if (!item) return;
    this.items.delete(clientId);
    this.touch(item.roomId);
  }

  forRoom(roomId: string): readonly OutgoingMessage[] {
    let snapshot = this.snapshots.get(roomId);
    if (!snapshot) {
      const list = [...this.items.values()].filter((item) => item.roomId === roomId);
      snapshot = list.length === 0 ? EMPTY : Object.freeze(list);
      this.snapshots.set(roomId, snapshot);
    }
    return snapshot;
  }

  rooms(): string[] {
    return [...new Set([...this.items.values()].map((item) => item.roomId))];
  }

  all(): OutgoingMessage[] {
    return [...this.items.values()];
  }

  clear(): void {
    const rooms = this.rooms();
    this.items.clear();
    for (const roomId of rooms) this.touch(roomId);
  }

  private touch(roomId: string): void {
    this.snapshots.delete(roomId);
    this.changed(roomId);
  }
}
