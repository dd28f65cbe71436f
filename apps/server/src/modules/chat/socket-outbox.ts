import type { Duplex } from 'node:stream';
import type { WebSocket } from 'ws';

/**
 * A text frame that many sockets are sent (a room's message): serialised once, and turned into the bytes of a
 * WebSocket frame once, the first time a socket needs them. Written alone, `ws` would encode the text as UTF-8 and
 * build a header for it again for every socket: a room of 1,000 did that 1,000 times per message.
 */
export class SharedFrame {
  private wire: Buffer | undefined;

  constructor(readonly text: string) {}

  /** The whole unmasked text frame, header and payload, as a server sends it. */
  get bytes(): Buffer {
    this.wire ??= textFrame(this.text);
    return this.wire;
  }
}

/** A final, unmasked WebSocket text frame (RFC 6455 §5.2) carrying `text`. */
export function textFrame(text: string): Buffer {
  const length = Buffer.byteLength(text);
  const head = length < 126 ? 2 : length < 65_536 ? 4 : 10;
  const frame = Buffer.allocUnsafe(head + length);
  frame[0] = 0x81;
  if (head === 2) frame[1] = length;
  else if (head === 4) {
    frame[1] = 126;
    frame.writeUInt16BE(length, 2);
  } else {
    frame[1] = 127;
    frame.writeUInt32BE(0, 2);
    frame.writeUInt32BE(length, 6);
  }
  frame.write(text, head, 'utf8');
  return frame;
}

/** One socket's frames waiting for the end of the turn: the first, then any more (rare, so no array for one). */
export interface SocketQueue {
  readonly socket: WebSocket;
  /** The socket's TCP stream, corked around several frames so they leave in one write. */
  readonly tcp: Duplex | undefined;
  /**
   * Whether frames built once (`SharedFrame.bytes`) may be written to `tcp` as they are: when no extension
   * (compression) was negotiated, `ws` writes each frame there at once in call order, so these bytes keep the
   * socket's order with what `ws` sends. `ws` has no way to send a frame built once for many sockets.
   */
  readonly raw: boolean;
  first: SharedFrame | undefined;
  more: SharedFrame[] | undefined;
}

/**
 * Room frames on their way to this process's sockets, written at the end of the event loop's turn. Each frame
 * written alone costs a system call per socket; when the process falls behind (a burst, or Redis handing over
 * many messages in one read), several frames for a socket pile up in one turn and go out in one write. A quiet
 * room sends each frame alone as before, one turn later.
 */
export class SocketOutbox {
  /** The queues with something in them, in the order they got it; one may appear twice after a `flush` (then empty). */
  private pending: SocketQueue[] = [];
  private scheduled = false;

  /** A socket's place in the outbox, held by its session for the socket's life (its extensions are settled). */
  queueFor(socket: WebSocket): SocketQueue {
    const tcp = (socket as WebSocket & { _socket?: Duplex })._socket;
    return { socket, tcp, raw: tcp !== undefined && socket.extensions === '', first: undefined, more: undefined };
  }

  /** Queues a frame for the socket. */
  write(queue: SocketQueue, frame: SharedFrame): void {
    if (queue.first !== undefined) {
      queue.more ??= [];
      queue.more.push(frame);
      return;
    }
    queue.first = frame;
    this.pending.push(queue);
    if (!this.scheduled) {
      this.scheduled = true;
      setImmediate(() => this.flushAll());
    }
  }

  /** Writes what is queued for the socket now: before a frame that skips the queue, so the order holds. */
  flush(queue: SocketQueue): void {
    if (queue.first !== undefined) send(queue);
  }

  private flushAll(): void {
    this.scheduled = false;
    const pending = this.pending;
    this.pending = [];
    for (const queue of pending) if (queue.first !== undefined) send(queue);
  }
}

function send(queue: SocketQueue): void {
  const { socket, tcp, first, more } = queue;
  queue.first = undefined;
  queue.more = undefined;
  if (socket.readyState !== socket.OPEN) return;
  if (!more) {
    write(queue, first!);
    return;
  }
  // `ws` corks the TCP socket around each frame; an outer cork holds them all until the last (one write).
  tcp?.cork();
  write(queue, first!);
  for (const frame of more) write(queue, frame);
  tcp?.uncork();
}

function write({ socket, tcp, raw }: SocketQueue, frame: SharedFrame): void {
  if (raw) tcp!.write(frame.bytes);
  else socket.send(frame.text);
}
