import type { ChatServerFrame } from '@polaris/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { type ChatClient, connectChat } from '../chat/chat-fixtures.ts';
import type { NoticeEvent } from './events.ts';

/** Notices and "changed" reach every open chat socket of their user, in each socket's language. */

let t: TestApp;
let base: string;
type User = { token: string; id: number };
const clients: ChatClient[] = [];

async function user(email: string): Promise<User> {
  const { token } = await t.register(email);
  const session = await t.services.auth.sessionUser(token);
  return { token, id: session!.id };
}

/** A socket in a language, following its user's channel once it answered a ping. */
async function connect(who: User, locale: string) {
  const client = await connectChat(base, who.token, { locale });
  clients.push(client);
  client.send({ type: 'ping', id: 'ready' });
  await client.next('pong');
  return client;
}

const deposit = (key: string, userIds: number[]): NoticeEvent => ({
  kind: 'depositCredited',
  key,
  userIds,
  params: { amount: '5 USDT' },
  link: '/pages/wallet/index',
});

beforeAll(async () => {
  t = await createTestApp();
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await Promise.all(clients.map((client) => client.close()));
  await t.close();
});

describe('live notices', () => {
  it('sends a new notice with the unread counts to every socket of the user, each in its language', async () => {
    const pam = await user('live-pam@example.com');
    const quinn = await user('live-quinn@example.com');
    const english = await connect(pam, 'en_US');
    const chinese = await connect(pam, 'zh_TW');
    const other = await connect(quinn, 'en_US');

    await t.services.notifications.notify([deposit('depositCredited:live-1', [pam.id])]);
    const frame = await english.next('notice');
    expect(frame.notice).toMatchObject({
      kind: 'depositCredited',
      category: 'wallet',
      title: 'Deposit received',
      body: '5 USDT is now in your wallet.',
      link: '/pages/wallet/index',
      read: false,
    });
    expect(frame.unread).toMatchObject({ total: 1, chatMessages: 0 });
    expect(frame.unread.byCategory.wallet).toBe(1);
    const zh = await chinese.next('notice');
    expect(zh.notice.id).toBe(frame.notice.id);
    expect(zh.notice.title).toBe('充值已到帳');

    // Reading it tells every screen of the user which notice was read and the counts after.
    await t.call('POST', '/notice/read', { token: pam.token, body: { ids: [frame.notice.id] } });
    for (const socket of [english, chinese]) {
      const read = await socket.next('read');
      expect(read.ids).toEqual([frame.notice.id]);
      expect(read.unread.total).toBe(0);
    }

    // A module's "changed" reaches the user's sockets; nobody else's.
    await t.services.notifications.changed([pam.id], 'ticket', 'AB12CD');
    expect(await english.next('changed', (changed) => changed.topic === 'ticket')).toEqual({
      type: 'changed',
      topic: 'ticket',
      ref: 'AB12CD',
    });
    other.send({ type: 'ping', id: 'after' });
    await other.next('pong', (pong) => pong.id === 'after');
    expect(
      other.frames.filter((f: ChatServerFrame) => f.type === 'notice' || f.type === 'read' || f.type === 'changed'),
    ).toEqual([]);
  });

  it('sends no frame for a notice the user keeps out of the inbox', async () => {
    const rex = await user('live-rex@example.com');
    await t.call('POST', '/notice/preferences', {
      token: rex.token,
      body: { channels: [{ category: 'wallet', channel: 'inapp', enabled: false }] },
    });
    const socket = await connect(rex, 'en_US');
    await t.services.notifications.notify([deposit('depositCredited:live-2', [rex.id])]);
    await t.services.notifications.notify([
      { kind: 'passwordChanged', key: 'passwordChanged:live-3', userIds: [rex.id], params: {}, link: null },
    ]);
    // Frames of one user arrive in order: the security notice is the first.
    const first = await socket.next('notice');
    expect(first.notice.kind).toBe('passwordChanged');
    expect(first.unread.total).toBe(1);
  });

  it('stops following a user’s channel when their last socket closes', async () => {
    const hub = t.services.notifications.live;
    const sam = await user('live-sam@example.com');
    const before = hub.followedUsers;
    const first = await connect(sam, 'en_US');
    const second = await connect(sam, 'en_US');
    expect(hub.followedUsers).toBe(before + 1);
    await first.close();
    await t.services.notifications.changed([sam.id], 'wallet');
    await second.next('changed', (changed) => changed.topic === 'wallet');
    expect(first.frames.some((frame) => frame.type === 'changed')).toBe(false);
    await second.close();
    await vi.waitFor(() => expect(hub.followedUsers).toBe(before));
  });
});
