import type { Notice, NoticeUnread } from '@polaris/contract';
import { type InfiniteData, QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { inboxItems, markReadLocally, type NoticePage, noticeKeys } from './notice.ts';

// Marking read before the server answers: every list that holds the notice shows it read, and the counts drop by
// what was really unread, once per notice however many lists hold it.

const notice = (id: string, category: Notice['category'], read: boolean): Notice => ({
  id,
  category,
  kind: category === 'wallet' ? 'depositCredited' : 'registrationConfirmed',
  title: `notice ${id}`,
  body: '',
  link: null,
  createdAt: '2026-11-26T10:00:00.000Z',
  read,
});

function held() {
  const client = new QueryClient();
  const page = (items: Notice[]): InfiniteData<NoticePage> => ({
    pages: [{ items, nextCursor: null }],
    pageParams: [undefined],
  });
  client.setQueryData(
    noticeKeys.list(null),
    page([notice('43', 'wallet', false), notice('42', 'activity', false), notice('41', 'wallet', true)]),
  );
  client.setQueryData(noticeKeys.list('wallet'), page([notice('43', 'wallet', false), notice('41', 'wallet', true)]));
  const zero = { activity: 0, organizer: 0, chat: 0, redpacket: 0, bounty: 0, wallet: 0, membership: 0, security: 0 };
  const unread: NoticeUnread = { total: 4, byCategory: { ...zero, wallet: 3, activity: 1 }, chatMessages: 7 };
  client.setQueryData(noticeKeys.unread(), unread);
  return client;
}

const readIds = (client: QueryClient, category: Notice['category'] | null) =>
  client
    .getQueryData<InfiniteData<NoticePage>>(noticeKeys.list(category))
    ?.pages.flatMap((page) => page.items.filter((item) => item.read).map((item) => item.id));

describe('markReadLocally', () => {
  it('marks one notice read in every list and lowers its category once', () => {
    const client = held();
    markReadLocally(client, { ids: ['43'] });
    expect(readIds(client, null)).toEqual(['43', '41']);
    expect(readIds(client, 'wallet')).toEqual(['43', '41']);
    const unread = client.getQueryData<NoticeUnread>(noticeKeys.unread());
    expect(unread?.byCategory.wallet).toBe(2);
    expect(unread?.total).toBe(3);
    expect(unread?.chatMessages).toBe(7);
  });

  it('an already read notice changes no count', () => {
    const client = held();
    markReadLocally(client, { ids: ['41'] });
    expect(client.getQueryData<NoticeUnread>(noticeKeys.unread())?.total).toBe(4);
  });

  it('all of one category: that category to zero, even what is not loaded yet; the others stay', () => {
    const client = held();
    markReadLocally(client, { all: true, category: 'wallet' });
    expect(readIds(client, null)).toEqual(['43', '41']);
    const unread = client.getQueryData<NoticeUnread>(noticeKeys.unread());
    expect(unread?.byCategory).toMatchObject({ wallet: 0, activity: 1 });
    expect(unread?.total).toBe(1);
  });

  it('all: every list read and every count zero, chat messages untouched', () => {
    const client = held();
    markReadLocally(client, { all: true });
    expect(readIds(client, null)).toEqual(['43', '42', '41']);
    const unread = client.getQueryData<NoticeUnread>(noticeKeys.unread());
    expect(unread?.total).toBe(0);
    expect(unread?.chatMessages).toBe(7);
  });
});

describe('the inbox list', () => {
  const at = (id: string, createdAt: string): Notice => ({ ...notice(id, 'wallet', false), createdAt });

  it('shows every page newest first by time, a notice held by two pages once', () => {
    const first: NoticePage = {
      items: [at('9', '2026-11-26T10:00:00.000Z'), at('12', '2026-11-20T08:00:00.000Z')],
      nextCursor: '1795600000000_12',
    };
    // Refetched after a newer notice arrived: the second page starts with the first page's last notice.
    const second: NoticePage = {
      items: [at('12', '2026-11-20T08:00:00.000Z'), at('15', '2026-10-30T09:00:00.000Z')],
      nextCursor: null,
    };
    const newer: NoticePage = { items: [at('20', '2026-11-28T12:00:00.000Z')], nextCursor: null };
    expect(inboxItems([first, second, newer]).map((item) => item.id)).toEqual(['20', '9', '12', '15']);
  });

  it('orders notices of the same moment by id, newest first', () => {
    const page: NoticePage = {
      items: [at('3', '2026-11-26T10:00:00.000Z'), at('4', '2026-11-26T10:00:00.000Z')],
      nextCursor: null,
    };
    expect(inboxItems([page]).map((item) => item.id)).toEqual(['4', '3']);
  });
});
