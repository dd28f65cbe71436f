// Live video on loopback: how long from "go live" to the first packet on a viewer who is already waiting, how long
// a new viewer waits for their first packet, and how many viewers one stage serves before packets drop or arrive
// late.   npm run bench:live [-- --steps 10,50,100,200 --seconds 5 --pps 100 --janus --only janus --event-loops 2]
//
// Without --janus: the embedded SFU (werift, in this process). With --janus: the embedded SFU and then a Janus
// VideoRoom (JANUS_URL, or a Janus started here as the tests start it), printed side by side.
//
// The broadcaster sends VP8-typed RTP packets at a video's rate (`--pps` packets of 1,100 bytes a second,
// about 0.9 Mbit/s); each carries its send time, so a viewer measures the delay. The viewers are werift peers in
// this same process, so with the embedded SFU it shares the CPU with its clients, and with Janus the viewers
// share the machine with Janus: both viewer counts are lower bounds.
import { EmbeddedMedia } from '../src/modules/live/embedded-media.ts';
import { JanusMedia } from '../src/modules/live/janus-media.ts';
import type { LiveMedia } from '../src/modules/live/media.ts';
import { broadcaster, type TestViewer, viewer } from '../src/modules/live/werift-peers.ts';
import { freePort, startJanus } from './janus-config.ts';
import { flags } from './operator.ts';

const withJanus = process.argv.includes('--janus');
const args = flags(process.argv.slice(2).filter((arg) => arg !== '--janus'));
/** `--only janus` skips the embedded SFU; `--event-loops N` gives the Janus started here static event loops. */
const only = args.only;
const STEPS = String(args.steps ?? '10,50,100,200,300,400,600')
  .split(',')
  .map(Number);
const SECONDS = Number(args.seconds ?? 5);
const PPS = Number(args.pps ?? 100);
const LOOPBACK = ['127.0.0.1'];
/**
 * The embedded SFU is told to offer loopback, so its peers meet it there. Janus never offers loopback, and a peer
 * that also offers 127.0.0.1 spends about a second on a pair that cannot work before the one that does.
 */
const clientHosts = (media: LiveMedia) => (media.watchOffer === 'viewer' ? LOOPBACK : []);
/** A step passes when viewers get this share of what was sent, and the p95 delay stays under this. */
const MAX_LOSS = 0.01;
const MAX_P95_MS = 200;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const fmt = (ms: number) => `${ms.toFixed(0)} ms`;

/** A viewer the way the adapter wants it: offering (embedded, WHEP) or answering the SFU's offer (Janus). */
const watch = (media: LiveMedia, stageId: number) =>
  media.watchOffer === 'viewer'
    ? viewer((sdp) => media.watch(stageId, sdp), clientHosts(media))
    : viewer({ watch: () => media.watch(stageId), answer: (id, sdp) => media.acceptAnswer(id, sdp) }, []);

async function goLiveToFirstPacket(media: LiveMedia, stageId: number) {
  const waiting = await watch(media, stageId);
  const t0 = performance.now();
  const sender = await broadcaster((sdp) => media.publish(stageId, sdp), clientHosts(media));
  sender.start(1000 / PPS);
  await waiting.firstPacket;
  const goLive = performance.now() - t0;
  const t1 = performance.now();
  const late = await watch(media, stageId);
  await late.firstPacket;
  const join = performance.now() - t1;
  await Promise.all([waiting.close(), late.close(), sender.stop()]);
  await media.endStage(stageId);
  return { goLive, join };
}

interface Step {
  viewers: number;
  worstShare: number;
  medianShare: number;
  p50: number;
  p95: number;
  passes: boolean;
}

async function capacity(media: LiveMedia, stageId: number, count: number): Promise<Step> {
  const sender = await broadcaster((sdp) => media.publish(stageId, sdp), clientHosts(media));
  sender.start(1000 / PPS);
  const viewers: TestViewer[] = [];
  for (let i = 0; i < count; i++) viewers.push(await watch(media, stageId));
  await Promise.race([Promise.all(viewers.map((v) => v.firstPacket)), sleep(20_000)]);
  await sleep(500);
  for (const v of viewers) v.delays.length = 0;
  const from = sender.sent + 1;
  await sleep(SECONDS * 1000);
  const to = sender.sent;
  await sleep(500); // the last packets of the window are still on their way
  // Each viewer's share of the packets the broadcaster numbered from..to.
  const shares = viewers
    .map((v) => new Set(v.numbers.filter((n) => n >= from && n <= to)).size / (to - from + 1))
    .sort((a, b) => a - b);
  const delays = viewers.flatMap((v) => v.delays).sort((a, b) => a - b);
  await Promise.all([...viewers.map((v) => v.close()), sender.stop()]);
  await media.endStage(stageId);
  const row = {
    viewers: count,
    worstShare: shares[0] ?? 0,
    medianShare: percentile(shares, 50),
    p50: percentile(delays, 50),
    p95: percentile(delays, 95),
  };
  return { ...row, passes: row.worstShare >= 1 - MAX_LOSS && row.p95 <= MAX_P95_MS };
}

async function run(name: string, media: LiveMedia) {
  console.log(`\n== ${name}`);
  const first = await goLiveToFirstPacket(media, 1);
  console.log(`go live → first packet on a waiting viewer: ${fmt(first.goLive)}`);
  console.log(`a new viewer's offer → first packet: ${fmt(first.join)}`);
  console.log('viewers | worst viewer got | median viewer got | delay p50 | delay p95 | passes');
  const steps: Step[] = [];
  for (const [index, count] of STEPS.entries()) {
    const row = await capacity(media, 100 + index, count);
    steps.push(row);
    console.log(
      `${row.viewers} | ${(row.worstShare * 100).toFixed(1)}% | ${(row.medianShare * 100).toFixed(1)}% | ${fmt(row.p50)} | ${fmt(row.p95)} | ${row.passes ? 'yes' : 'no'}`,
    );
    if (!row.passes) break;
  }
  const served = steps.filter((step) => step.passes).at(-1)?.viewers ?? 0;
  console.log(`served without drops: ${served} viewers`);
  await media.stop();
  return { ...first, served };
}

console.log(
  `${PPS} packets/s of 1,100 bytes, ${SECONDS} s per step; a step passes with ≥ ${(1 - MAX_LOSS) * 100}% delivered to every viewer and p95 ≤ ${MAX_P95_MS} ms`,
);
const results: ({ name: string } & Awaited<ReturnType<typeof run>>)[] = [];
if (only !== 'janus') {
  const embedded = new EmbeddedMedia({ iceServers: [], hostAddresses: LOOPBACK });
  results.push({ name: 'embedded', ...(await run('embedded SFU (werift)', embedded)) });
}
if (withJanus || only === 'janus') {
  const eventLoops = args['event-loops'] ? Number(args['event-loops']) : undefined;
  const started = process.env.JANUS_URL ? undefined : await startJanus({ port: await freePort(), eventLoops });
  const url = process.env.JANUS_URL ?? started!.url;
  const janus = new JanusMedia({ url, iceServers: [] });
  results.push({ name: 'janus', ...(await run(`Janus VideoRoom at ${url}`, janus)) });
  await started?.stop();
}
if (results.length > 1) {
  console.log(`\n| | ${results.map((r) => r.name).join(' | ')} |`);
  console.log(`| --- |${results.map(() => ' ---: |').join('')}`);
  console.log(`| go live → first packet | ${results.map((r) => fmt(r.goLive)).join(' | ')} |`);
  console.log(`| new viewer → first packet | ${results.map((r) => fmt(r.join)).join(' | ')} |`);
  console.log(`| viewers served without drops | ${results.map((r) => r.served).join(' | ')} |`);
}
process.exit(0);
