// The client side of `npm run bench:chat`: connecting many WebSockets, sending at a steady rate from several
// senders, and timing every delivery. It runs as a process of its own (`bench-chat.ts` starts it once per server
// measured), so the server's event loop is the server's alone, as in production, and the bare baseline and the
// chat server are measured by exactly the same code.
import WebSocket from 'ws';
import { runInChild, serveChildJob } from './child-job.ts';

export interface LoadOptions {
  /** Messages in all, spread over the senders. */
  messages: number;
  /** Messages per second from all senders together. */
  rate: number;
  /** How long to wait for stragglers after the last send before counting what is missing as lost. */
  settleMs: number;
}

export interface LoadResult {
  expected: number;
  delivered: number;
  lost: number;
  duplicates: number;
  perSecond: number;
  p50: number;
  p95: number;
  p99: number;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

function open(url: string): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url);
    socket.once('open', () => resolve(socket));
    socket.once('error', reject);
  });
}

/** Connects in batches so the accept queue is not the thing measured. */
export async function openAll(urls: string[]): Promise<WebSocket[]> {
  const sockets: WebSocket[] = [];
  for (let i = 0; i < urls.length; i += 100) sockets.push(...(await Promise.all(urls.slice(i, i + 100).map(open))));
  return sockets;
}

/** Sends one frame and resolves on the first answer `done` accepts (a subscription's confirmation). */
export function request(socket: WebSocket, frame: unknown, done: (frame: { type: string }) => boolean): Promise<void> {
  return new Promise((resolve) => {
    socket.on('message', function onFrame(data) {
      if (done(JSON.parse(data.toString()) as { type: string })) {
        socket.off('message', onFrame);
        resolve();
      }
    });
    socket.send(JSON.stringify(frame));
  });
}

/**
 * Each sender sends its share of `messages` on a fixed schedule (an open loop: a slow server does not slow the
 * senders down, so queueing shows up as latency). Every text is `bench <id> <send time>`; each receiver parses
 * every frame as JSON (`textOf` finds the text) and records the latency of each id once.
 */
export async function runLoad(
  senders: ((text: string) => void)[],
  receivers: WebSocket[],
  textOf: (frame: unknown) => string | null,
  options: LoadOptions,
): Promise<LoadResult> {
  const latencies: number[] = [];
  let duplicates = 0;
  const expected = receivers.length * options.messages;
  let resolveAll: () => void = () => {};
  const all = new Promise<void>((resolve) => {
    resolveAll = resolve;
  });
  for (const socket of receivers) {
    const seen = new Set<number>();
    socket.on('message', (data) => {
      const text = textOf(JSON.parse(data.toString()) as unknown);
      if (text === null || !text.startsWith('bench ')) return;
      const [, id, sentAt] = text.split(' ');
      if (seen.has(Number(id))) {
        duplicates++;
        return;
      }
      seen.add(Number(id));
      latencies.push(performance.now() - Number(sentAt));
      if (latencies.length === expected) resolveAll();
    });
  }
  const interval = 1000 / options.rate;
  const started = performance.now();
  const sending = (async () => {
    for (let id = 0; id < options.messages; id++) {
      const due = started + id * interval;
      const wait = due - performance.now();
      if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
      senders[id % senders.length]!(`bench ${id} ${performance.now()}`);
    }
  })();
  await sending;
  const lastSend = performance.now();
  await Promise.race([all, new Promise((resolve) => setTimeout(resolve, options.settleMs))]);
  const finished = latencies.length === expected ? performance.now() : lastSend;
  latencies.sort((a, b) => a - b);
  return {
    expected,
    delivered: latencies.length,
    lost: expected - latencies.length,
    duplicates,
    perSecond: latencies.length / ((finished - started) / 1000),
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
  };
}

export interface LoadJob {
  /** Senders first, then receivers. */
  urls: string[];
  senders: number;
  roomId: string;
  options: LoadOptions;
}

const chatText = (frame: unknown) => {
  const f = frame as { type: string; message?: { text: string } };
  return f.type === 'message' ? f.message!.text : null;
};

/** Connects senders and receivers (receivers subscribe to the room), runs the load, and closes them all. */
async function runJob(job: LoadJob): Promise<LoadResult> {
  const sockets = await openAll(job.urls);
  const senders = sockets.slice(0, job.senders);
  const receivers = sockets.slice(job.senders);
  await Promise.all(
    receivers.map((socket) =>
      request(socket, { type: 'subscribe', roomId: job.roomId }, (frame) => frame.type === 'subscribed'),
    ),
  );
  const result = await runLoad(
    senders.map((socket) => (text: string) => socket.send(JSON.stringify({ type: 'send', roomId: job.roomId, text }))),
    receivers,
    chatText,
    job.options,
  );
  for (const socket of sockets) socket.terminate();
  return result;
}

/** Runs a job in a child process and returns its result. */
export function runJobInProcess(job: LoadJob): Promise<LoadResult> {
  return runInChild(import.meta.url, job, 'load');
}

await serveChildJob(import.meta.url, runJob);
