import { hashLoginPassword, type LiveAnswer, type LiveStage } from '@polaris/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../scripts/janus-config.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { uploadTestImage } from '../../test/images.ts';
import { broadcaster, viewer } from './werift-peers.ts';

let t: TestApp;
let owner: string;
let other: string;

const LOOPBACK = ['127.0.0.1'];

beforeAll(async () => {
  t = await createTestApp({
    env: {
      LIVE_HOST_ADDRESSES: '127.0.0.1',
      ICE_SERVERS: '[{"urls":["turn:turn.internal:3478"],"username":"u","credential":"p"}]',
    },
  });
  owner = (await t.register('broadcaster@example.com')).token;
  other = (await t.register('viewer@example.com')).token;
});
afterAll(() => t.close());

const stageCall = (path: string, token: string | undefined, body: Record<string, unknown>) =>
  t.call<LiveStage>('POST', path, { token, body });

describe('live stages', () => {
  it('goes scheduled → live → paused → live → ended, by its owner only', async () => {
    const created = await stageCall('/live/stage/create', owner, { title: 'Friday AMA', audience: 'link' });
    expect(created.attachment).toMatchObject({
      title: 'Friday AMA',
      status: 'scheduled',
      audience: 'link',
      roomId: null,
      viewers: 0,
      broadcasting: false,
      can: { manage: true, start: true, pause: false, end: true, broadcast: false, watch: false },
      startedAt: null,
      watchOffer: 'viewer',
      iceServers: [{ urls: ['turn:turn.internal:3478'], username: 'u', credential: 'p' }],
    });
    const id = created.attachment.id;

    for (const move of ['start', 'pause', 'end']) {
      const refused = await stageCall(`/live/stage/${move}`, other, { id });
      expect([refused.status, refused.msg]).toEqual([403, 'Only the broadcaster can do this']);
    }
    expect((await stageCall('/live/stage/start', undefined, { id })).status).toBe(401);
    expect((await stageCall('/live/stage/pause', owner, { id })).status).toBe(409);

    const started = await stageCall('/live/stage/start', owner, { id });
    expect(started.attachment).toMatchObject({ status: 'live' });
    expect(started.attachment.startedAt).not.toBeNull();
    expect((await stageCall('/live/stage/pause', owner, { id })).attachment.status).toBe('paused');
    const resumed = await stageCall('/live/stage/start', owner, { id });
    // Resuming keeps the time the stage first went live.
    expect(resumed.attachment).toMatchObject({ status: 'live', startedAt: started.attachment.startedAt });
    const ended = await stageCall('/live/stage/end', owner, { id });
    expect(ended.attachment).toMatchObject({ status: 'ended' });
    expect(ended.attachment.endedAt).not.toBeNull();
    const again = await stageCall('/live/stage/start', owner, { id });
    expect([again.status, again.msg]).toEqual([409, 'This live stage has ended']);

    const seen = await t.call<LiveStage>('GET', '/live/stage/detail', { query: { id } });
    expect(seen.attachment).toMatchObject({
      status: 'ended',
      can: { manage: false, watch: false },
      owner: { name: null },
    });
    expect((await t.call('GET', '/live/stage/detail', { query: { id: '999999' } })).status).toBe(404);
  });

  it('holds a waiting viewer until the stage moves, and answers at once when it has already moved', async () => {
    const { id } = (await stageCall('/live/stage/create', owner, { title: 'Doors open', audience: 'link' })).attachment;
    let settled = false;
    const waiting = t.call<LiveStage>('GET', '/live/stage/wait', { query: { id, status: 'scheduled' } }).then((r) => {
      settled = true;
      return r;
    });
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(settled).toBe(false);
    const started = Date.now();
    await stageCall('/live/stage/start', owner, { id });
    const woken = await waiting;
    expect(woken.attachment).toMatchObject({ id, status: 'live' });
    expect(Date.now() - started).toBeLessThan(1000);

    // A viewer showing an older status than the stage's is answered without waiting.
    const stale = await t.call<LiveStage>('GET', '/live/stage/wait', { query: { id, status: 'scheduled' } });
    expect(stale.attachment.status).toBe('live');
    const bad = await t.call('GET', '/live/stage/wait', { query: { id, status: 'open' } });
    expect(bad.status).toBe(400);
    await stageCall('/live/stage/end', owner, { id });
  });

  it('refuses bad input', async () => {
    const empty = await stageCall('/live/stage/create', owner, { title: '', audience: 'everyone' });
    expect(empty.status).toBe(400);
    const { attachment } = await stageCall('/live/stage/create', owner, { title: 'Bad offers' });
    await stageCall('/live/stage/start', owner, { id: attachment.id });
    const notSdp = await t.call('POST', '/live/stage/watch', { body: { id: attachment.id, sdp: 'hello' } });
    expect(notSdp.status).toBe(400);
    const broken = await t.call('POST', '/live/stage/watch', { body: { id: attachment.id, sdp: 'v=0\r\nm=nonsense' } });
    expect([broken.status, broken.msg]).toEqual([400, 'The live video could not be connected, please try again']);
    // The embedded SFU answers viewers' offers (WHEP): a watch without one, or an answer to nothing, is refused.
    const noOffer = await t.call('POST', '/live/stage/watch', { body: { id: attachment.id } });
    expect(noOffer.status).toBe(400);
    const unknown = await t.call('POST', '/live/session/close', { body: { sessionId: 'no-such-session' } });
    expect(unknown.status).toBe(404);
    const stray = await t.call('POST', '/live/stage/watch/answer', {
      body: { sessionId: 'no-such-session', sdp: 'v=0' },
    });
    expect(stray.status).toBe(404);
  });

  it('connects a broadcaster and two viewers through the API, counts viewers, and ends their media', async () => {
    const { attachment: stage } = await stageCall('/live/stage/create', owner, {
      title: 'On air',
      audience: 'members',
    });
    const signal = (path: string, token?: string) => async (sdp: string) => {
      const answer = await t.call<LiveAnswer>('POST', path, { token, body: { id: stage.id, sdp } });
      if (answer.status !== 200) throw new Error(`${answer.status} ${answer.msg}`);
      return answer.attachment;
    };
    // Not started: nobody connects; members only: a visitor must sign in.
    await expect(broadcaster(signal('/live/stage/publish', owner), LOOPBACK)).rejects.toThrow(/409/);
    await stageCall('/live/stage/start', owner, { id: stage.id });
    await expect(broadcaster(signal('/live/stage/publish', other), LOOPBACK)).rejects.toThrow(/403/);
    await expect(viewer(signal('/live/stage/watch'), LOOPBACK)).rejects.toThrow(/401/);

    const sender = await broadcaster(signal('/live/stage/publish', owner), LOOPBACK);
    sender.start(20);
    const first = await viewer(signal('/live/stage/watch', other), LOOPBACK);
    const second = await viewer(signal('/live/stage/watch', owner), LOOPBACK);
    await Promise.all([first.firstPacket, second.firstPacket]);
    const detail = await t.call<LiveStage>('GET', '/live/stage/detail', { token: other, query: { id: stage.id } });
    expect(detail.attachment).toMatchObject({ viewers: 2, broadcasting: true, can: { manage: false, watch: true } });

    const closed = await t.call('POST', '/live/session/close', { body: { sessionId: second.sessionId } });
    expect(closed.status).toBe(200);
    expect((await t.call<LiveStage>('GET', '/live/stage/detail', { query: { id: stage.id } })).attachment.viewers).toBe(
      1,
    );

    await stageCall('/live/stage/end', owner, { id: stage.id });
    const after = await t.call<LiveStage>('GET', '/live/stage/detail', { query: { id: stage.id } });
    expect(after.attachment).toMatchObject({ status: 'ended', viewers: 0, broadcasting: false });
    await expect(viewer(signal('/live/stage/watch', other), LOOPBACK)).rejects.toThrow(/409/);
    await Promise.all([sender.stop(), first.close(), second.close()]);
  }, 30_000);

  it("ends a broadcaster's and a viewer's media when their session ends, and no one else's", async () => {
    const { attachment: stage } = await stageCall('/live/stage/create', owner, {
      title: 'Signed out',
      audience: 'link',
    });
    await stageCall('/live/stage/start', owner, { id: stage.id });
    const login = async (email: string) =>
      (
        await t.call<{ token: string }>('POST', '/user/login', {
          body: { email, password: hashLoginPassword('abc12345') },
        })
      ).attachment.token;
    // The broadcaster publishes from a second device, and a viewer watches from one; both devices sign out.
    const ownerDevice = await login('broadcaster@example.com');
    const viewerDevice = await login('viewer@example.com');
    const signal = (path: string, token: string) => async (sdp: string) => {
      const answer = await t.call<LiveAnswer>('POST', path, { token, body: { id: stage.id, sdp } });
      if (answer.status !== 200) throw new Error(`${answer.status} ${answer.msg}`);
      return answer.attachment;
    };
    const sender = await broadcaster(signal('/live/stage/publish', ownerDevice), LOOPBACK);
    sender.start(20);
    const leaving = await viewer(signal('/live/stage/watch', viewerDevice), LOOPBACK);
    const staying = await viewer(signal('/live/stage/watch', other), LOOPBACK);
    await Promise.all([leaving.firstPacket, staying.firstPacket]);
    const detail = async () =>
      (await t.call<LiveStage>('GET', '/live/stage/detail', { query: { id: stage.id } })).attachment;
    expect(await detail()).toMatchObject({ viewers: 2, broadcasting: true });
    // With Redis the announcement arrives a moment after the logout answers: within a second.
    const within = async (expected: Partial<LiveStage>) => {
      const deadline = Date.now() + 1000;
      while (Date.now() < deadline && !Object.entries(expected).every(([k, v]) => (latest as never)[k] === v)) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        latest = await detail();
      }
      expect(latest).toMatchObject(expected);
    };
    let latest = await detail();

    expect((await t.call('POST', '/user/logout', { token: viewerDevice })).status).toBe(200);
    await within({ viewers: 1, broadcasting: true });
    const closeSession = (sessionId: string) => t.call('POST', '/live/session/close', { body: { sessionId } });
    expect((await closeSession(leaving.sessionId)).status).toBe(404);

    expect((await t.call('POST', '/user/logout', { token: ownerDevice })).status).toBe(200);
    await within({ broadcasting: false });
    expect((await closeSession(sender.sessionId)).status).toBe(404);
    // The same viewer's other session still watches.
    expect((await closeSession(staying.sessionId)).status).toBe(200);
    await stageCall('/live/stage/end', owner, { id: stage.id });
    await Promise.all([sender.stop(), leaving.close(), staying.close()]);
  }, 30_000);

  it("goes live in a room by its admins only, lists it as the room's stage on air, and shows a members' stage to members only", async () => {
    const outsider = (await t.register('outsider@example.com')).token;
    const created = await t.call<{ id: string }>('POST', '/chat/room/create', {
      token: owner,
      body: { name: 'Stage room', joinPolicy: 'public' },
    });
    const roomId = created.attachment!.id;
    await t.call('POST', '/chat/room/join', { token: other, body: { roomId } });

    const refused = await stageCall('/live/stage/create', other, { title: 'Not mine', audience: 'link', roomId });
    expect(refused.status).toBe(403);
    const stage = await stageCall('/live/stage/create', owner, { title: 'Members AMA', audience: 'members', roomId });
    expect(stage.status).toBe(200);
    const id = stage.attachment!.id;
    const room = async () =>
      (await t.call<{ liveStageId: string | null }>('GET', '/chat/room', { token: other, query: { roomId } }))
        .attachment!;
    expect((await room()).liveStageId).toBeNull();
    await stageCall('/live/stage/start', owner, { id });
    expect((await room()).liveStageId).toBe(id);

    // Past the room check, an offer that is no SDP the SFU can use fails as media; before it, as a permission.
    const offer = 'v=0\r\no=- 0 0 IN IP4 127.0.0.1\r\ns=-\r\nt=0 0\r\n';
    expect((await stageCall('/live/stage/watch', outsider, { id, sdp: offer })).status).toBe(403);
    expect((await stageCall('/live/stage/watch', undefined, { id, sdp: offer })).status).toBe(401);
    expect((await stageCall('/live/stage/watch', other, { id, sdp: offer })).status).toBe(400);

    // Members-only stages stay out of the public list; a link stage is in it, and in its broadcaster's list.
    const foreignCover = await uploadTestImage(t, other);
    const stolen = await stageCall('/live/stage/create', owner, { title: 'Open AMA', coverImageId: foreignCover });
    expect([stolen.status, stolen.attachment]).toEqual([400, [{ field: 'coverImageId', message: expect.any(String) }]]);
    const coverImageId = await uploadTestImage(t, owner);
    const open = await stageCall('/live/stage/create', owner, { title: 'Open AMA', audience: 'link', coverImageId });
    expect(open.attachment!.cover).toMatchObject({ id: coverImageId, sizes: [{ width: 320 }, { width: 400 }] });
    await stageCall('/live/stage/start', owner, { id: open.attachment!.id });
    const list = await t.call<{ items: LiveStage[] }>('GET', '/live/stages', {});
    const ids = list.attachment!.items.map((item) => item.id);
    expect(ids).toContain(open.attachment!.id);
    expect(list.attachment!.items.find((item) => item.id === open.attachment!.id)!.cover!.id).toBe(coverImageId);
    expect(ids).not.toContain(id);
    const uid = open.attachment!.owner.uid;
    const mine = await t.call<{ items: LiveStage[] }>('GET', '/live/stages', { query: { ownerUid: String(uid) } });
    expect(mine.attachment!.items.every((item) => item.owner.uid === uid)).toBe(true);
    await stageCall('/live/stage/end', owner, { id });
    await stageCall('/live/stage/end', owner, { id: open.attachment!.id });
    expect((await room()).liveStageId).toBeNull();
  });
});

describe('live stages on a Janus that is down', () => {
  it('answers 503 with a message to try again, and the stage still moves', async () => {
    const down = await createTestApp({ env: { JANUS_URL: `http://127.0.0.1:${await freePort()}/janus` } });
    let closed = false;
    try {
      const host = (await down.register('janus-down@example.com')).token;
      const { attachment: stage } = await down.call<LiveStage>('POST', '/live/stage/create', {
        token: host,
        body: { title: 'Janus is down' },
      });
      expect(stage.watchOffer).toBe('server');
      expect((await down.call('POST', '/live/stage/start', { token: host, body: { id: stage.id } })).status).toBe(200);
      const sdp = 'v=0\r\no=- 1 1 IN IP4 127.0.0.1\r\ns=-\r\nt=0 0\r\n';
      for (const [path, body] of [
        ['/live/stage/publish', { id: stage.id, sdp }],
        ['/live/stage/watch', { id: stage.id }],
      ] as const) {
        const refused = await down.call('POST', path, { token: host, body });
        expect([refused.http, refused.status, refused.msg]).toEqual([
          503,
          503,
          'Live video is not available right now, please try again in a moment',
        ]);
      }
      expect((await down.call('POST', '/live/stage/pause', { token: host, body: { id: stage.id } })).status).toBe(200);
      expect((await down.call('POST', '/live/stage/end', { token: host, body: { id: stage.id } })).status).toBe(200);

      // A viewer's held wait does not hold up the server's shutdown: it is answered as the server closes.
      const { attachment: next } = await down.call<LiveStage>('POST', '/live/stage/create', {
        token: host,
        body: { title: 'Later' },
      });
      const held = down.call<LiveStage>('GET', '/live/stage/wait', { query: { id: next.id, status: 'scheduled' } });
      await new Promise((resolve) => setTimeout(resolve, 200));
      const closing = Date.now();
      closed = true;
      await down.close();
      expect(Date.now() - closing).toBeLessThan(5000);
      expect((await held).attachment.status).toBe('scheduled');
    } finally {
      if (!closed) await down.close();
    }
  });
});
