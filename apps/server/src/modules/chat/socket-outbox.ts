import type { Duplex } from 'node:stream';
import type { WebSocket } from 'ws';

/**
 * Room frames on their way to this process's sockets, written at the end of the event loop's turn. Each frame
 * written alone costs a system call per socket; when the process falls behind (a burst, or Redis handing over
 * many messages in one read), several frames for a socket pile up in one turn and go out in one write. A quiet
 * room sends each frame alone as before, one turn later.
 */
export class SocketOutbox {
  private readonly pending = new Map<WebSocket, string[]>();
  private scheduled = false;

  /** Queues a serialised frame for the socket. */
  write(socket: WebSocket, text: string): void {
    const frames = this.pending.get(socket);
    if (frames) frames.push(text);
    else this.pending.set(socket, [text]);
    if (!this.scheduled) {
      this.scheduled = true;
      setImmediate(() => this.flushAll());
    }
  }

  /** Writes what is queued for the socket now: before a frame that skips the queue, so the order holds. */
  flush(socket: WebSocket): void {
    const frames = this.pending.get(socket);
    if (!frames) return;
    this.pending.delete(socket);
    send(socket, frames);
  }

  private flushAll(): void {
    this.scheduled = false;
    for (const [socket, frames] of this.pending) send(socket, frames);
    this.pending.clear();
  }
}

function send(socket: WebSocket, frames: string[]): void {
  if (socket.readyState !== socket.OPEN) return;
  if (frames.length === 1) {
    socket.send(frames[0]!);
    return;
  }
  // `ws` corks the TCP socket around each frame; an outer cork holds them all until the last (one write).
  const tcp = (socket as WebSocket & { _socket?: Duplex })._socket;
  tcp?.cork();
  for (const frame of frames) socket.send(frame);
  tcp?.uncork();
}
