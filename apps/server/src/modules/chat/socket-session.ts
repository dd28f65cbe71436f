import { randomUUID } from 'node:crypto';
import {
  CHAT_CLOSE,
  CHAT_SOCKET_CAPS,
  ChatClientFrame,
  type ChatServerFrame,
  isSafeText,
  type Language,
  Status,
  toFieldErrors,
  translate,
} from '@polaris/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';
import { AppError, ValidationError } from '../../platform/errors.ts';
import type { ConnectionCounter } from '../../platform/realtime.ts';
import { refuseHostile } from '../../platform/router.ts';
import type { Authenticate, SessionUser } from '../../platform/session.ts';
import type { SessionEvents } from '../../platform/session-events.ts';
import type { NoticeFollower } from '../notifications/events.ts';
import { type LiveChatService, type LiveConnection, MAX_FRAME_BYTES } from './live.service.ts';
import type { ActivityFollower, RoomActivity } from './room-activity.ts';
import type { ChatService } from './service.ts';
import type { SharedFrame, SocketOutbox } from './socket-outbox.ts';
import type { HeldSocket, SocketRegistry } from './socket-registry.ts';

/** Longest a timer may wait (setTimeout's limit); a session that lives longer is looked at again then. */
const MAX_TIMER_MS = 2_147_483_647;
/** A socket asked to close that has not finished its closing handshake by then is cut. */
export const CLOSE_GRACE_MS = 1000;
/** How long an acting frame trusts the session's last look in the database (the announcement is the fast path). */
const SESSION_RECHECK_MS = 1000;

export interface ChatSocketDeps {
  authenticate: Authenticate;
  chat: ChatService;
  live: LiveChatService;
  /** Between server pings (CHAT_HEARTBEAT_MS); a socket that has not answered the previous one is closed. */
  heartbeatMs: number;
  /** Ended sessions, from every process: their sockets close at once. */
  sessionEvents: Pick<SessionEvents, 'subscribe'>;
  /** Which of these sessions still work (the database's answer). */
  liveSessions(sessionIds: number[]): Promise<Set<number>>;
  now: () => Date;
  /** Open sockets per session and per account, across every process (Redis) or in this one. */
  connections: ConnectionCounter;
  /** Prefix of the counter's keys: `chat:<database>:sockets`. */
  connectionKeys: string;
  /** The user's own channel (notices, "changed"): every admitted socket follows it until it closes. */
  notices?: NoticeFollower;
}

/** Where a socket holds its place in the connection counter. */
export interface SocketPlace {
  member: string;
  keys: string[];
}

/** What this process's sockets share: the registry by session, their places, the rooms' activity. */
export interface SocketsHere {
  deps: ChatSocketDeps;
  registry: SocketRegistry;
  sockets: Map<WebSocket, SocketPlace>;
  roomActivity: RoomActivity;
  /** How long a claimed place counts without a refresh. */
  countedForMs: number;
  /** Room frames, written once a turn (socket-outbox.ts). */
  outbox: SocketOutbox;
}

type AliveSocket = WebSocket & { alive?: boolean };

/**
 * One chat socket from its upgrade to its close: it claims its place (at most so many sockets per session and per
 * account), follows its rooms and its user's channel, ends when its session does (announced, found by the
 * database, or by time), and handles its frames one after the other.
 */
export class ChatSocketSession {
  private ended = false;
  private closed = false;
  private counted = false;
  private expiry: NodeJS.Timeout | undefined;
  /** When the session was last seen working in the database (see `sessionWorks`). */
  private checkedAt: number;
  private stopFollowing: (() => Promise<void>) | undefined;
  private readonly deps: ChatSocketDeps;
  private readonly held: HeldSocket;
  private readonly connection: LiveConnection;
  private readonly follower: ActivityFollower;
  private readonly place: SocketPlace;
  /** Whether the socket may act: its place claimed, and its session still working once it is held. */
  private readonly admitted: Promise<boolean>;

  constructor(
    private readonly socket: AliveSocket,
    private readonly user: SessionUser,
    private readonly language: Language,
    private readonly log: FastifyBaseLogger,
    private readonly here: SocketsHere,
  ) {
    this.deps = here.deps;
    socket.alive = true;
    this.held = { userId: user.id, sessionId: user.sessionId, endSession: () => this.endSession() };
    const queue = here.outbox.queueFor(socket);
    this.connection = {
      userId: user.id,
      uid: user.uid,
      send(frame: ChatServerFrame) {
        here.outbox.flush(queue);
        if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(frame));
      },
      sendText(frame: SharedFrame) {
        if (socket.readyState === socket.OPEN) here.outbox.write(queue, frame);
      },
      drop() {
        socket.terminate();
      },
      language,
    };
    // Held at once, so a session that ends while its place is being claimed still finds the socket.
    here.registry.add(this.held);
    this.place = {
      member: randomUUID(),
      keys: [`${this.deps.connectionKeys}:session:${user.sessionId}`, `${this.deps.connectionKeys}:user:${user.id}`],
    };
    here.sockets.set(socket, this.place);
    this.checkedAt = this.deps.now().getTime();
    this.admitted = this.admit();
    this.follower = {
      userId: user.id,
      uid: user.uid,
      subscribed: (roomId) => this.deps.live.isSubscribed(this.connection, roomId),
      send: (frame) => this.connection.send(frame),
      sendText: (frame) => this.connection.sendText(frame),
    };
    void this.admitted.then((claimed) => this.followRooms(claimed));
    // The user's channel, followed once admitted and until the socket closes (the first frame waits for it, so a
    // pong also says the socket hears its notices).
    const following = this.admitted.then((claimed) => this.followNotices(claimed));
    // Frames of one connection are handled in order, so a client's own messages keep their order; the first
    // waits for the socket's place.
    let chain: Promise<unknown> = following;
    socket.on('pong', () => {
      socket.alive = true;
    });
    socket.on('message', (data, isBinary) => {
      socket.alive = true;
      const raw = Buffer.isBuffer(data) ? data : Buffer.concat(Array.isArray(data) ? data : [Buffer.from(data)]);
      chain = chain.then(() => this.handle(raw, isBinary));
    });
    socket.on('close', () => this.onClose());
  }

  private endSession(): void {
    if (this.ended) return;
    this.ended = true;
    clearTimeout(this.expiry);
    // Nothing more reaches it from the rooms, even before the closing handshake ends.
    void this.deps.live.disconnect(this.connection);
    this.connection.send({
      type: 'error',
      code: Status.sessionInvalid,
      message: translate(this.language, 'auth.sessionInvalid'),
    });
    this.closeWith(CHAT_CLOSE.sessionEnded);
  }

  private closeWith({ code, reason }: { code: number; reason: string }): void {
    this.socket.close(code, reason);
    setTimeout(() => this.socket.terminate(), CLOSE_GRACE_MS).unref();
  }

  private async admit(): Promise<boolean> {
    const { deps, place, user } = this;
    const limits = [CHAT_SOCKET_CAPS.perSession, CHAT_SOCKET_CAPS.perAccount];
    try {
      this.counted = await deps.connections.claim(
        place.member,
        place.keys.map((key, i) => ({ key, limit: limits[i]! })),
        this.here.countedForMs,
      );
      if (!this.counted) {
        if (this.ended) return false;
        this.ended = true;
        this.connection.send({
          type: 'error',
          code: Status.conflict,
          message: translate(this.language, 'chat.tooManySockets'),
        });
        this.closeWith(CHAT_CLOSE.tooManySockets);
        return false;
      }
      // An announcement that came between the upgrade's session lookup and `registry.add` missed this socket
      // (a logout while the client was reconnecting): one more look now that it is held.
      if (!(await deps.liveSessions([user.sessionId])).has(user.sessionId)) {
        this.endSession();
        return false;
      }
      this.checkedAt = deps.now().getTime();
      return !this.ended;
    } catch (error) {
      // The counter (Redis) or the database is away; the client comes back with its backoff.
      this.log.warn({ err: error }, 'chat: could not admit the socket');
      if (!this.ended) {
        this.ended = true;
        this.closeWith({ code: 1011, reason: 'try again' });
      }
      return false;
    }
  }

  /** The session's end by time: a timer, re-armed when the session outlives the longest one. */
  private armExpiry(): void {
    const { expiresAt } = this.user;
    if (!expiresAt || this.ended) return;
    const left = expiresAt.getTime() - this.deps.now().getTime();
    if (left <= 0) this.endSession();
    else this.expiry = setTimeout(() => this.armExpiry(), Math.min(left, MAX_TIMER_MS)).unref();
  }

  private followRooms(claimed: boolean): void {
    if (claimed) this.armExpiry();
    // A socket closed meanwhile has been unfollowed already: it must not start following now.
    if (claimed && !this.ended && this.socket.readyState === this.socket.OPEN) {
      this.here.roomActivity.follow(this.follower).catch((error: unknown) => {
        this.log.warn({ err: error }, 'chat: could not follow the rooms of a socket');
      });
    }
  }

  private async followNotices(claimed: boolean): Promise<void> {
    if (!claimed || !this.deps.notices) return;
    try {
      const stop = await this.deps.notices.follow(this.user.id, this.connection);
      if (this.closed) await stop();
      else this.stopFollowing = stop;
    } catch (error) {
      this.log.warn({ err: error }, 'chat: could not follow the user channel');
    }
  }

  private onClose(): void {
    const { deps, here, place } = this;
    this.closed = true;
    void this.stopFollowing?.().catch(() => {});
    clearTimeout(this.expiry);
    here.sockets.delete(this.socket);
    here.registry.release(this.held);
    void deps.live.disconnect(this.connection);
    void here.roomActivity.unfollow(this.follower).catch(() => {});
    void this.admitted
      .then(async () => {
        if (this.counted) await deps.connections.release(place.member, place.keys);
      })
      .catch(() => {});
  }

  /**
   * A frame that acts (reads a room, sends, types) runs only while the session works. The announcement closes
   * the socket within milliseconds; should it be lost, the database is asked again, at most once per
   * SESSION_RECHECK_MS per socket so that a flood of frames (refused by the send rate before any database
   * work) costs no more than one lookup a second.
   */
  private async sessionWorks(): Promise<boolean> {
    if (this.ended) return false;
    // The app's clock, which tests move instead of waiting a second.
    if (this.deps.now().getTime() - this.checkedAt < SESSION_RECHECK_MS) return true;
    this.checkedAt = this.deps.now().getTime();
    if ((await this.deps.liveSessions([this.user.sessionId])).has(this.user.sessionId)) return true;
    this.endSession();
    return false;
  }

  private async handle(raw: Buffer, isBinary: boolean): Promise<void> {
    const frame = this.read(raw, isBinary);
    if (!frame) return;
    const { connection, deps, user } = this;
    const clientId = frame.type === 'send' ? (frame.clientId ?? null) : null;
    try {
      if (frame.type !== 'ping' && frame.type !== 'unsubscribe' && !(await this.sessionWorks())) return;
      switch (frame.type) {
        case 'ping':
          connection.send({ type: 'pong', id: frame.id ?? null });
          return;
        case 'subscribe':
          await deps.live.subscribe(connection, Number(frame.roomId), frame.afterSeq);
          return;
        case 'unsubscribe':
          await deps.live.unsubscribe(connection, Number(frame.roomId));
          return;
        case 'typing':
          await deps.chat.messages.typing(user, Number(frame.roomId));
          return;
        case 'send': {
          const sent = await deps.chat.messages.submit(user, frame);
          if (sent.held) connection.send({ type: 'held', clientId, roomId: sent.held.roomId, held: sent.held });
          else connection.send({ type: 'ack', clientId, roomId: sent.message.roomId, seq: sent.message.seq });
          return;
        }
      }
    } catch (error) {
      connection.send(this.errorFrame(error, clientId));
    }
  }

  /** The frame as the contract has it, or undefined when it was refused (the client got an error frame). */
  private read(raw: Buffer, isBinary: boolean): ChatClientFrame | undefined {
    const { connection, language } = this;
    if (raw.length > MAX_FRAME_BYTES) {
      connection.send({ type: 'error', code: 413, message: translate(language, 'chat.frameTooLarge') });
      return undefined;
    }
    let json: unknown;
    try {
      if (isBinary) throw new SyntaxError('binary');
      json = JSON.parse(raw.toString('utf8')) as unknown;
      refuseHostile(json, language);
      const parsed = ChatClientFrame.safeParse(json);
      if (!parsed.success) throw new ValidationError(toFieldErrors(parsed.error, json, language));
      return parsed.data;
    } catch (error) {
      // A refused send names its clientId when the frame had a readable one, so the client marks that message.
      const claimed = (json as { clientId?: unknown } | undefined)?.clientId;
      const clientId = typeof claimed === 'string' && claimed.length <= 64 && isSafeText(claimed) ? claimed : null;
      if (error instanceof ValidationError) connection.send(this.errorFrame(error, clientId));
      else connection.send({ type: 'error', code: Status.invalid, message: translate(language, 'chat.badFrame') });
      return undefined;
    }
  }

  private errorFrame(error: unknown, clientId: string | null = null): ChatServerFrame {
    const { language } = this;
    if (error instanceof ValidationError) {
      const first = error.fieldErrors[0];
      return { type: 'error', code: Status.invalid, message: first?.message ?? '', field: first?.field, clientId };
    }
    if (error instanceof AppError) {
      const first = 'fields' in error ? (error as { fields: { field: string }[] }).fields[0] : undefined;
      const message = translate(language, error.messageKey, error.params);
      return { type: 'error', code: error.status, message, clientId, ...(first ? { field: first.field } : {}) };
    }
    this.log.error({ err: error }, 'chat frame failed');
    return { type: 'error', code: 500, message: translate(language, 'http.500'), clientId };
  }
}
