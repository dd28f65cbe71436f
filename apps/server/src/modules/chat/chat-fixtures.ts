import { API_BASE, type ChatServerFrame } from '@polaris/contract';
import WebSocket from 'ws';
import type { ApiClient } from '../../test/app.ts';

/** A WebSocket test client: every frame received is kept, and `next` waits for one that matches. */
export interface ChatClient {
  frames: ChatServerFrame[];
  send(frame: unknown): void;
  sendRaw(data: string | Buffer): void;
  next<T extends ChatServerFrame['type']>(
    type: T,
    match?: (frame: Extract<ChatServerFrame, { type: T }>) => boolean,
    timeoutMs?: number,
  ): Promise<Extract<ChatServerFrame, { type: T }>>;
  /** Messages received for a room, in arrival order. */
  messages(roomId: string): Extract<ChatServerFrame, { type: 'message' }>['message'][];
  /** Settles when the socket has closed, with the close code and reason the server gave. */
  closed: Promise<{ code: number; reason: string }>;
  /** Settles once the server has sent `count` more heartbeat pings (each answered, as a live client does). */
  pings(count: number): Promise<void>;
  readonly isOpen: boolean;
  close(): Promise<void>;
}

export function connectChat(
  baseUrl: string,
  token: string | null,
  headers: Record<string, string> = {},
): Promise<ChatClient> {
  const url = `${baseUrl.replace(/^http/, 'ws')}${API_BASE}/ws${token ? `?token=${encodeURIComponent(token)}` : ''}`;
  const socket = new WebSocket(url, { headers });
  const frames: ChatServerFrame[] = [];
  const waiters: (() => void)[] = [];
  socket.on('message', (data) => {
    frames.push(JSON.parse(data.toString()) as ChatServerFrame);
    for (const wake of waiters.splice(0)) wake();
  });
  let seen = 0;
  const closed = new Promise<{ code: number; reason: string }>((resolve) => {
    socket.once('close', (code, reason) => resolve({ code, reason: reason.toString() }));
  });
  const client: ChatClient = {
    closed,
    pings: (count) =>
      new Promise((resolve) => {
        let left = count;
        const onPing = () => {
          if (--left > 0) return;
          socket.off('ping', onPing);
          resolve();
        };
        socket.on('ping', onPing);
      }),
    get isOpen() {
      return socket.readyState === WebSocket.OPEN;
    },
    frames,
    send: (frame) => socket.send(JSON.stringify(frame)),
    sendRaw: (data) => socket.send(data),
    next(type, match = () => true, timeoutMs = 25_000) {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`no ${type} frame; got ${JSON.stringify(frames.slice(-5))}`)),
          timeoutMs,
        );
        const look = () => {
          for (; seen < frames.length; seen++) {
            const frame = frames[seen]!;
            if (frame.type === type && match(frame as never)) {
              seen++;
              clearTimeout(timer);
              resolve(frame as never);
              return;
            }
          }
          waiters.push(look);
        };
        look();
      });
    },
    messages: (roomId) =>
      frames.flatMap((frame) => (frame.type === 'message' && frame.message.roomId === roomId ? [frame.message] : [])),
    close: () =>
      new Promise((resolve) => {
        if (socket.readyState === WebSocket.CLOSED) return resolve();
        socket.once('close', () => resolve());
        socket.close();
      }),
  };
  return new Promise((resolve, reject) => {
    socket.once('open', () => resolve(client));
    socket.once('unexpected-response', (_request, response) =>
      reject(new Error(`upgrade refused: ${response.statusCode}`)),
    );
    socket.once('error', reject);
  });
}

export async function createRoom(t: Pick<ApiClient, 'call'>, token: string, body: Record<string, unknown> = {}) {
  const result = await t.call<{ id: string; inviteToken: string | null; lastSeq: number }>(
    'POST',
    '/chat/room/create',
    {
      token,
      body: { name: 'Builders', ...body },
    },
  );
  if (result.status !== 200) throw new Error(`create room: ${result.msg}`);
  return result.attachment;
}

export async function joinRoom(t: Pick<ApiClient, 'call'>, token: string, roomId: string) {
  const result = await t.call('POST', '/chat/room/join', { token, body: { roomId } });
  if (result.status !== 200) throw new Error(`join room: ${result.msg}`);
}
