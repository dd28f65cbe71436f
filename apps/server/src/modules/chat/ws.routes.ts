import { randomUUID } from 'node:crypto';
import websocket from '@fastify/websocket';
import {
  API_BASE,
  CHAT_CLOSE,
  CHAT_SOCKET_CAPS,
  ChatClientFrame,
  type ChatServerFrame,
  isSafeText,
  Status,
  toFieldErrors,
  translate,
} from '@polaris/contract';
import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import { AppError, ValidationError } from '../../platform/errors.ts';
import { requestLanguage } from '../../platform/locale.ts';
import type { ConnectionCounter } from '../../platform/realtime.ts';
import { refuseHostile } from '../../platform/router.ts';
import type { Authenticate, SessionUser } from '../../platform/session.ts';
import type { SessionEvents } from '../../platform/session-events.ts';
import type { NoticeFollower } from '../notifications/events.ts';
import { type LiveChatService, type LiveConnection, MAX_FRAME_BYTES } from './live.service.ts';
import { type ActivityFollower, RoomActivity } from './room-activity.ts';
import type { ChatService } from './service.ts';
import { type HeldSocket, SocketRegistry } from './socket-registry.ts';

/** Frames beyond this are refused outright by the socket (the connection closes); smaller oversized ones get an error frame. */
const HARD_PAYLOAD_LIMIT = 1_048_576;
/** Longest a timer may wait (setTimeout's limit); a session that lives longer is looked at again then. */
const MAX_TIMER_MS = 2_147_483_647;
/** A socket asked to close that has not finished its closing handshake by then is cut. */
const CLOSE_GRACE_MS = 1000;
/** How long an acting frame trusts the session's last look in the database (the announcement is the fast path). */
const SESSION_RECHECK_MS = 1000;

/**
 * The chat WebSocket at `/rest/polarisex/ws`, authenticated like any route (the `token` header or query
 * parameter, see platform/session.ts) before the upgrade. JSON frames as in the contract (`ChatClientFrame`);
 * a bad frame is answered with an error frame and the connection stays open.
 */
export async function chatSocketRoutes(
  app: FastifyInstance,
  deps: {
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
  },
) {
  await app.register(websocket, {
    options: { maxPayload: HARD_PAYLOAD_LIMIT },
    // The app closes (a drain on SIGTERM, main.ts): every socket gets 1012 `service restart`, which tells the client
    // to reconnect at once (through the balancer, to another node) and resume from its last seq. The plugin's own
    // default closes without a code.
    preClose(done) {
      const server = this.websocketServer;
      for (const client of server.clients) {
        client.close(CHAT_CLOSE.restart.code, CHAT_CLOSE.restart.reason);
        setTimeout(() => client.terminate(), CLOSE_GRACE_MS).unref();
      }
      server.close();
      done();
    },
  });
  const sockets = new Map<WebSocket, { member: string; keys: string[] }>();
  const registry = new SocketRegistry();
  // A socket counts while its process refreshes it every heartbeat; one of a process that died stops counting.
  const countedForMs = deps.heartbeatMs * 3 + 1000;
  // The unread badge: each socket follows its user's rooms (room-activity.ts).
  const roomActivity = new RoomActivity({ chat: deps.chat });
  await roomActivity.start();
  app.addHook('onClose', () => roomActivity.close());
  const unsubscribe = await deps.sessionEvents.subscribe((event) => {
    for (const held of registry.ending(event)) held.endSession();
  });
  // The safety net under the announcements (Redis pub/sub may drop one): every heartbeat asks the database which
  // sessions holding a socket here still work, and closes the sockets of the others.
  let checking = false;
  async function recheckSessions() {
    const ids = registry.sessionIds();
    if (checking || ids.length === 0) return;
    checking = true;
    try {
      const live = await deps.liveSessions(ids);
      for (const id of ids)
        if (!live.has(id)) for (const held of registry.ending({ sessionIds: [id] })) held.endSession();
    } catch (error) {
      app.log.warn({ err: error }, 'chat: could not re-check sessions');
    } finally {
      checking = false;
    }
  }
  const heartbeat = setInterval(() => {
    for (const [socket, place] of sockets) {
      const state = socket as WebSocket & { alive?: boolean };
      if (state.alive === false) {
        socket.terminate();
        continue;
      }
      state.alive = false;
      socket.ping();
      deps.connections.refresh(place.member, place.keys, countedForMs).catch(() => {});
    }
    void recheckSessions();
  }, deps.heartbeatMs);
  heartbeat.unref();
  app.addHook('onClose', async () => {
    clearInterval(heartbeat);
    await unsubscribe();
  });

  app.route({
    method: 'GET',
    url: `${API_BASE}/ws`,
    preValidation: async (request) => {
      const user = await deps.authenticate(request, 'user');
      (request as typeof request & { chatUser?: SessionUser }).chatUser = user!;
    },
    handler: async () => ({ status: Status.invalid, msg: 'WebSocket upgrade required', attachment: null }),
    wsHandler: (socket, request) => {
      const user = (request as typeof request & { chatUser: SessionUser }).chatUser;
      const language = requestLanguage(request);
      const state = socket as WebSocket & { alive?: boolean };
      state.alive = true;
      let ended = false;
      let expiry: NodeJS.Timeout | undefined;
      const held: HeldSocket = {
        userId: user.id,
        sessionId: user.sessionId,
        endSession: () => {
          if (ended) return;
          ended = true;
          clearTimeout(expiry);
          // Nothing more reaches it from the rooms, even before the closing handshake ends.
          void deps.live.disconnect(connection);
          connection.send({
            type: 'error',
            code: Status.sessionInvalid,
            message: translate(language, 'auth.sessionInvalid'),
          });
          closeWith(CHAT_CLOSE.sessionEnded);
        },
      };
      const closeWith = ({ code, reason }: { code: number; reason: string }) => {
        socket.close(code, reason);
        setTimeout(() => socket.terminate(), CLOSE_GRACE_MS).unref();
      };
      const connection: LiveConnection = {
        userId: user.id,
        uid: user.uid,
        send(frame: ChatServerFrame) {
          if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(frame));
        },
        sendText(text: string) {
          if (socket.readyState === socket.OPEN) socket.send(text);
        },
        drop() {
          socket.terminate();
        },
        language,
      };
      const errorFrame = (error: unknown, clientId: string | null = null): ChatServerFrame => {
        if (error instanceof ValidationError) {
          const first = error.fieldErrors[0];
          return { type: 'error', code: Status.invalid, message: first?.message ?? '', field: first?.field, clientId };
        }
        if (error instanceof AppError) {
          const first = 'fields' in error ? (error as { fields: { field: string }[] }).fields[0] : undefined;
          const message = translate(language, error.messageKey, error.params);
          return { type: 'error', code: error.status, message, clientId, ...(first ? { field: first.field } : {}) };
        }
        request.log.error({ err: error }, 'chat frame failed');
        return { type: 'error', code: 500, message: translate(language, 'http.500'), clientId };
      };
      // Held at once, so a session that ends while its place is being claimed still finds the socket.
      registry.add(held);
      const place = {
        member: randomUUID(),
        keys: [`${deps.connectionKeys}:session:${user.sessionId}`, `${deps.connectionKeys}:user:${user.id}`],
      };
      sockets.set(socket, place);
      const limits = [CHAT_SOCKET_CAPS.perSession, CHAT_SOCKET_CAPS.perAccount];
      /** When the session was last seen working in the database (see `sessionWorks`). */
      let checkedAt = deps.now().getTime();
      let counted = false;
      /** Whether the socket may act: its place claimed, and its session still working once it is held. */
      const admitted = (async () => {
        counted = await deps.connections.claim(
          place.member,
          place.keys.map((key, i) => ({ key, limit: limits[i]! })),
          countedForMs,
        );
        if (!counted) {
          if (ended) return false;
          ended = true;
          connection.send({
            type: 'error',
            code: Status.conflict,
            message: translate(language, 'chat.tooManySockets'),
          });
          closeWith(CHAT_CLOSE.tooManySockets);
          return false;
        }
        // An announcement that came between the upgrade's session lookup and `registry.add` missed this socket
        // (a logout while the client was reconnecting): one more look now that it is held.
        if (!(await deps.liveSessions([user.sessionId])).has(user.sessionId)) {
          held.endSession();
          return false;
        }
        checkedAt = deps.now().getTime();
        return !ended;
      })().catch((error: unknown) => {
        // The counter (Redis) or the database is away; the client comes back with its backoff.
        request.log.warn({ err: error }, 'chat: could not admit the socket');
        if (!ended) {
          ended = true;
          closeWith({ code: 1011, reason: 'try again' });
        }
        return false;
      });
      // The session's end by time: a timer, re-armed when the session outlives the longest one.
      const armExpiry = () => {
        if (!user.expiresAt || ended) return;
        const left = user.expiresAt.getTime() - deps.now().getTime();
        if (left <= 0) held.endSession();
        else expiry = setTimeout(armExpiry, Math.min(left, MAX_TIMER_MS)).unref();
      };
      const follower: ActivityFollower = {
        userId: user.id,
        uid: user.uid,
        subscribed: (roomId) => deps.live.isSubscribed(connection, roomId),
        send: (frame) => connection.send(frame),
        sendText: (text) => connection.sendText(text),
      };
      void admitted.then((claimed) => {
        if (claimed) armExpiry();
        // A socket closed meanwhile has been unfollowed already: it must not start following now.
        if (claimed && !ended && socket.readyState === socket.OPEN) {
          roomActivity.follow(follower).catch((error: unknown) => {
            request.log.warn({ err: error }, 'chat: could not follow the rooms of a socket');
          });
        }
      });
      // The user's channel, followed once admitted and until the socket closes (the first frame waits for it, so a
      // pong also says the socket hears its notices).
      let closed = false;
      let stopFollowing: (() => Promise<void>) | undefined;
      const following = admitted.then(async (claimed) => {
        if (!claimed || !deps.notices) return;
        try {
          const stop = await deps.notices.follow(user.id, connection);
          if (closed) await stop();
          else stopFollowing = stop;
        } catch (error) {
          request.log.warn({ err: error }, 'chat: could not follow the user channel');
        }
      });
      // Frames of one connection are handled in order, so a client's own messages keep their order; the first
      // waits for the socket's place.
      let chain: Promise<unknown> = following;
      socket.on('pong', () => {
        state.alive = true;
      });
      socket.on('message', (data, isBinary) => {
        state.alive = true;
        const raw = Buffer.isBuffer(data) ? data : Buffer.concat(Array.isArray(data) ? data : [Buffer.from(data)]);
        chain = chain.then(() => handle(raw, isBinary));
      });
      socket.on('close', () => {
        closed = true;
        void stopFollowing?.().catch(() => {});
        clearTimeout(expiry);
        sockets.delete(socket);
        registry.release(held);
        void deps.live.disconnect(connection);
        void roomActivity.unfollow(follower).catch(() => {});
        void admitted
          .then(async () => {
            if (counted) await deps.connections.release(place.member, place.keys);
          })
          .catch(() => {});
      });

      /**
       * A frame that acts (reads a room, sends, types) runs only while the session works. The announcement closes
       * the socket within milliseconds; should it be lost, the database is asked again, at most once per
       * SESSION_RECHECK_MS per socket so that a flood of frames (refused by the send rate before any database
       * work) costs no more than one lookup a second.
       */
      async function sessionWorks(): Promise<boolean> {
        if (ended) return false;
        // The app's clock, which tests move instead of waiting a second.
        if (deps.now().getTime() - checkedAt < SESSION_RECHECK_MS) return true;
        checkedAt = deps.now().getTime();
        if ((await deps.liveSessions([user.sessionId])).has(user.sessionId)) return true;
        held.endSession();
        return false;
      }

      async function handle(raw: Buffer, isBinary: boolean) {
        if (raw.length > MAX_FRAME_BYTES) {
          connection.send({ type: 'error', code: 413, message: translate(language, 'chat.frameTooLarge') });
          return;
        }
        let frame: ChatClientFrame;
        let json: unknown;
        try {
          if (isBinary) throw new SyntaxError('binary');
          json = JSON.parse(raw.toString('utf8')) as unknown;
          refuseHostile(json, language);
          const parsed = ChatClientFrame.safeParse(json);
          if (!parsed.success) throw new ValidationError(toFieldErrors(parsed.error, json, language));
          frame = parsed.data;
        } catch (error) {
          // A refused send names its clientId when the frame had a readable one, so the client marks that message.
          const claimed = (json as { clientId?: unknown } | undefined)?.clientId;
          const clientId = typeof claimed === 'string' && claimed.length <= 64 && isSafeText(claimed) ? claimed : null;
          if (error instanceof ValidationError) connection.send(errorFrame(error, clientId));
          else connection.send({ type: 'error', code: Status.invalid, message: translate(language, 'chat.badFrame') });
          return;
        }
        const clientId = frame.type === 'send' ? (frame.clientId ?? null) : null;
        try {
          if (frame.type !== 'ping' && frame.type !== 'unsubscribe' && !(await sessionWorks())) return;
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
              const message = await deps.chat.messages.send(user, frame);
              connection.send({ type: 'ack', clientId, roomId: message.roomId, seq: message.seq });
              return;
            }
          }
        } catch (error) {
          connection.send(errorFrame(error, clientId));
        }
      }
    },
  });
}
