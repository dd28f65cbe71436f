import type { Notice } from '@polaris/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { noticeDate, noticeWord } from '../../platform/notice-format.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { activityParams, leadText } from '../activity/notices.ts';

let t: TestApp;
let token: string;
let userId: number;
const DAY = 86_400_000;

type Page = { items: Notice[]; nextCursor: string | null };

beforeAll(async () => {
  t = await createTestApp();
  token = (await t.register('inbox-order@example.com')).token;
  userId = (await t.services.auth.sessionUser(token))!.id;
});
afterAll(async () => {
  await t.close();
});

async function inbox(locale: string, query: Record<string, string> = {}) {
  const answer = await t.call<Page>('GET', '/notice/list', { token, locale, query });
  expect(answer.status).toBe(200);
  return answer.attachment;
}

describe('the inbox order', () => {
  it('lists newest first by when each notice happened, across pages, whatever order the rows were written in', async () => {
    const n = t.services.notifications;
    const deposit = (key: string, amount: string) =>
      n.notify([{ kind: 'depositCredited', key, userIds: [userId], params: { amount }, link: null }]);
    // Written in the order November, October, December, October again: ids do not follow the dates.
    await deposit('depositCredited:nov', '11 USDT');
    t.clock.advance(-40 * DAY);
    await deposit('depositCredited:oct', '10 USDT');
    t.clock.advance(70 * DAY);
    await deposit('depositCredited:dec', '12 USDT');
    t.clock.advance(-65 * DAY);
    await deposit('depositCredited:oct2', '9 USDT');
    t.clock.advance(35 * DAY);

    const bodies: string[] = [];
    const times: string[] = [];
    let cursor: string | null = '';
    while (cursor !== null) {
      const page: Page = await inbox('en', { limit: '1', ...(cursor ? { cursor } : {}) });
      bodies.push(...page.items.map((item) => item.body));
      times.push(...page.items.map((item) => item.createdAt));
      cursor = page.nextCursor;
    }
    expect(bodies).toEqual([
      '12 USDT is now in your wallet.',
      '11 USDT is now in your wallet.',
      '9 USDT is now in your wallet.',
      '10 USDT is now in your wallet.',
    ]);
    expect([...times].sort().reverse()).toEqual(times);
    const all = await inbox('en', { limit: '50' });
    expect(all.items.map((item) => item.body)).toEqual(bodies);
  });

  it('refuses a cursor that is not a time and id, naming the field', async () => {
    const answer = await t.call<unknown>('GET', '/notice/list', { token, locale: 'en', query: { cursor: '1042' } });
    expect(answer.status).toBe(400);
    expect(JSON.stringify(answer)).toContain('cursor');
  });
});

describe('the words of a notice', () => {
  const activity = {
    code: 'AB12CD',
    title: 'Night market walk',
    startsAt: new Date('2026-11-26T06:00:00Z'),
    timezone: 'Asia/Taipei',
    onlineUrl: 'https://meet.example.com/x',
    city: null,
    address: null,
  };

  it('writes dates, places and leads in the language of whoever reads it', async () => {
    await t.services.notifications.notify([
      {
        kind: 'activityReminder',
        key: 'activityReminder:lang:1440',
        userIds: [userId],
        params: { ...activityParams(activity), lead: leadText(1440) },
        link: null,
      },
    ]);
    const find = (page: Page) => page.items.find((item) => item.kind === 'activityReminder')!;
    const zh = find(await inbox('zh_TW', { category: 'activity' }));
    expect(zh.title).toBe('24 小時後開始：Night market walk');
    expect(zh.body).toContain('2026年11月26日');
    expect(zh.body).toContain('(GMT+8)');
    expect(zh.body).toContain('線上');
    expect(zh.body).not.toMatch(/Online|Nov/);
    const en = find(await inbox('en', { category: 'activity' }));
    expect(en.body).toContain('26 Nov 2026, 14:00 (GMT+8) · Online');
    const hans = find(await inbox('zh_CN', { category: 'activity' }));
    expect(hans.body).toContain('线上');
  });

  it('names a city and a UTC date in the reader’s language', async () => {
    await t.services.notifications.notify([
      {
        kind: 'activityChanged',
        key: 'activityChanged:lang:2',
        userIds: [userId],
        params: {
          ...activityParams({ ...activity, onlineUrl: null, city: 'tokyo', address: 'Shibuya 1-2' }),
          refund: noticeWord('refundRight', { amount: '5 USDT', until: noticeDate(new Date('2026-10-01T00:00:00Z')) }),
        },
        link: null,
      },
    ]);
    const find = (page: Page) => page.items.find((item) => item.kind === 'activityChanged')!;
    const zh = find(await inbox('zh_TW', { category: 'activity' }));
    expect(zh.body).toContain('Shibuya 1-2, 東京');
    expect(zh.body).toContain('2026年10月1日');
    expect(zh.body).toContain('(UTC)');
    const en = find(await inbox('en', { category: 'activity' }));
    expect(en.body).toContain('Shibuya 1-2, Tokyo');
    expect(en.body).toContain('until 1 Oct 2026, 00:00 (UTC)');
  });

  it('keeps a person’s own text literal, even when it reads like a catalogue key or a placeholder', async () => {
    await t.services.notifications.notify([
      {
        kind: 'activityReminder',
        key: 'activityReminder:literal:60',
        userIds: [userId],
        params: { ...activityParams({ ...activity, title: 'notice.words.online {{date}}' }), lead: leadText(60) },
        link: null,
      },
    ]);
    const zh = (await inbox('zh_TW', { category: 'activity' })).items.find((item) =>
      item.title.includes('notice.words'),
    );
    expect(zh?.title).toBe('1 小時後開始：notice.words.online {{date}}');
  });
});
