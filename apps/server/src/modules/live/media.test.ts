import { afterAll, describe, expect, it } from 'vitest';
import { EmbeddedMedia } from './embedded-media.ts';
import { MediaOfferError, parseIceServers } from './media.ts';
import { broadcaster, viewer } from './werift-peers.ts';

const LOOPBACK = ['127.0.0.1'];
const media = new EmbeddedMedia({ iceServers: [], hostAddresses: LOOPBACK });
afterAll(() => media.stop());

const until = async (check: () => boolean, ms = 10_000) => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

describe('embedded SFU (werift)', () => {
  it('forwards a broadcaster’s packets to two viewers, pauses, and closes everyone when the stage ends', async () => {
    const sender = await broadcaster((sdp) => media.publish(1, sdp), LOOPBACK);
    sender.start(20);
    const first = await viewer((sdp) => media.watch(1, sdp), LOOPBACK);
    const second = await viewer((sdp) => media.watch(1, sdp), LOOPBACK);
    expect(media.viewers(1)).toBe(2);
    await Promise.all([first.firstPacket, second.firstPacket]);
    await until(() => media.broadcasting(1));
    const before = second.received;
    await until(() => second.received > before + 10);

    // Paused, what the broadcaster sends reaches nobody. The broadcaster numbers its packets, so this waits for
    // packets to be sent, not for time: those numbered after the pause, up to a few before the resume (the last
    // may still be on their way when it comes), never reach the viewer, and the ones after the resume do.
    await media.setPaused(1, true);
    const pausedAt = sender.sent;
    await until(() => sender.sent >= pausedAt + 15);
    await media.setPaused(1, false);
    await until(() => first.numbers.some((n) => n > pausedAt + 15));
    expect(first.numbers.filter((n) => n > pausedAt + 1 && n <= pausedAt + 10)).toEqual([]);

    // Another stage sees nothing of this one, while this one's viewer gets twenty more packets.
    const elsewhere = await viewer((sdp) => media.watch(2, sdp), LOOPBACK);
    const seen = first.received;
    await until(() => first.received >= seen + 20);
    expect(elsewhere.received).toBe(0);
    expect(media.stageOf(elsewhere.sessionId)).toBe(2);
    await media.close(elsewhere.sessionId);
    expect(media.stageOf(elsewhere.sessionId)).toBeUndefined();

    await media.endStage(1);
    expect(media.viewers(1)).toBe(0);
    expect(media.broadcasting(1)).toBe(false);
    await Promise.all([sender.stop(), first.close(), second.close(), elsewhere.close()]);
  }, 30_000);

  it('refuses an offer that is not SDP and leaves no session behind', async () => {
    await expect(media.watch(3, 'v=0\r\nnot really')).rejects.toThrow(MediaOfferError);
    await expect(media.publish(3, 'v=0\r\n')).rejects.toThrow(MediaOfferError);
    expect(media.viewers(3)).toBe(0);
  });
});

describe('ICE_SERVERS', () => {
  it('is empty when unset and parses STUN and TURN entries', () => {
    expect(parseIceServers(undefined)).toEqual([]);
    expect(parseIceServers('')).toEqual([]);
    expect(
      parseIceServers(
        '[{"urls":"stun:stun.internal:3478"},{"urls":["turn:t.internal:3478"],"username":"u","credential":"p"}]',
      ),
    ).toEqual([
      { urls: ['stun:stun.internal:3478'] },
      { urls: ['turn:t.internal:3478'], username: 'u', credential: 'p' },
    ]);
  });

  it('refuses what is not a list of ICE URLs', () => {
    expect(() => parseIceServers('{')).toThrow(/JSON/);
    expect(() => parseIceServers('{"urls":"stun:x"}')).toThrow(/array/);
    expect(() => parseIceServers('[{"urls":"http://x"}]')).toThrow(/urls/);
    expect(() => parseIceServers('[{"urls":"turn:x","username":1}]')).toThrow(/strings/);
  });
});
