import { API_BASE, type NoticeUnread } from '@polaris/contract';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { openDatabase } from '../../db/client.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { httpClient } from '../../test/http-client.ts';
import { FLEET_KEYS, type ServerProcess, ServerProcesses } from '../../test/server-processes.ts';
import { type ChatClient, connectChat } from '../chat/chat-fixtures.ts';
import { PushDeliveryService } from './deliveries.service.ts';
import type { NoticeEvent } from './events.ts';
import type { PushSender } from './push.port.ts';

/**
 * Several app instances on one PostgreSQL and one Redis: a real server process B holds the sockets; two apps built
 * in this process (A1, A2, each with its own connection pool and Redis connections) announce events, as modules on
 * other nodes do. A notice recorded on A1 reaches the socket on B; the same event announced on A1 and A2 at once
 * is one row per recipient; an unsubscribe link written by A1 works on B; push deliveries claimed by both are sent
 * once.
 */
const template = inject('databaseTemplate');
if (template.kind !== 'postgres') throw new Error('this file runs in the PostgreSQL pass (DATABASE_URL)');
const redisUrl = process.env.REDIS_URL;
if (!redisUrl) throw new Error('this file needs REDIS_URL');
const processes = new ServerProcesses(template.url, redisUrl);
const clients: ChatClient[] = [];

let b: ServerProcess;
let a1: TestApp;
let a2: TestApp;

async function inProcessApp() {
  const database = await openDatabase({ kind: 'postgres', url: processes.databaseUrl });
  // The fleet's keys: unsubscribe links are keyed by a key derived from TOTP_KEY, the same on every node.
  return createTestApp({ database, env: { TOTP_KEY: FLEET_KEYS.TOTP_KEY } });
}

beforeAll(async () => {
  await processes.createDatabase();
  b = await processes.start();
  [a1, a2] = await Promise.all([inProcessApp(), inProcessApp()]);
}, 120_000);

afterAll(async () => {
  for (const client of clients) await client.close().catch(() => {});
  await Promise.all([a1?.close(), a2?.close()]);
  await processes.close();
});

async function userOnB(email: string) {
  const api = httpClient(b.baseUrl, b.dataDir);
  const { token } = await api.register(email);
  const [row] = await processes.query<{ id: string }>(`select id from users where email = '${email}'`);
  return { api, token, id: Number(row!.id) };
}

const deposit = (key: string, userIds: number[]): NoticeEvent => ({
  kind: 'depositCredited',
  key,
  userIds,
  params: { amount: '9 USDT' },
  link: '/pages/wallet/index',
});

describe('notices across processes', () => {
  it('a notice recorded on A reaches the socket on B, and a read on A refreshes B', async () => {
    const tia = await userOnB('cross-notice@example.com');
    const socket = await connectChat(b.baseUrl, tia.token, { locale: 'en_US' });
    clients.push(socket);
    socket.send({ type: 'ping', id: 'ready' });
    await socket.next('pong');

    await a1.services.notifications.notify([deposit('depositCredited:cross-1', [tia.id])]);
    const frame = await socket.next('notice');
    expect(frame.notice).toMatchObject({ title: 'Deposit received', body: '9 USDT is now in your wallet.' });
    expect(frame.unread.total).toBe(1);

    const read = await a2.call<NoticeUnread>('POST', '/notice/read', { token: tia.token, body: { all: true } });
    expect(read.attachment.total).toBe(0);
    expect(await socket.next('read')).toMatchObject({ all: true, unread: { total: 0 } });
  }, 60_000);

  it('the same event announced on A1 and A2 at once is one row, one mail and one push per recipient', async () => {
    const uma = await userOnB('cross-once-uma@example.com');
    const vic = await userOnB('cross-once-vic@example.com');
    const same = deposit('depositCredited:cross-2', [uma.id, vic.id]);
    await Promise.all(
      Array.from({ length: 40 }, (_, i) => (i % 2 === 0 ? a1 : a2).services.notifications.notify([same])),
    );
    // The mails are written when the mail worker goes: A1's and A2's at once (and B's own) write each once.
    await Promise.all([a1.services.notifications.mails.queueAll(), a2.services.notifications.mails.queueAll()]);
    const [counts] = await processes.query<{ notices: number; mails: number; pushes: number }>(
      `select (select count(*)::int from notices where key = 'depositCredited:cross-2') as notices,
              (select count(*)::int from mail_queue where topic in
                 (select 'notice:' || id from notices where key = 'depositCredited:cross-2')) as mails,
              (select count(*)::int from notice_deliveries where channel = 'push' and notice_id in
                 (select id from notices where key = 'depositCredited:cross-2')) as pushes`,
    );
    expect(counts).toEqual({ notices: 2, mails: 2, pushes: 2 });

    // Workers on A1, A2 (and B's own, which pushes to nobody) claim at once: each delivery is attempted once.
    const sends: number[] = [];
    const sender: PushSender = {
      available: () => ({ web: true, native: false }),
      async send(_userId, message) {
        sends.push(message.noticeId);
        return 'sent';
      },
    };
    const worker = (app: TestApp) =>
      new PushDeliveryService({ db: app.database.db, now: () => new Date(), log: app.app.log, push: sender });
    await Promise.all([worker(a1).deliverDue(1000), worker(a2).deliverDue(1000), worker(a1).deliverDue(1000)]);
    const pushRows = () =>
      processes.query<{ id: string; attempts: number; done: boolean }>(
        `select d.notice_id as id, d.attempts, d.done_at is not null as done from notice_deliveries d
         join notices n on n.id = d.notice_id where n.key = 'depositCredited:cross-2' and d.channel = 'push'`,
      );
    // B's own worker may have claimed one first and still be finishing it when ours return: wait for both to be
    // done, then each must have been attempted exactly once.
    await vi.waitFor(async () => expect((await pushRows()).every((row) => row.done)).toBe(true), {
      timeout: 10_000,
      interval: 50,
    });
    const deliveries = await pushRows();
    expect(deliveries.map((row) => [row.attempts, row.done])).toEqual([
      [1, true],
      [1, true],
    ]);
    const mine = sends.filter((id) => deliveries.some((row) => Number(row.id) === id));
    expect(new Set(mine).size).toBe(mine.length);
  }, 60_000);

  it('an unsubscribe link written on A works on B', async () => {
    const wes = await userOnB('cross-unsub@example.com');
    const url = new URL(a1.services.notifications.unsubscribeUrl(wes.id, 'wallet'));
    const response = await fetch(`${b.baseUrl}${url.pathname}${url.search}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(response.status).toBe(200);
    const prefs = await wes.api.call<{ channels: { wallet: { email: boolean } } }>('GET', '/notice/preferences', {
      token: wes.token,
    });
    expect(prefs.attachment.channels.wallet.email).toBe(false);
    expect(url.pathname).toBe(`${API_BASE}/notice/unsubscribe`);
  }, 60_000);
});
