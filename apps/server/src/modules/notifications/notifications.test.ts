import type { Notice, NoticePreferences, NoticeUnread } from '@polaris/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { query } from '../../db/client.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { createRoom, joinRoom } from '../chat/chat-fixtures.ts';
import type { NoticeEvent } from './events.ts';

let t: TestApp;
type User = { token: string; id: number; email: string };
let ann: User;
let bob: User;

async function user(email: string): Promise<User> {
  const { token } = await t.register(email);
  const session = await t.services.auth.sessionUser(token);
  return { token, id: session!.id, email };
}

function event(over: Partial<NoticeEvent> & Pick<NoticeEvent, 'key' | 'userIds'>): NoticeEvent {
  return {
    kind: 'depositCredited',
    params: { amount: '5 USDT' },
    link: '/pages/wallet/index',
    ...over,
  };
}

async function rows(sqlText: ReturnType<typeof sql>) {
  return (await query<Record<string, unknown>>(t.database.db, sqlText)).rows;
}

beforeAll(async () => {
  t = await createTestApp();
  ann = await user('notice-ann@example.com');
  bob = await user('notice-bob@example.com');
});
afterAll(async () => {
  await t.close();
});

describe('the inbox', () => {
  it('lists notices newest first in the reader’s language, pages by cursor, and filters by category', async () => {
    const n = t.services.notifications;
    await n.notify([event({ key: 'depositCredited:list-1', userIds: [ann.id] })]);
    await n.notify([
      event({
        kind: 'redpacketExpired',
        key: 'redpacketExpired:list-2',
        userIds: [ann.id],
        params: { amount: '1 USDT' },
        link: null,
      }),
    ]);
    await n.notify([event({ key: 'depositCredited:list-3', userIds: [ann.id], params: { amount: '7 USDT' } })]);

    const en = await t.call<{ items: Notice[]; nextCursor: string | null }>('GET', '/notice/list', {
      token: ann.token,
      query: { limit: '2' },
    });
    expect(en.status).toBe(200);
    expect(en.attachment.items.map((item) => item.title)).toEqual(['Deposit received', 'Red packet expired']);
    expect(en.attachment.items[0]).toMatchObject({
      category: 'wallet',
      kind: 'depositCredited',
      body: '7 USDT is now in your wallet.',
      link: '/pages/wallet/index',
      read: false,
    });
    const second = await t.call<{ items: Notice[]; nextCursor: string | null }>('GET', '/notice/list', {
      token: ann.token,
      query: { limit: '2', cursor: en.attachment.nextCursor! },
    });
    expect(second.attachment.items.map((item) => item.body)).toEqual(['5 USDT is now in your wallet.']);
    expect(second.attachment.nextCursor).toBeNull();

    const zh = await t.call<{ items: Notice[] }>('GET', '/notice/list', {
      token: ann.token,
      locale: 'zh_TW',
      query: { category: 'redpacket' },
    });
    expect(zh.attachment.items).toHaveLength(1);
    expect(zh.attachment.items[0]!.category).toBe('redpacket');
    expect(zh.attachment.items[0]!.title).not.toBe('Red packet expired');
    // The language the user reads in is what email and push write in.
    const [settings] = await rows(sql`select language from notice_settings where user_id = ${ann.id}`);
    expect(settings?.language).toBe('zh-Hant');

    // Bob sees none of Ann's.
    const bobs = await t.call<{ items: Notice[] }>('GET', '/notice/list', { token: bob.token });
    expect(bobs.attachment.items).toEqual([]);
  });

  it('counts unread per category, and marks read by id, by category and all', async () => {
    const carol = await user('notice-carol@example.com');
    const n = t.services.notifications;
    await n.notify([
      event({ key: 'depositCredited:unread-1', userIds: [carol.id] }),
      event({ key: 'depositCredited:unread-2', userIds: [carol.id] }),
      event({ kind: 'passwordChanged', key: 'passwordChanged:unread-3', userIds: [carol.id], params: {} }),
      event({
        kind: 'mention',
        key: 'mention:unread-4',
        userIds: [carol.id],
        params: { name: 'A', room: 'R', text: 'hi' },
      }),
    ]);
    const unread = await t.call<NoticeUnread>('GET', '/notice/unread', { token: carol.token });
    expect(unread.attachment).toMatchObject({ total: 4, chatMessages: 0 });
    expect(unread.attachment.byCategory).toMatchObject({ wallet: 2, security: 1, chat: 1, activity: 0 });

    const list = await t.call<{ items: Notice[] }>('GET', '/notice/list', {
      token: carol.token,
      query: { category: 'wallet' },
    });
    const afterOne = await t.call<NoticeUnread>('POST', '/notice/read', {
      token: carol.token,
      body: { ids: [list.attachment.items[0]!.id] },
    });
    expect(afterOne.attachment.total).toBe(3);
    expect(afterOne.attachment.byCategory.wallet).toBe(1);
    // Someone else's notice id changes nothing.
    const others = await t.call<NoticeUnread>('POST', '/notice/read', {
      token: bob.token,
      body: { ids: [list.attachment.items[1]!.id] },
    });
    expect(others.status).toBe(200);
    const still = await t.call<NoticeUnread>('GET', '/notice/unread', { token: carol.token });
    expect(still.attachment.byCategory.wallet).toBe(1);

    const afterCategory = await t.call<NoticeUnread>('POST', '/notice/read', {
      token: carol.token,
      body: { all: true, category: 'security' },
    });
    expect(afterCategory.attachment.byCategory).toMatchObject({ security: 0, wallet: 1, chat: 1 });
    const afterAll = await t.call<NoticeUnread>('POST', '/notice/read', { token: carol.token, body: { all: true } });
    expect(afterAll.attachment.total).toBe(0);
    const read = await t.call<{ items: Notice[] }>('GET', '/notice/list', { token: carol.token });
    expect(read.attachment.items.every((item) => item.read)).toBe(true);

    const empty = await t.call('POST', '/notice/read', { token: carol.token, body: {} });
    expect(empty.status).toBe(400);
  });

  it('needs a session', async () => {
    const anonymous = await t.call('GET', '/notice/list');
    expect(anonymous.status).toBe(401);
  });
});

describe('exactly once, to the right people', () => {
  it('records the same event announced 200 times at once once per recipient, with one mail and one push each', async () => {
    const dora = await user('notice-dora@example.com');
    const n = t.services.notifications;
    const same = event({ key: 'depositCredited:once-1', userIds: [dora.id, bob.id, dora.id] });
    await Promise.all(Array.from({ length: 200 }, () => n.notify([same])));
    const inbox = await rows(sql`select user_id from notices where key = 'depositCredited:once-1' order by user_id`);
    expect(inbox.map((row) => Number(row.user_id))).toEqual([bob.id, dora.id].sort((a, b) => a - b));
    // The mails are written by the mail worker's first step, twice at once here: still one each.
    await Promise.all([n.mails.queueAll(), n.mails.queueAll()]);
    const mails = await rows(
      sql`select recipient from mail_queue where topic in (select 'notice:' || id from notices where key = 'depositCredited:once-1')`,
    );
    expect(mails.map((row) => row.recipient).sort()).toEqual([bob.email, dora.email].sort());
    const pushes = await rows(
      sql`select d.notice_id from notice_deliveries d join notices n on n.id = d.notice_id
          where n.key = 'depositCredited:once-1' and d.channel = 'push'`,
    );
    expect(pushes).toHaveLength(2);
  });

  it('loses nothing when calls announce overlapping events in different orders at once (no deadlock)', async () => {
    const pair = await Promise.all([user('notice-order-1@example.com'), user('notice-order-2@example.com')]);
    const ids = pair.map((u) => u.id);
    const shared = [
      event({ key: 'depositCredited:order-a', userIds: ids }),
      event({ key: 'depositCredited:order-b', userIds: [...ids].reverse() }),
    ];
    await Promise.all(
      Array.from({ length: 200 }, (_, i) => {
        const own = event({ key: `depositCredited:order-own-${i}`, userIds: ids });
        const events = i % 2 === 0 ? [...shared, own] : [own, ...[...shared].reverse()];
        return t.services.notifications.notify(events);
      }),
    );
    const counted = await rows(sql`select count(*)::int as n from notices where key like 'depositCredited:order-%'`);
    expect(counted[0]!.n).toBe(2 * 202);
  });

  it('fans one event out to many recipients in chunks, skipping unknown ids', async () => {
    const many = await Promise.all(Array.from({ length: 3 }, (_, i) => user(`notice-many-${i}@example.com`)));
    const ids = [...many.map((u) => u.id), 987_654_321];
    await t.services.notifications.notify([
      event({ kind: 'blast', key: 'blast:many-1', userIds: ids, params: { title: 'T', message: 'M' } }),
    ]);
    const inbox = await rows(sql`select count(*)::int as n from notices where key = 'blast:many-1'`);
    expect(inbox[0]!.n).toBe(3);
  });

  it('skips deleted accounts and members who muted the room, and only a member may mute a room', async () => {
    const owner = await user('notice-owner@example.com');
    const muted = await user('notice-muted@example.com');
    const gone = await user('notice-gone@example.com');
    const room = await createRoom(t, owner.token, { name: 'Notices' });
    await joinRoom(t, muted.token, room.id);
    const outsider = await t.call('POST', '/notice/mute', {
      token: gone.token,
      body: { roomId: room.id, muted: true },
    });
    expect([403, 404]).toContain(outsider.status);
    const mute = await t.call<{ roomId: string; muted: boolean }>('POST', '/notice/mute', {
      token: muted.token,
      body: { roomId: room.id, muted: true },
    });
    expect(mute.attachment).toEqual({ roomId: room.id, muted: true });
    await query(t.database.db, sql`update users set deleted_at = now() where id = ${gone.id}`);

    const mention = (key: string): NoticeEvent => ({
      kind: 'mention',
      key,
      userIds: [owner.id, muted.id, gone.id],
      params: { name: 'Ann', room: 'Notices', text: 'hello' },
      link: `/pages/chat/room/index?id=${room.id}`,
      roomId: Number(room.id),
    });
    await t.services.notifications.notify([mention('mention:mute-1')]);
    const told = await rows(sql`select user_id from notices where key = 'mention:mute-1'`);
    expect(told.map((row) => Number(row.user_id))).toEqual([owner.id]);

    // Unmuted, the next one reaches them; the same key is never told twice, even to someone who missed it.
    await t.call('POST', '/notice/mute', { token: muted.token, body: { roomId: room.id, muted: false } });
    await t.services.notifications.notify([mention('mention:mute-2')]);
    const after = await rows(sql`select user_id from notices where key = 'mention:mute-2' order by user_id`);
    expect(after.map((row) => Number(row.user_id))).toEqual([owner.id, muted.id].sort((a, b) => a - b));
  });

  it('counts unread chat messages over the user’s rooms, muted rooms left out', async () => {
    const host = await user('notice-host@example.com');
    const guest = await user('notice-guest@example.com');
    const room = await createRoom(t, host.token, { name: 'Badges' });
    await joinRoom(t, guest.token, room.id);
    const before = await t.call<NoticeUnread>('GET', '/notice/unread', { token: guest.token });
    for (const text of ['one', 'two']) {
      const sent = await t.call('POST', '/chat/message/send', { token: host.token, body: { roomId: room.id, text } });
      expect(sent.status).toBe(200);
    }
    const unread = await t.call<NoticeUnread>('GET', '/notice/unread', { token: guest.token });
    expect(unread.attachment.chatMessages).toBe(before.attachment.chatMessages + 2);
    await t.call('POST', '/notice/mute', { token: guest.token, body: { roomId: room.id, muted: true } });
    const muted = await t.call<NoticeUnread>('GET', '/notice/unread', { token: guest.token });
    expect(muted.attachment.chatMessages).toBe(0);
  });
});

describe('preferences', () => {
  it('answers the defaults a new user gets', async () => {
    const prefs = await t.call<NoticePreferences>('GET', '/notice/preferences', { token: bob.token });
    expect(prefs.status).toBe(200);
    expect(prefs.attachment.channels.chat).toEqual({ inapp: true, push: true, email: false });
    expect(prefs.attachment.channels.wallet).toEqual({ inapp: true, push: true, email: true });
    expect(prefs.attachment.quietHours).toBeNull();
    expect(prefs.attachment.timezone).toBe('Asia/Taipei');
    expect(prefs.attachment.push).toEqual({ web: true, native: false });
  });
});
