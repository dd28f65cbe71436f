import type { NoticeUnread } from '@polaris/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { createRoom, joinRoom } from '../chat/chat-fixtures.ts';

// A chat room's "Mute notifications" switch: its state read back (GET /notice/mute) after each change, for members
// only, and a muted room's messages leave the Community tab's unread count.

let t: TestApp;
let owner: { token: string };
let ann: { token: string };
let eve: { token: string };

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.register('mute-owner@example.com');
  ann = await t.register('mute-ann@example.com');
  eve = await t.register('mute-eve@example.com');
});
afterAll(() => t.close());

const muted = async (token: string, roomId: string) =>
  t.call<{ roomId: string; muted: boolean }>('GET', '/notice/mute', { token, query: { roomId } });
const chatUnread = async (token: string) =>
  (await t.call<NoticeUnread>('GET', '/notice/unread', { token })).attachment.chatMessages;

describe('room mute', () => {
  it('reads back what was set, counts no unread messages of a muted room, and answers members only', async () => {
    const room = await createRoom(t, owner.token, { name: 'Mute me' });
    await joinRoom(t, ann.token, room.id);
    expect((await muted(ann.token, room.id)).attachment).toEqual({ roomId: room.id, muted: false });

    const send = await t.call('POST', '/chat/message/send', {
      token: owner.token,
      body: { roomId: room.id, text: 'hello' },
    });
    expect(send.status).toBe(200);
    const before = await chatUnread(ann.token);
    expect(before).toBeGreaterThan(0);

    const set = await t.call('POST', '/notice/mute', { token: ann.token, body: { roomId: room.id, muted: true } });
    expect(set.attachment).toEqual({ roomId: room.id, muted: true });
    expect((await muted(ann.token, room.id)).attachment).toEqual({ roomId: room.id, muted: true });
    expect(await chatUnread(ann.token)).toBe(0);

    await t.call('POST', '/notice/mute', { token: ann.token, body: { roomId: room.id, muted: false } });
    expect((await muted(ann.token, room.id)).attachment.muted).toBe(false);
    expect(await chatUnread(ann.token)).toBe(before);

    const outsider = await muted(eve.token, room.id);
    expect(outsider.status).not.toBe(200);
    expect(outsider.http).toBeLessThan(500);
    expect((await muted(ann.token, 'x1')).status).toBe(400);
  });
});
