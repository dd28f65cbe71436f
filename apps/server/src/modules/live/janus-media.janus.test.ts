import type { LiveAnswer, LiveStage, LiveWatch } from '@polaris/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, type RunningJanus, startJanus } from '../../../scripts/janus-config.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { JanusClient } from './janus-client.ts';
import { JanusMedia } from './janus-media.ts';
import { MediaOfferError, MediaUnavailableError } from './media.ts';
import { broadcaster, viewer } from './werift-peers.ts';

// A real Janus (Debian's `janus`), started here on free ports with the configuration of scripts/janus-config.ts.
// This file is listed only where Janus is installed (vitest.config.ts); CI installs it.

const ADMIN_SECRET = 'polaris-test';
let janus: RunningJanus;
let media: JanusMedia;

beforeAll(async () => {
  janus = await startJanus({ port: await freePort(), admin: { port: await freePort(), secret: ADMIN_SECRET } });
  media = new JanusMedia({ url: janus.url, iceServers: [] });
});
afterAll(async () => {
  await media?.stop();
  await janus?.stop();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const until = async (check: () => boolean, ms = 10_000) => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await sleep(20);
  }
};
const watching = (stageId: number) =>
  viewer({ watch: () => media.watch(stageId), answer: (id, sdp) => media.acceptAnswer(id, sdp) });

/** What Janus itself holds, through its Admin API: handles across every session. */
async function janusHandles(): Promise<number> {
  const admin = async (body: Record<string, unknown>) => {
    const payload = { ...body, transaction: String(Math.random()), admin_secret: ADMIN_SECRET };
    const response = await fetch(janus.adminUrl!, { method: 'POST', body: JSON.stringify(payload) });
    return (await response.json()) as { sessions?: number[]; handles?: number[] };
  };
  let count = 0;
  for (const session of (await admin({ janus: 'list_sessions' })).sessions ?? []) {
    count += ((await admin({ janus: 'list_handles', session_id: session })).handles ?? []).length;
  }
  return count;
}

/** A VideoRoom request on a handle of the test's own, beside the adapter's. */
async function janusRequest(body: Record<string, unknown>) {
  const client = new JanusClient({ url: janus.url });
  try {
    return (await client.message(await client.attach(), body)).data;
  } finally {
    await client.stop();
  }
}
const roomExists = async (room: number) => (await janusRequest({ request: 'exists', room })).exists === true;
/** The feed of the one real publisher in a room (the other is the dummy). */
async function feedOf(room: number): Promise<number> {
  const { participants } = await janusRequest({ request: 'listparticipants', room });
  return (participants as { id: number; dummy?: boolean }[]).find((entry) => !entry.dummy)!.id;
}

describe('Janus VideoRoom', () => {
  it('forwards a broadcaster’s packets to two viewers, pauses, and closes everyone when the stage ends', async () => {
    expect(media.watchOffer).toBe('server');
    // The first viewer is there before the broadcaster, as on a page opened early.
    const first = await watching(1);
    const sender = await broadcaster((sdp) => media.publish(1, sdp));
    sender.start(20);
    await first.firstPacket;
    await until(() => media.broadcasting(1));
    const second = await watching(1);
    await second.firstPacket;
    expect(media.viewers(1)).toBe(2);
    const before = second.received;
    await until(() => second.received > before + 10);

    // Paused, what the broadcaster sends reaches nobody: counted in the broadcaster's packet numbers, not in time
    // (those after the pause, up to a few before the resume, which may still be on their way, never arrive).
    await media.setPaused(1, true);
    const pausedAt = sender.sent;
    await until(() => sender.sent >= pausedAt + 15);
    await media.setPaused(1, false);
    await until(() => first.numbers.some((n) => n > pausedAt + 15));
    expect(first.numbers.filter((n) => n > pausedAt + 1 && n <= pausedAt + 10)).toEqual([]);

    // Another stage sees nothing of this one, while this one's viewer gets twenty more packets.
    const elsewhere = await watching(2);
    const seen = first.received;
    await until(() => first.received >= seen + 20);
    expect(elsewhere.received).toBe(0);
    expect(media.stageOf(elsewhere.sessionId)).toBe(2);
    await media.close(elsewhere.sessionId);
    expect(media.stageOf(elsewhere.sessionId)).toBeUndefined();
    expect(await roomExists(2)).toBe(false);

    await media.endStage(1);
    expect([media.viewers(1), media.broadcasting(1), media.stageOf(first.sessionId)]).toEqual([0, false, undefined]);
    expect(await roomExists(1)).toBe(false);
    // Only the adapter's own handle for room requests is left in Janus.
    expect(await janusHandles()).toBe(1);
    await Promise.all([sender.stop(), first.close(), second.close(), elsewhere.close()]);
  }, 30_000);

  it('keeps viewers through a broadcaster who publishes again (a reload) or leaves, not one whose connection dies', async () => {
    const seen = await watching(3);
    const old = await broadcaster((sdp) => media.publish(3, sdp));
    old.start(20);
    await seen.firstPacket;
    const renewed = await broadcaster((sdp) => media.publish(3, sdp));
    expect(media.stageOf(old.sessionId)).toBeUndefined();
    // The old broadcaster's session is closed in Janus: what arrives now comes from the new one.
    await old.stop();
    renewed.start(20);
    const count = seen.received;
    await until(() => seen.received > count + 10);

    await media.close(renewed.sessionId);
    expect([media.broadcasting(3), media.viewers(3)]).toEqual([false, 1]);
    const third = await broadcaster((sdp) => media.publish(3, sdp));
    third.start(20);
    const again = seen.received;
    await until(() => seen.received > again + 10);

    // A broadcaster whose connection Janus ends (here kicked; a lost network ends the same way once Janus's ICE
    // keepalives fail): Janus has dropped its viewers' streams, so they are closed too (their pages connect again).
    await janusRequest({ request: 'kick', room: 3, id: await feedOf(3) });
    await until(() => !media.broadcasting(3) && media.viewers(3) === 0);
    expect(media.stageOf(seen.sessionId)).toBeUndefined();
    await media.endStage(3);
    await Promise.all([renewed.stop(), third.stop(), seen.close()]);
  }, 30_000);

  it('refuses an offer or an answer that is not SDP and leaves no session behind, in Janus either', async () => {
    // Janus lets go of the previous test's kicked and closed handles on its own time: start once only the adapter's
    // own handle is left, as after any stage has ended.
    const deadline = Date.now() + 10_000;
    while ((await janusHandles()) !== 1 && Date.now() < deadline) await sleep(50);
    const handles = await janusHandles();
    expect(handles).toBe(1);
    await expect(media.publish(4, 'v=0\r\nnot really')).rejects.toThrow(MediaOfferError);
    const offered = await media.watch(4);
    expect(offered).toMatchObject({ type: 'offer', sdp: expect.stringMatching(/^v=0/) });
    await expect(media.acceptAnswer(offered.sessionId, 'v=0\r\nm=nonsense')).rejects.toThrow(MediaOfferError);
    expect([media.viewers(4), media.stageOf(offered.sessionId)]).toEqual([0, undefined]);
    await expect(media.acceptAnswer(offered.sessionId, 'v=0\r\n')).rejects.toThrow(MediaOfferError);
    expect(await roomExists(4)).toBe(false);
    expect(await janusHandles()).toBe(handles);
  });

  it('says Janus is unavailable when nothing answers at its address', async () => {
    const down = new JanusMedia({ url: `http://127.0.0.1:${await freePort()}/janus`, iceServers: [], timeoutMs: 2000 });
    await expect(down.watch(5)).rejects.toThrow(MediaUnavailableError);
    await expect(down.publish(5, 'v=0\r\n')).rejects.toThrow(MediaUnavailableError);
    await down.stop();
  });
});

describe('live routes on Janus', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { JANUS_URL: janus.url } });
  });
  afterAll(() => t?.close());

  it('connects a broadcaster and a viewer in two steps (Janus offers, the viewer answers)', async () => {
    const owner = (await t.register('janus-host@example.com')).token;
    const { attachment: stage } = await t.call<LiveStage>('POST', '/live/stage/create', {
      token: owner,
      body: { title: 'On Janus', audience: 'link' },
    });
    expect(stage.watchOffer).toBe('server');
    await t.call('POST', '/live/stage/start', { token: owner, body: { id: stage.id } });
    const sender = await broadcaster(async (sdp) => {
      const reply = await t.call<LiveAnswer>('POST', '/live/stage/publish', {
        token: owner,
        body: { id: stage.id, sdp },
      });
      return reply.attachment;
    });
    sender.start(20);
    const watcher = await viewer({
      watch: async () => {
        const reply = await t.call<LiveWatch>('POST', '/live/stage/watch', { body: { id: stage.id } });
        expect(reply.attachment.type).toBe('offer');
        return reply.attachment;
      },
      answer: async (sessionId, sdp) => {
        const reply = await t.call('POST', '/live/stage/watch/answer', { body: { sessionId, sdp } });
        expect(reply.status).toBe(200);
      },
    });
    await watcher.firstPacket;
    const detail = await t.call<LiveStage>('GET', '/live/stage/detail', { query: { id: stage.id } });
    expect(detail.attachment).toMatchObject({ viewers: 1, broadcasting: true });
    const twice = await t.call('POST', '/live/stage/watch/answer', {
      body: { sessionId: watcher.sessionId, sdp: 'v=0\r\n' },
    });
    expect(twice.status).toBe(400);
    const unknown = await t.call('POST', '/live/stage/watch/answer', { body: { sessionId: 'nope', sdp: 'v=0\r\n' } });
    expect(unknown.status).toBe(404);

    await t.call('POST', '/live/stage/end', { token: owner, body: { id: stage.id } });
    const after = await t.call<LiveStage>('GET', '/live/stage/detail', { query: { id: stage.id } });
    expect(after.attachment).toMatchObject({ status: 'ended', viewers: 0, broadcasting: false });
    await Promise.all([sender.stop(), watcher.close()]);
  }, 30_000);
});
