import websocket from '@fastify/websocket';
import { API_BASE, CHAT_CLOSE, Status } from '@polaris/contract';
import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import { requestLanguage } from '../../platform/locale.ts';
import type { SessionUser } from '../../platform/session.ts';
import { RoomActivity } from './room-activity.ts';
import { SocketOutbox } from './socket-outbox.ts';
import { SocketRegistry } from './socket-registry.ts';
import {
  type ChatSocketDeps,
  ChatSocketSession,
  CLOSE_GRACE_MS,
  type SocketPlace,
  type SocketsHere,
} from './socket-session.ts';

/** Frames beyond this are refused outright by the socket (the connection closes); smaller oversized ones get an error frame. */
const HARD_PAYLOAD_LIMIT = 1_048_576;

/**
 * The chat WebSocket at `/rest/polarisex/ws`, authenticated like any route (the `token` header or query
 * parameter, see platform/session.ts) before the upgrade. JSON frames as in the contract (`ChatClientFrame`);
 * a bad frame is answered with an error frame and the connection stays open. Each socket is a
 * `ChatSocketSession` (socket-session.ts).
 */
export async function chatSocketRoutes(app: FastifyInstance, deps: ChatSocketDeps) {
  await registerWebSocket(app);
  const here = await socketsHere(app, deps);
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
      new ChatSocketSession(socket, user, requestLanguage(request), request.log, here);
    },
  });
}

async function registerWebSocket(app: FastifyInstance): Promise<void> {
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
}

/**
 * What this process's sockets share, and what keeps them honest: an ended session's sockets close when it is
 * announced, and every heartbeat pings each socket, refreshes its place and asks the database about the sessions.
 */
async function socketsHere(app: FastifyInstance, deps: ChatSocketDeps): Promise<SocketsHere> {
  const sockets = new Map<WebSocket, SocketPlace>();
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

  return { deps, registry, sockets, roomActivity, countedForMs, outbox: new SocketOutbox() };
}
