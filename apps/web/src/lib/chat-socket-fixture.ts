import type { AddressInfo } from 'node:net';
import { CHAT_CLOSE, type ChatClientFrame, type ChatMessage, type ChatServerFrame, Status } from '@polaris/contract';
import { WebSocket, WebSocketServer } from 'ws';

// For chat-socket.test.ts: a real WebSocket server speaking the chat protocol of docs/chat.md (subscribe with
// afterSeq and a catch-up, ack, error frames, ping), with switches for what networks and servers do to a client:
// refuse connections, cut one off, lose an ack, fall silent, send a duplicate or skip a seq.

interface Connection {
  socket: WebSocket;
  uid: string;
  /** Per room, the highest seq delivered to this connection. */
  subscriptions: Map<string, number>;
}

export interface ServerSwitches {
  /** Refuse new connections (the upgrade fails), as a server that is down. */
  refuse: boolean;
  /** Answer nothing and never close: a socket whose network went away without a word. */
  silent: boolean;
  /** Store the next send, then cut the connection before its ack. */
  loseNextAck: boolean;
  /** Cut the connection on the next send, before storing it. */
  cutBeforeNextStore: boolean;
  /** Refuse sends of this text with an error frame. */
  refuseText: string | null;
  /** Answer sends of this text as a frame that failed to parse: an error frame with no client id. */
  unreadableText: string | null;
  /** Hold sends of this text for an admin (a first-time poster's link): a `held` frame, nothing stored. */
  holdText: string | null;
}

export class FakeChatServer {
  readonly frames: { uid: string; frame: ChatClientFrame }[] = [];
  readonly switches: ServerSwitches = {
    refuse: false,
    silent: false,
    loseNextAck: false,
    cutBeforeNextStore: false,
    refuseText: null,
    unreadableText: null,
    holdText: null,
  };
  connectionsMade = 0;
  /** Connection attempts turned away while `refuse` was on. */
  connectionsRefused = 0;
  private readonly rooms = new Map<string, ChatMessage[]>();
  /** The seq stored under each room/sender/client id, as the server keeps one message per client id. */
  private readonly clientIds = new Map<string, number>();
  private readonly connections = new Set<Connection>();

  private constructor(
    private readonly server: WebSocketServer,
    readonly url: string,
  ) {}

  static async start(): Promise<FakeChatServer> {
    let refuse = () => false;
    const server = new WebSocketServer({
      port: 0,
      host: '127.0.0.1',
      verifyClient: () => {
        if (!refuse()) return true;
        fake.connectionsRefused += 1;
        return false;
      },
    });
    await new Promise<void>((resolve) => server.once('listening', resolve));
    const { port } = server.address() as AddressInfo;
    const fake = new FakeChatServer(server, `ws://127.0.0.1:${port}/ws`);
    refuse = () => fake.switches.refuse;
    server.on('connection', (socket, request) => fake.accept(socket, request.url ?? ''));
    return fake;
  }

  /** The room's messages as stored. */
  stored(roomId: string): ChatMessage[] {
    let room = this.rooms.get(roomId);
    if (!room) {
      room = [];
      this.rooms.set(roomId, room);
    }
    return room;
  }

  /** Stores a message from someone (by HTTP, say) and delivers it to the room's subscribers. */
  post(roomId: string, senderUid: string, text: string, clientId: string | null = null): ChatMessage {
    const room = this.stored(roomId);
    if (clientId !== null) this.clientIds.set(`${roomId}/${senderUid}/${clientId}`, room.length + 1);
    const message: ChatMessage = {
      roomId,
      seq: room.length + 1,
      kind: 'text',
      senderUid,
      senderName: `user ${senderUid}`,
      senderAvatar: null,
      text: text.trim(),
      imageId: null,
      replyTo: null,
      mentions: [],
      event: null,
      targetUid: null,
      targetName: null,
      ref: null,
      deleted: false,
      createdAt: new Date().toISOString(),
    };
    room.push(message);
    for (const connection of this.connections) this.deliver(connection, roomId);
    return message;
  }

  /** A frame straight to every connection, whatever the protocol says (a duplicate, a message out of turn). */
  inject(frame: ChatServerFrame): void {
    for (const connection of this.connections) connection.socket.send(JSON.stringify(frame));
  }

  /** A frame to every connection of one user (a notice, what changed), as the server's per-user channel sends it. */
  toUser(uid: string, frame: ChatServerFrame): void {
    for (const connection of this.connections) if (connection.uid === uid) this.send(connection, frame);
  }

  /** Ends the sessions of every connection as the server does (docs/chat.md "Close codes"): error 9999, then 4401. */
  endSessions(): void {
    for (const connection of this.connections) {
      connection.socket.send(JSON.stringify({ type: 'error', code: Status.sessionInvalid, message: 'session ended' }));
      connection.socket.close(CHAT_CLOSE.sessionEnded.code, CHAT_CLOSE.sessionEnded.reason);
    }
  }

  /** Closes every connection with a close code, after an error frame, as the server's socket caps do. */
  closeAll(code: number, reason: string, error?: ChatServerFrame): void {
    for (const connection of this.connections) {
      if (error) connection.socket.send(JSON.stringify(error));
      connection.socket.close(code, reason);
    }
  }

  /** Cuts every connection as a network failure would (no closing handshake). */
  cutAll(): void {
    for (const connection of this.connections) connection.socket.terminate();
  }

  get openConnections(): number {
    return this.connections.size;
  }

  async close(): Promise<void> {
    this.cutAll();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private accept(socket: WebSocket, url: string): void {
    this.connectionsMade += 1;
    const token = new URL(url, 'http://x').searchParams.get('token') ?? '';
    const connection: Connection = { socket, uid: token.replace(/^token-/, ''), subscriptions: new Map() };
    this.connections.add(connection);
    socket.on('close', () => this.connections.delete(connection));
    socket.on('message', (data) => {
      if (this.switches.silent) return;
      const frame = JSON.parse(String(data)) as ChatClientFrame;
      this.frames.push({ uid: connection.uid, frame });
      this.handle(connection, frame);
    });
  }

  private send(connection: Connection, frame: ChatServerFrame): void {
    if (connection.socket.readyState === WebSocket.OPEN) connection.socket.send(JSON.stringify(frame));
  }

  /** Everything after what the connection was given, in order: the server's no gap, no duplicate. */
  private deliver(connection: Connection, roomId: string): void {
    const delivered = connection.subscriptions.get(roomId);
    if (delivered === undefined || this.switches.silent) return;
    const room = this.stored(roomId);
    for (const message of room.slice(delivered)) this.send(connection, { type: 'message', message });
    connection.subscriptions.set(roomId, room.length);
  }

  private handle(connection: Connection, frame: ChatClientFrame): void {
    if (frame.type === 'ping') this.send(connection, { type: 'pong', id: frame.id ?? null });
    else if (frame.type === 'unsubscribe') connection.subscriptions.delete(frame.roomId);
    else if (frame.type === 'subscribe') this.subscribe(connection, frame.roomId, frame.afterSeq);
    else if (frame.type === 'send') this.store(connection, frame.roomId, frame.text, frame.clientId ?? null);
  }

  private subscribe(connection: Connection, roomId: string, afterSeq: number | undefined): void {
    if (roomId === 'forbidden') {
      this.send(connection, { type: 'error', code: 403, message: 'not a member', clientId: null });
      return;
    }
    const room = this.stored(roomId);
    connection.subscriptions.set(roomId, Math.min(afterSeq ?? room.length, room.length));
    this.send(connection, { type: 'subscribed', roomId, lastSeq: room.length });
    this.deliver(connection, roomId);
  }

  private store(connection: Connection, roomId: string, text: string, clientId: string | null): void {
    if (this.switches.cutBeforeNextStore) {
      this.switches.cutBeforeNextStore = false;
      connection.socket.terminate();
    } else if (text === this.switches.unreadableText) {
      this.send(connection, { type: 'error', code: 400, message: '文字太長', field: 'text' });
    } else if (text === this.switches.holdText) {
      const held = {
        id: '1',
        roomId,
        status: 'held' as const,
        seq: null,
        text,
        imageId: null,
        replyTo: null,
        clientId,
        author: { uid: connection.uid, name: null },
        createdAt: new Date().toISOString(),
      };
      this.send(connection, { type: 'held', clientId, roomId, held });
    } else if (text === this.switches.refuseText) {
      this.send(connection, { type: 'error', code: 403, message: '你已被禁言', clientId });
    } else if (this.switches.loseNextAck) {
      // Stored, but the connection is gone before the ack or the message could reach the sender.
      this.switches.loseNextAck = false;
      connection.socket.terminate();
      this.post(roomId, connection.uid, text, clientId);
    } else {
      // Like the server (chat/messages.service.ts): a client id already stored is answered with its message's ack.
      const known = clientId === null ? undefined : this.clientIds.get(`${roomId}/${connection.uid}/${clientId}`);
      const seq = known ?? this.post(roomId, connection.uid, text, clientId).seq;
      this.send(connection, { type: 'ack', clientId, roomId, seq });
    }
  }
}
