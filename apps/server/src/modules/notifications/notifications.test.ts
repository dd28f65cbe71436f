import type { Notice, NoticePreferences, NoticeUnread } from '@polaris/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { query } from '../../db/client.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
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

describe('preferences', () => {
  it('answers the defaults a new user gets', async () => {
    const prefs = await t.call<NoticePreferences>('GET', '/notice/preferences', { token: bob.token });
    expect(prefs.status).toBe(200);
    expect(prefs.attachment.channels.chat).toEqual({ inapp: true, push: true, email: false });
    expect(prefs.attachment.channels.wallet).toEqual({ inapp: true, push: true, email: true });
    expect(prefs.attachment.quietHours).toBeNull();
    expect(prefs.attachment.timezone).toBe('Asia/Taipei');
    expect(prefs.attachment.push).toEqual({ web: false, native: false });
  });
});
