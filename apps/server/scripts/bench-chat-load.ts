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
  /** Messages per second offered (the step's rate). */
  rate: number;
  expected: number;
  delivered: number;
  lost: number;
  duplicates: number;
  perSecond: number;
  p50: number;
  p95: number;
  p99: number;
  /** Whether the server fell behind: a frame lost, late (p99 over `lateMs`) or delivered/s under 90 % of offered. */
  saturated: boolean;
  /** When the step's first message was sent and when its last frame came (or the wait ended), epoch ms. */
  window: [number, number];
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

/** One step's receipts: the latency of each message id once per receiver, and the duplicates. */
interface Tally {
  step: number;
  expected: number;
  latencies: number[];
  seen: Set<number>[];
  duplicates: number;
  done: () => void;
}

/**
 * Each sender sends its share of `messages` on a fixed schedule (an open loop: a slow server does not slow the
 * senders down, so queueing shows up as latency). Every text is `bench <step> <id> <send time>`; each receiver
 * parses every frame as JSON (`textOf` finds the text) and records the latency of each id once; a frame of an
 * earlier step (a straggler) is parsed and ignored.
 */
export async function runSteps(
  senders: ((text: string) => void)[],
  receivers: WebSocket[],
  textOf: (frame: unknown) => string | null,
  steps: LoadOptions[],
  { lateMs, stopWhenSaturated }: { lateMs: number; stopWhenSaturated: boolean },
): Promise<LoadResult[]> {
  let tally: Tally | undefined;
  for (const [index, socket] of receivers.entries()) {
    socket.on('message', (data) => {
      const text = textOf(JSON.parse(data.toString()) as unknown);
      if (text === null || !text.startsWith('bench ') || !tally) return;
      const [, step, id, sentAt] = text.split(' ');
      if (Number(step) !== tally.step) return;
      const seen = tally.seen[index]!;
      if (seen.has(Number(id))) {
        tally.duplicates++;
        return;
      }
      seen.add(Number(id));
      tally.latencies.push(performance.now() - Number(sentAt));
      if (tally.latencies.length === tally.expected) tally.done();
    });
  }
  const results: LoadResult[] = [];
  for (const [step, options] of steps.entries()) {
    const all = new Promise<void>((resolve) => {
      tally = {
        step,
        expected: receivers.length * options.messages,
        latencies: [],
        seen: receivers.map(() => new Set()),
        duplicates: 0,
        done: resolve,
      };
    });
    const current = tally!;
    const interval = 1000 / options.rate;
    const started = performance.now();
    const startedAt = Date.now();
    for (let id = 0; id < options.messages; id++) {
      const wait = started + id * interval - performance.now();
      if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
      senders[id % senders.length]!(`bench ${step} ${id} ${performance.now()}`);
    }
    const lastSend = performance.now();
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([all, new Promise((resolve) => (timer = setTimeout(resolve, options.settleMs)))]);
    clearTimeout(timer);
    const { latencies, expected } = current;
    const finished = latencies.length === expected ? performance.now() : lastSend;
    latencies.sort((a, b) => a - b);
    const perSecond = latencies.length / ((finished - started) / 1000);
    const p99 = percentile(latencies, 99);
    const lost = expected - latencies.length;
    const saturated = lost > 0 || p99 > lateMs || perSecond < 0.9 * options.rate * receivers.length;
    results.push({
      rate: options.rate,
      expected,
      delivered: latencies.length,
      lost,
      duplicates: current.duplicates,
      perSecond,
      p50: percentile(latencies, 50),
      p95: percentile(latencies, 95),
      p99,
      saturated,
      window: [startedAt, startedAt + (finished - started)],
    });
    if (saturated && stopWhenSaturated) break;
    // A breath between steps, so the next one starts on an idle server.
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  tally = undefined;
  return results;
}

export interface LoadJob {
  /** Senders first, then receivers. */
  urls: string[];
  senders: number;
  roomId: string;
  /** Run one after the other on the same sockets. */
  steps: LoadOptions[];
  /** A p99 over this counts as late (saturated). */
  lateMs: number;
  /** Stop after the first saturated step (a ramp looking for the ceiling). */
  stopWhenSaturated: boolean;
}

const chatText = (frame: unknown) => {
  const f = frame as { type: string; message?: { text: string } };
  return f.type === 'message' ? f.message!.text : null;
};

/** Connects senders and receivers (receivers subscribe to the room), runs the steps, and closes them all. */
async function runJob(job: LoadJob): Promise<LoadResult[]> {
  const sockets = await openAll(job.urls);
  const senders = sockets.slice(0, job.senders);
  const receivers = sockets.slice(job.senders);
  await Promise.all(
    receivers.map((socket) =>
      request(socket, { type: 'subscribe', roomId: job.roomId }, (frame) => frame.type === 'subscribed'),
    ),
  );
  const results = await runSteps(
    senders.map((socket) => (text: string) => socket.send(JSON.stringify({ type: 'send', roomId: job.roomId, text }))),
    receivers,
    chatText,
    job.steps,
    job,
  );
  for (const socket of sockets) socket.terminate();
  return results;
}

/** Runs a job in a child process and returns its results, one per step run. */
export function runJobInProcess(job: LoadJob): Promise<LoadResult[]> {
  return runInChild(import.meta.url, job, 'load');
}

await serveChildJob(import.meta.url, runJob);
