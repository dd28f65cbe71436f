// @vitest-environment node
import { CHAT_CLOSE, type ChatMessage } from '@polaris/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { ChatSocket, type SocketLike } from './chat-socket.ts';
import { FakeChatServer } from './chat-socket-fixture.ts';

// The chat socket client against a real WebSocket server (chat-socket-fixture.ts) on loopback.

let server: FakeChatServer;
const clients: ChatSocket[] = [];

beforeEach(async () => {
  server = await FakeChatServer.start();
});
afterEach(async () => {
  for (const client of clients.splice(0)) client.reset();
  await server.close();
});

function client(uid = '1', options: Partial<ConstructorParameters<typeof ChatSocket>[0]> = {}) {
  const socket = new ChatSocket({
    url: () => `${server.url}?token=token-${uid}`,
    connect: (url) => new WebSocket(url) as unknown as SocketLike,
    backoffBaseMs: 20,
    backoffMaxMs: 80,
    heartbeatMs: 1000,
    deadAfterMs: 1000,
    lingerMs: 50,
    ...options,
  });
  clients.push(socket);
  return socket;
}

/** Watches a room and collects what it delivers. */
function collect(socket: ChatSocket, roomId: string, afterSeq?: number) {
  const seen: ChatMessage[] = [];
  const stop = socket.watch(roomId, { message: (message) => seen.push(message) }, afterSeq);
  return { seen, seqs: () => seen.map((message) => message.seq), stop };
}

async function until(check: () => boolean, what: string, ms = 3000) {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > ms) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

const subscribes = () => server.frames.filter((entry) => entry.frame.type === 'subscribe').map((entry) => entry.frame);
const storedTexts = (roomId: string) => server.stored(roomId).map((message) => message.text);

describe('chat socket: receiving', () => {
  it('resumes after a dropped connection from the last seq it holds, with no gap and no duplicate', async () => {
    for (const text of ['a', 'b', 'c']) server.post('7', '2', text);
    const socket = client();
    const room = collect(socket, '7', 1);
    await until(() => room.seqs().length === 2, 'the catch-up after seq 1');
    expect(room.seqs()).toEqual([2, 3]);

    server.cutAll();
    await until(() => socket.status !== 'open', 'the drop to be noticed');
    for (const text of ['d', 'e', 'f']) server.post('7', '2', text);
    await until(() => room.seqs().length === 5, 'the resume');
    server.post('7', '2', 'g');
    await until(() => room.seqs().length === 6, 'a live message after the resume');

    expect(room.seqs()).toEqual([2, 3, 4, 5, 6, 7]);
    expect(subscribes()).toEqual([
      { type: 'subscribe', roomId: '7', afterSeq: 1 },
      { type: 'subscribe', roomId: '7', afterSeq: 3 },
    ]);
  });

  it('drops a repeated seq, and asks again from what it holds when a seq is skipped', async () => {
    server.post('7', '2', 'one');
    const socket = client();
    const room = collect(socket, '7', 0);
    await until(() => room.seqs().length === 1, 'the first message');

    server.inject({ type: 'message', message: { ...server.stored('7')[0]!, text: 'again' } });
    // Seq 3 while only 1 is held: stored by the server (so the catch-up finds it) but sent out of turn.
    server.stored('7').push({ ...server.stored('7')[0]!, seq: 2, text: 'two' });
    server.stored('7').push({ ...server.stored('7')[0]!, seq: 3, text: 'three' });
    server.inject({ type: 'message', message: server.stored('7')[2]! });
    await until(() => room.seqs().length === 3, 'the refill');

    expect(room.seen.map((message) => message.text)).toEqual(['one', 'two', 'three']);
    expect(subscribes().at(-1)).toEqual({ type: 'subscribe', roomId: '7', afterSeq: 1 });
  });

  it('watching from now starts at the room’s newest seq and resumes from there', async () => {
    server.post('7', '2', 'old');
    const socket = client();
    const room = collect(socket, '7');
    await until(() => socket.lastSeq('7') === 1, 'the subscription');
    server.cutAll();
    await until(() => socket.status !== 'open', 'the drop');
    server.post('7', '2', 'while away');
    await until(() => room.seqs().length === 1, 'the resume');
    expect(room.seen.map((message) => message.text)).toEqual(['while away']);
  });

  it('tells the watcher when the server will not subscribe it', async () => {
    const socket = client();
    const refusals: number[] = [];
    socket.watch('forbidden', { refused: (code) => refusals.push(code) }, 0);
    await until(() => refusals.length === 1, 'the refusal');
    expect(refusals).toEqual([403]);
  });
});

describe('chat socket: sending', () => {
  it('matches acks to their messages by client id and drops each entry once its message is in the room', async () => {
    const socket = client();
    const room = collect(socket, '7', 0);
    await until(() => socket.status === 'open', 'the connection');
    const first = socket.send('7', { text: 'first' });
    const second = socket.send('7', { text: 'second' });
    await until(() => room.seqs().length === 2 && socket.outbox.size === 0, 'both stored and delivered');
    expect(first).not.toBe(second);
    expect(storedTexts('7')).toEqual(['first', 'second']);
    const sends = server.frames.filter((entry) => entry.frame.type === 'send').map((entry) => entry.frame);
    expect(sends).toEqual([
      { type: 'send', roomId: '7', text: 'first', clientId: first },
      { type: 'send', roomId: '7', text: 'second', clientId: second },
    ]);
  });

  it('takes a send the server holds for an admin out of the outbox and hands it to the room’s watchers', async () => {
    const socket = client();
    const held: string[] = [];
    const messages: number[] = [];
    socket.watch('7', { held: (item) => held.push(item.text), message: (m) => messages.push(m.seq) }, 0);
    await until(() => socket.status === 'open', 'the connection');
    server.switches.holdText = 'see example.com';
    socket.send('7', { text: 'see example.com' });
    await until(() => held.length === 1, 'the held frame');
    expect(held).toEqual(['see example.com']);
    expect(socket.outbox.size).toBe(0);
    expect(storedTexts('7')).toEqual([]);
    expect(messages).toEqual([]);
  });

  it('keeps what is typed while the server is unreachable as not sent, and sends it once when it is back', async () => {
    const socket = client();
    const room = collect(socket, '7', 0);
    await until(() => socket.status === 'open', 'the connection');
    server.switches.refuse = true;
    server.cutAll();
    await until(() => socket.status === 'waiting', 'the drop');

    const clientId = socket.send('7', { text: 'typed offline', replyTo: 1 });
    expect(socket.outbox.forRoom('7')).toMatchObject([{ clientId, status: 'queued' }]);
    // Two attempts turned away: the client kept trying, and what it holds is still not sent.
    const refused = server.connectionsRefused;
    await until(() => server.connectionsRefused >= refused + 2, 'two refused attempts');
    expect(socket.outbox.forRoom('7')).toMatchObject([{ clientId, status: 'queued' }]);
    expect(storedTexts('7')).toEqual([]);

    server.switches.refuse = false;
    await until(() => socket.outbox.size === 0 && room.seqs().length === 1, 'the send after reconnecting');
    expect(storedTexts('7')).toEqual(['typed offline']);
    expect(server.stored('7')[0]!.senderUid).toBe('1');
  });

  it('sends a message whose ack was lost again under the same client id, and the server keeps one copy', async () => {
    const socket = client();
    const room = collect(socket, '7', 0);
    await until(() => socket.status === 'open', 'the connection');
    server.switches.loseNextAck = true;
    const clientId = socket.send('7', { text: 'ok' });
    await until(() => socket.outbox.all()[0]?.status === 'queued', 'the send to be back in the queue');
    await until(() => socket.outbox.size === 0, 'the ack of the resend');
    expect(storedTexts('7')).toEqual(['ok']);
    expect(room.seqs()).toEqual([1]);
    const sends = server.frames.filter((entry) => entry.frame.type === 'send').map((entry) => entry.frame);
    expect(sends).toEqual([
      { type: 'send', roomId: '7', text: 'ok', clientId },
      { type: 'send', roomId: '7', text: 'ok', clientId },
    ]);
  });

  it('sends again a message the server never stored, and two identical messages stay two', async () => {
    const socket = client();
    collect(socket, '7', 0);
    await until(() => socket.status === 'open', 'the connection');
    socket.send('7', { text: 'ok' });
    await until(() => socket.outbox.size === 0, 'the first ok');
    server.switches.cutBeforeNextStore = true;
    socket.send('7', { text: 'ok' });
    await until(() => socket.outbox.size === 0, 'the second ok, sent again after the cut');
    expect(storedTexts('7')).toEqual(['ok', 'ok']);
  });

  it('shows a refused message with the server’s words, and sends it again only when asked', async () => {
    const socket = client();
    collect(socket, '7', 0);
    await until(() => socket.status === 'open', 'the connection');
    server.switches.refuseText = 'hello';
    const clientId = socket.send('7', { text: 'hello' });
    await until(() => socket.outbox.get(clientId)?.status === 'failed', 'the refusal');
    expect(socket.outbox.get(clientId)?.error).toBe('你已被禁言');

    server.cutAll();
    await until(() => socket.status === 'open' && server.openConnections === 1, 'the reconnect');
    // A message typed after the reconnect is sent once the room has caught up, which is when a queued one would
    // go too: the refused one was not sent with it.
    socket.send('7', { text: 'after' });
    await until(() => storedTexts('7').includes('after'), 'the next message');
    const hellos = server.frames.filter((entry) => entry.frame.type === 'send' && entry.frame.text === 'hello');
    expect(hellos).toHaveLength(1);
    expect(socket.outbox.get(clientId)?.status).toBe('failed');

    server.switches.refuseText = null;
    socket.retry(clientId);
    await until(() => socket.outbox.size === 0, 'the retry');
    expect(storedTexts('7')).toEqual(['after', 'hello']);
  });
});

describe('chat socket: refusals without a client id', () => {
  it('puts an unreadable-frame error on the send it answers', async () => {
    const socket = client();
    collect(socket, '7', 0);
    await until(() => socket.status === 'open', 'the connection');
    server.switches.unreadableText = 'too long for the server';
    const clientId = socket.send('7', { text: 'too long for the server' });
    await until(() => socket.outbox.get(clientId)?.status === 'failed', 'the refusal');
    expect(socket.outbox.get(clientId)?.error).toBe('文字太長');
    expect(storedTexts('7')).toEqual([]);
  });
});

describe('chat socket: connection', () => {
  it('declares a socket that stops answering dead and connects again by itself', async () => {
    const socket = client('1', { heartbeatMs: 40, deadAfterMs: 80 });
    collect(socket, '7', 0);
    await until(() => socket.status === 'open', 'the connection');
    server.switches.silent = true;
    await until(() => socket.status !== 'open', 'the silent socket to be declared dead');
    server.switches.silent = false;
    await until(() => socket.status === 'open' && server.connectionsMade >= 2, 'the new connection');
  });

  it('waits while the device is offline and connects at once when it is back', async () => {
    let online = false;
    const socket = client('1', { online: () => online });
    collect(socket, '7', 0);
    socket.send('7', { text: 'later' });
    // Offline, the link stops at "waiting" with nothing planned; every attempt asks the device first, so no timer
    // could connect it either: only `wake` (the online event) moves it.
    await until(() => socket.status === 'waiting', 'the wait for the network');
    expect(server.connectionsMade).toBe(0);
    online = true;
    socket.wake();
    await until(() => socket.outbox.size === 0, 'the send once online');
    expect(storedTexts('7')).toEqual(['later']);
  });

  it('stops on a session-ended close: no reconnect with the dead token, the app is told once, no toast', async () => {
    let token = 'token-1';
    let ended = 0;
    const socket = client('1', {
      url: () => `${server.url}?token=${token}`,
      sessionEnded: () => {
        ended += 1;
      },
    });
    const errors: string[] = [];
    socket.onError((message) => errors.push(message));
    collect(socket, '7', 0);
    await until(() => socket.status === 'open' && server.connectionsMade === 1, 'the connection');
    server.endSessions();
    await until(() => ended === 1, 'the app to be told');
    // Nothing planned, and no attempt when the network comes back: `wake` connects at once if it connects at all
    // (the status would read "connecting" on return), and any attempt refuses the ended session's URL first.
    expect(socket.status).toBe('idle');
    socket.wake();
    expect(socket.status).toBe('idle');
    expect(server.connectionsMade).toBe(1);
    expect(socket.status).toBe('idle');
    expect(ended).toBe(1);
    expect(errors).toEqual([]);
    // Signed in again: a new token connects as usual.
    token = 'token-2';
    socket.reset();
    collect(socket, '8', 0);
    await until(() => socket.status === 'open' && server.connectionsMade === 2, 'the new session');
  });

  it('after a too-many-sockets close, tries again at its slowest pace', async () => {
    const socket = client('1', { backoffBaseMs: 20, backoffMaxMs: 400, random: () => 0 });
    collect(socket, '7', 0);
    await until(() => socket.status === 'open' && server.connectionsMade === 1, 'the connection');
    const closedAt = Date.now();
    server.closeAll(CHAT_CLOSE.tooManySockets.code, CHAT_CLOSE.tooManySockets.reason);
    await until(() => socket.status === 'open' && server.connectionsMade === 2, 'the later attempt', 5000);
    // Half the maximum at least (the jitter is 0.5–1 of the step, random 0 here), not the base's 10 ms. A loaded
    // machine only makes the time longer, so this cannot fail for load.
    expect(Date.now() - closedAt).toBeGreaterThanOrEqual(200);
  });

  it('after a service-restart close (1012, a draining node), reconnects without the backoff and resumes from its seq', async () => {
    // A backoff step of a minute would wait 30 s at least (random 0), longer than this test may take: a reconnect at
    // all shows the restart close skipped the backoff, however loaded the machine.
    const socket = client('1', { backoffBaseMs: 60_000, backoffMaxMs: 60_000, random: () => 0 });
    for (const text of ['a', 'b']) server.post('7', '2', text);
    const room = collect(socket, '7', 0);
    await until(() => room.seqs().length === 2, 'the first messages');
    server.closeAll(CHAT_CLOSE.restart.code, CHAT_CLOSE.restart.reason);
    await until(() => socket.status === 'open' && server.connectionsMade === 2, 'the reconnect', 15_000);
    server.post('7', '2', 'c');
    await until(() => room.seqs().length === 3, 'the message after the restart');
    expect(room.seqs()).toEqual([1, 2, 3]);
    expect(subscribes().at(-1)).toMatchObject({ roomId: '7', afterSeq: 2 });
  }, 20_000);

  it('closes the socket a while after the last screen stops watching', async () => {
    const socket = client();
    const room = collect(socket, '7', 0);
    await until(() => socket.status === 'open', 'the connection');
    room.stop();
    await until(() => socket.status === 'idle' && server.openConnections === 0, 'the close');
  });
});
