import { CHAT_CLOSE, type ChatClientFrame, type ChatServerFrame } from '@polaris/contract';

/**
 * One WebSocket kept up for as long as it is wanted: reconnected with backoff, tested with pings, given up at
 * once when the device says it is offline. What goes over it (rooms, sends) is lib/chat-socket.ts's business.
 */

export type SocketStatus = 'idle' | 'connecting' | 'open' | 'waiting';

/** The part of a browser WebSocket this client uses; `ws`'s WebSocket has it too (the tests use that). */
export interface SocketLike {
  readonly readyState: number;
  onopen: ((event: never) => void) | null;
  onclose: ((event: { code?: number }) => void) | null;
  onerror: ((event: never) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  send(data: string): void;
  close(): void;
}

export interface LinkOptions {
  /** Where to connect, with the session token and the language; null when nobody is logged in. */
  url(): string | null;
  connect?(url: string): SocketLike;
  /** Whether the device says it is online; while it says not, no attempt is made (the `online` event calls `wake`). */
  online?(): boolean;
  /** A ping every so often… */
  heartbeatMs?: number;
  /** …and a socket that has sent nothing for this long after a ping is dead. */
  deadAfterMs?: number;
  backoffBaseMs?: number;
  backoffMaxMs?: number;
  random?(): number;
  /**
   * The server closed the socket because its session ended (logout, revoked elsewhere, password changed, account
   * deleted, expired: close code `CHAT_CLOSE.sessionEnded`). The link does not reconnect with that token; the app
   * signs out.
   */
  sessionEnded?(): void;
}

export interface LinkEvents {
  opened(): void;
  frame(frame: ChatServerFrame): void;
  /** The socket is gone (closed, failed, declared dead); the link tries again if still wanted. */
  lost(): void;
  status(): void;
  wanted(): boolean;
}

const OPEN = 1;
/** Attempts after which the backoff is at its longest (2^6 × the base is past any maximum used). */
const SLOW_ATTEMPTS = 6;

export class ChatLink {
  private socket: SocketLike | null = null;
  private state: SocketStatus = 'idle';
  private attempts = 0;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private heartbeat: ReturnType<typeof setInterval> | null = null;
  private deadTimer: ReturnType<typeof setTimeout> | null = null;
  private pings = 0;
  /** The URL (so the token) whose session the server ended: never connected to again. */
  private endedUrl: string | null = null;

  constructor(
    private readonly options: LinkOptions,
    private readonly events: LinkEvents,
  ) {}

  get status(): SocketStatus {
    return this.state;
  }

  get isOpen(): boolean {
    return this.socket !== null && this.socket.readyState === OPEN && this.state === 'open';
  }

  /** Connects unless connected, connecting or waiting for the next attempt. */
  ensure(): void {
    if (this.socket || this.retryTimer) return;
    this.open();
  }

  /** The network is back (or the page is visible again): try now rather than at the next backoff step. */
  wake(): void {
    this.attempts = 0;
    if (this.socket) {
      this.probe();
      return;
    }
    this.clearRetry();
    if (this.events.wanted()) this.open();
  }

  /** The device went offline: the socket cannot be trusted, so drop it (the link waits for `wake`). */
  sleep(): void {
    if (this.socket) this.drop();
  }

  /** Nothing needs the socket any more. */
  close(): void {
    this.clearRetry();
    if (this.socket) this.drop();
    else this.setStatus('idle');
  }

  write(frame: ChatClientFrame): void {
    this.socket?.send(JSON.stringify(frame));
  }

  /** Asks for a sign of life: if nothing at all comes back in time, the socket is dead (a phone changed network). */
  probe(): void {
    if (!this.isOpen || this.deadTimer) return;
    this.pings += 1;
    this.write({ type: 'ping', id: String(this.pings) });
    this.deadTimer = setTimeout(() => {
      this.deadTimer = null;
      if (this.socket) this.drop();
    }, this.options.deadAfterMs ?? 10_000);
  }

  private open(): void {
    const url = this.options.url();
    if (!url || url === this.endedUrl) {
      this.setStatus('idle');
      return;
    }
    if (this.options.online && !this.options.online()) {
      this.setStatus('waiting');
      return;
    }
    this.setStatus('connecting');
    const socket = (this.options.connect ?? ((target: string) => new WebSocket(target) as unknown as SocketLike))(url);
    this.socket = socket;
    socket.onopen = () => {
      if (this.socket !== socket) return;
      this.attempts = 0;
      this.setStatus('open');
      this.heartbeat = setInterval(() => this.probe(), this.options.heartbeatMs ?? 25_000);
      this.events.opened();
    };
    socket.onmessage = (event) => {
      if (this.socket !== socket) return;
      // Any frame at all is a sign of life.
      if (this.deadTimer) clearTimeout(this.deadTimer);
      this.deadTimer = null;
      if (typeof event.data !== 'string') return;
      let frame: ChatServerFrame;
      try {
        frame = JSON.parse(event.data) as ChatServerFrame;
      } catch {
        return;
      }
      this.events.frame(frame);
    };
    const lost = () => {
      if (this.socket === socket) this.drop();
    };
    socket.onclose = (event) => {
      if (this.socket !== socket) return;
      if (event?.code === CHAT_CLOSE.sessionEnded.code) return this.sessionEnded(url);
      // Too many sockets for the session or account: another tab or device holds them; try again, but slowly.
      if (event?.code === CHAT_CLOSE.tooManySockets.code) this.attempts = Math.max(this.attempts, SLOW_ATTEMPTS);
      // The node is draining (a rolling restart): another node answers now, so no backoff; only a spread over
      // half the base step, so its clients do not all arrive at the same instant.
      if (event?.code === CHAT_CLOSE.restart.code) return this.drop(true);
      this.drop();
    };
    socket.onerror = lost;
  }

  /** The session behind `url` is over: let the socket go without a retry, and tell the app. */
  private sessionEnded(url: string): void {
    this.endedUrl = url;
    this.clearRetry();
    this.drop();
    this.options.sessionEnded?.();
  }

  /** Forgets the socket (closing it if it is not closed yet) and plans the next attempt. */
  private drop(restart = false): void {
    const socket = this.socket;
    this.socket = null;
    if (socket) {
      socket.onopen = socket.onmessage = socket.onclose = socket.onerror = null;
      try {
        socket.close();
      } catch {
        // Closing a socket that never opened throws in some browsers; it is gone either way.
      }
    }
    if (this.heartbeat) clearInterval(this.heartbeat);
    if (this.deadTimer) clearTimeout(this.deadTimer);
    this.heartbeat = null;
    this.deadTimer = null;
    this.events.lost();
    if (this.events.wanted() && this.options.url() !== this.endedUrl) {
      this.setStatus('waiting');
      if (restart) this.attempts = 0;
      this.scheduleRetry(restart);
    } else this.setStatus('idle');
  }

  private scheduleRetry(restart = false): void {
    this.clearRetry();
    const base = this.options.backoffBaseMs ?? 500;
    const max = this.options.backoffMaxMs ?? 15_000;
    const step = Math.min(max, base * 2 ** this.attempts);
    const random = (this.options.random ?? Math.random)();
    // Jitter, so a server restart is not met by every client at the same instant.
    const delay = restart ? (random * base) / 2 : step * (0.5 + random / 2);
    this.attempts += 1;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      if (!this.socket && this.events.wanted()) this.open();
    }, delay);
  }

  private clearRetry(): void {
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
  }

  private setStatus(status: SocketStatus): void {
    if (this.state === status) return;
    this.state = status;
    this.events.status();
  }
}
