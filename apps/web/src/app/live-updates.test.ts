// @vitest-environment node
import type { Notice, NoticeUnread } from '@polaris/contract';
import { QueryClient, type QueryKey } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { activityKeys } from '@/api/activity.ts';
import { authKeys } from '@/api/auth.ts';
import { bountyKeys } from '@/api/bounty.ts';
import { chatKeys } from '@/api/chat.ts';
import { chatGuardKeys } from '@/api/chat-guard.ts';
import { noticeKeys } from '@/api/notice.ts';
import { redPacketKeys } from '@/api/redpacket.ts';
import { vipKeys } from '@/api/vip.ts';
import { walletKeys } from '@/api/wallet-keys.ts';
import { ChatSocket, type SocketLike } from '@/lib/chat-socket.ts';
import { FakeChatServer } from '@/lib/chat-socket-fixture.ts';
import { handleUserFrame, isOnPage, type keysFor, type LiveEffects, startLiveUpdates } from './live-updates.ts';

// Screens that update by themselves: which queries each `changed` topic makes stale (checked against the keys the
// hooks really use), what a `notice` frame does, and the socket kept open for these frames with no room watched.

/** The queries a signed-in user may hold, keyed as the hooks key them. */
const HELD: Record<string, QueryKey> = {
  summary: walletKeys.summary('USD'),
  assets: walletKeys.assets(),
  records: walletKeys.records('USDT', undefined, 20),
  depositAddress: walletKeys.depositAddress('USDT', 56),
  ticketPage: [...activityKeys.detail('AbCd1234'), true],
  otherActivity: [...activityKeys.detail('Other5678'), true],
  myTickets: activityKeys.tickets('upcoming'),
  activityList: activityKeys.list({ city: 'Taipei' }),
  packet: redPacketKeys.detail('RP42'),
  packetClaims: redPacketKeys.claims('RP42'),
  otherPacket: redPacketKeys.detail('RP43'),
  bounty: [...bountyKeys.detail('7'), true],
  bountySubmissions: bountyKeys.submissions('7', 'pending'),
  otherBounty: [...bountyKeys.detail('8'), true],
  vipTiers: vipKeys.tiers(),
  userInfo: authKeys.userInfo(),
  inbox: noticeKeys.list(null),
  inboxWallet: noticeKeys.list('wallet'),
  unread: noticeKeys.unread(),
  rooms: chatKeys.mine(),
  roomMessages: chatKeys.messages('3'),
  myHeld: chatGuardKeys.myHeld('5'),
  otherHeld: chatGuardKeys.myHeld('6'),
  heldQueue: chatGuardKeys.held('5'),
};

/** An inbox page as the server answers it, with one older notice. */
const inboxPage = (category: Notice['category']) => ({
  pages: [{ items: [{ ...notice(null), id: '7', category, createdAt: '2026-11-20T10:00:00.000Z' }], nextCursor: null }],
  pageParams: [undefined],
});

function seeded() {
  const client = new QueryClient();
  for (const key of Object.values(HELD)) client.setQueryData(key, { seeded: true });
  client.setQueryData(HELD.inbox!, inboxPage('activity'));
  client.setQueryData(HELD.inboxWallet!, inboxPage('wallet'));
  client.setQueryData(noticeKeys.list('activity'), inboxPage('activity'));
  client.setQueryData(noticeKeys.unread(), { ...unread, total: 9 });
  return client;
}

const inboxIds = (client: QueryClient, category: Notice['category'] | null) =>
  (client.getQueryData(noticeKeys.list(category)) as ReturnType<typeof inboxPage>).pages.flatMap((page) =>
    page.items.map((item) => `${item.id}${item.read ? ' read' : ''}`),
  );

const stale = (client: QueryClient) =>
  Object.entries(HELD)
    .filter(([, key]) => client.getQueryState(key)?.isInvalidated)
    .map(([name]) => name)
    .sort();

function effects(client: QueryClient, here = '/pages/home/index') {
  const banners: Notice[] = [];
  const value: LiveEffects = { client, here: () => here, banner: (notice) => banners.push(notice) };
  return { value, banners };
}

const unread: NoticeUnread = {
  total: 3,
  byCategory: {
    activity: 1,
    organizer: 0,
    chat: 0,
    redpacket: 0,
    bounty: 0,
    wallet: 2,
    membership: 0,
    security: 0,
  },
  chatMessages: 5,
};

const notice = (link: string | null): Notice => ({
  id: '41',
  category: 'wallet',
  kind: 'depositCredited',
  title: '100 USDT arrived',
  body: 'Your deposit is in your wallet.',
  link,
  createdAt: '2026-11-26T10:00:00.000Z',
  read: false,
});

describe('changed frames: the queries each topic refreshes', () => {
  const cases: [Parameters<typeof keysFor>, string[]][] = [
    [
      ['wallet', null],
      ['assets', 'depositAddress', 'records', 'summary'],
    ],
    [
      ['ticket', 'AbCd1234'],
      ['myTickets', 'ticketPage'],
    ],
    [
      ['redpacket', 'RP42'],
      ['packet', 'packetClaims'],
    ],
    [
      ['bounty', '7'],
      ['bounty', 'bountySubmissions'],
    ],
    [
      ['membership', null],
      ['userInfo', 'vipTiers'],
    ],
    [
      ['notices', null],
      ['inbox', 'inboxWallet', 'unread'],
    ],
    [
      ['chat', null],
      ['rooms', 'unread'],
    ],
    [
      ['chatHeld', '5'],
      ['heldQueue', 'myHeld'],
    ],
  ];
  for (const [[topic, ref], expected] of cases) {
    it(`${topic}${ref ? `:${ref}` : ''} refreshes ${expected.join(', ')} and nothing else`, () => {
      const client = seeded();
      handleUserFrame({ type: 'changed', topic, ref }, effects(client).value);
      expect(stale(client)).toEqual(expected);
    });
  }

  it('a ticket change with no activity named refreshes every activity page and ticket list, not the discovery lists', () => {
    const client = seeded();
    handleUserFrame({ type: 'changed', topic: 'ticket', ref: null }, effects(client).value);
    expect(stale(client)).toEqual(['myTickets', 'otherActivity', 'ticketPage']);
  });
});

describe('notice frames', () => {
  it('set the unread counts they carry, put the notice atop the inboxes it belongs in, and show the banner', () => {
    const client = seeded();
    const { value, banners } = effects(client);
    handleUserFrame({ type: 'notice', notice: notice('/pages/home/assets/details/index?asset=USDT'), unread }, value);
    expect(client.getQueryData(noticeKeys.unread())).toEqual(unread);
    // Nothing is asked again: the frame carried it all.
    expect(stale(client)).toEqual([]);
    expect(inboxIds(client, null)).toEqual(['41', '7']);
    expect(inboxIds(client, 'wallet')).toEqual(['41', '7']);
    expect(inboxIds(client, 'activity')).toEqual(['7']);
    expect(banners.map((shown) => shown.id)).toEqual(['41']);
  });

  it('a notice already listed (the inbox was fetched after it) is not listed twice', () => {
    const client = seeded();
    const { value } = effects(client);
    handleUserFrame({ type: 'notice', notice: notice(null), unread }, value);
    handleUserFrame({ type: 'notice', notice: notice(null), unread }, value);
    expect(inboxIds(client, null)).toEqual(['41', '7']);
  });

  it('a read frame marks the notices read in every inbox held and sets the counts after, asking nothing', () => {
    const client = seeded();
    const { value } = effects(client);
    handleUserFrame({ type: 'notice', notice: notice(null), unread }, value);
    handleUserFrame({ type: 'read', ids: ['41'], unread: { ...unread, total: 2 } }, value);
    expect(inboxIds(client, null)).toEqual(['41 read', '7']);
    expect(inboxIds(client, 'wallet')).toEqual(['41 read', '7']);
    expect(client.getQueryData(noticeKeys.unread())).toEqual({ ...unread, total: 2 });
    handleUserFrame({ type: 'read', all: true, category: 'wallet', unread }, value);
    expect(inboxIds(client, 'wallet')).toEqual(['41 read', '7 read']);
    expect(inboxIds(client, 'activity')).toEqual(['7']);
    expect(stale(client)).toEqual([]);
  });

  it('show no banner to someone already on the notice’s page, but still count it', () => {
    const client = seeded();
    const { value, banners } = effects(client, '/pages/home/assets/details/index?asset=USDT&tab=records');
    handleUserFrame({ type: 'notice', notice: notice('/pages/home/assets/details/index?asset=USDT'), unread }, value);
    expect(banners).toEqual([]);
    expect(client.getQueryData(noticeKeys.unread())).toEqual(unread);
  });

  it('a notice without a link shows its banner anywhere', () => {
    const { value, banners } = effects(seeded());
    handleUserFrame({ type: 'notice', notice: notice(null), unread }, value);
    expect(banners).toHaveLength(1);
  });
});

describe('isOnPage', () => {
  it('matches the path and every query parameter of the link', () => {
    expect(isOnPage('/pages/activity/details/index?id=AbCd1234', '/pages/activity/details/index?id=AbCd1234')).toBe(
      true,
    );
    expect(isOnPage('/pages/activity/details/index?id=AbCd1234', '/pages/activity/details/index?id=Other')).toBe(false);
    expect(isOnPage('/pages/activity/details/index?id=AbCd1234', '/pages/activity/details/index')).toBe(false);
    expect(isOnPage('/pages/my/notices/index', '/pages/my/notices/index?x=1')).toBe(true);
    expect(isOnPage('/pages/my/notices/index', '/pages/home/index')).toBe(false);
  });
});

describe('the socket, held open for the user’s frames', () => {
  let server: FakeChatServer;
  const sockets: ChatSocket[] = [];
  beforeEach(async () => {
    server = await FakeChatServer.start();
  });
  afterEach(async () => {
    for (const socket of sockets.splice(0)) socket.reset();
    await server.close();
  });

  function socketFor(uid: string) {
    const socket = new ChatSocket({
      url: () => `${server.url}?token=token-${uid}`,
      connect: (url) => new WebSocket(url) as unknown as SocketLike,
      backoffBaseMs: 20,
      backoffMaxMs: 80,
      lingerMs: 50,
    });
    sockets.push(socket);
    return socket;
  }

  async function until(check: () => boolean, what: string, ms = 3000) {
    const start = Date.now();
    while (!check()) {
      if (Date.now() - start > ms) throw new Error(`timed out waiting for ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  }

  it('opens with no room watched, applies the frames sent to this user, and closes once let go', async () => {
    const client = seeded();
    const { value, banners } = effects(client);
    const socket = socketFor('9');
    const stop = startLiveUpdates(socket, value);
    await until(() => socket.status === 'open', 'the socket to open');
    server.toUser('9', { type: 'changed', topic: 'wallet', ref: null });
    server.toUser('9', { type: 'notice', notice: notice(null), unread });
    await until(() => banners.length === 1, 'the notice');
    expect(stale(client)).toEqual(['assets', 'depositAddress', 'records', 'summary']);
    expect(inboxIds(client, null)).toEqual(['41', '7']);
    expect(client.getQueryData(noticeKeys.unread())).toEqual(unread);

    stop();
    await until(() => socket.status === 'idle' && server.openConnections === 0, 'the socket to close');
    server.toUser('9', { type: 'notice', notice: notice(null), unread });
    expect(banners).toHaveLength(1);
  });

  it('after a reconnect refreshes what frames may have been missed meanwhile, not on the first open', async () => {
    const client = seeded();
    const socket = socketFor('9');
    const stop = startLiveUpdates(socket, effects(client).value);
    await until(() => socket.status === 'open', 'the socket to open');
    expect(stale(client)).toEqual([]);
    server.cutAll();
    await until(() => server.connectionsMade === 2 && socket.status === 'open', 'the reconnect');
    expect(stale(client)).toEqual(
      [
        'assets',
        'bounty',
        'depositAddress',
        'inbox',
        'inboxWallet',
        'myTickets',
        'otherActivity',
        'otherBounty',
        'otherPacket',
        'packet',
        'packetClaims',
        'records',
        'rooms',
        'summary',
        'ticketPage',
        'unread',
        'vipTiers',
      ].sort(),
    );
    stop();
  });

  it('keeps the socket open while rooms come and go, then lingers and closes once nothing holds it', async () => {
    const socket = socketFor('9');
    const release = socket.hold();
    const stopRoom = socket.watch('7', {});
    await until(() => socket.status === 'open', 'the socket to open');
    stopRoom();
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect(socket.status).toBe('open');
    release();
    await until(() => socket.status === 'idle', 'the socket to close after the linger');
    expect(server.connectionsMade).toBe(1);
  });
});
