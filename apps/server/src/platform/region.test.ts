import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { journalEntries } from '../db/schema/index.ts';
import { createActivity, guest, host, paidTicket, signUp } from '../modules/activity/activity-fixtures.ts';
import { createTestApp, type TestApp } from '../test/app.ts';
import { balanceOf, deposit, newKey, type WalletUser, walletUser } from '../test/wallet-fixtures.ts';
import { parseTrustProxy } from './region.ts';

const PROXY = '10.1.2.3';
const STRANGER = '203.0.113.7';
const BLOCKED_MESSAGE = {
  en_US: 'This feature is not supported in the current region',
  zh_TW: '當前地區暫不支援此功能',
  zh_CN: '当前地区暂不支持此功能',
};

/** Everything that answers 580 from a blocked region; docs/decisions.md "Region block" explains the choice. */
const GATED = [
  'GET /wallet/deposit/address',
  'POST /activity/manage/approve',
  'POST /activity/signup',
  'POST /activity/ticket/transfer',
  'POST /airdrop/signup',
  'POST /bounty/create',
  'POST /bounty/review',
  'POST /open/master/withdraw',
  'POST /redpacket/claim',
  'POST /redpacket/send',
  'POST /user/payments/add',
  'POST /user/payments/update',
  'POST /uservip/buyVip',
  'POST /uservip/renew',
  'POST /wallet/addressBook/add',
  'POST /wallet/transfer',
];

describe('region block behind a trusted proxy', () => {
  let t: TestApp;
  let alice: WalletUser;
  let bob: WalletUser;

  beforeAll(async () => {
    t = await createTestApp({ env: { BLOCKED_COUNTRIES: 'XX', TRUST_PROXY: '10.0.0.0/8' } });
    alice = await walletUser(t, 'region-alice@example.com');
    bob = await walletUser(t, 'region-bob@example.com');
    await deposit(t, alice.email, 'USDT', 'BSC', '100');
  });
  afterAll(() => t.close());

  const transfer = (from: { remoteAddress: string; headers: Record<string, string> }, locale = 'en_US') =>
    t.call('POST', '/wallet/transfer', {
      token: alice.token,
      locale,
      ...from,
      body: { asset: 'USDT', amount: '1', to: bob.uid, tradePassword: alice.trade, idempotencyKey: newKey() },
    });

  async function entryCount() {
    const [row] = await t.database.db.select({ n: count() }).from(journalEntries);
    return row?.n ?? 0;
  }

  it('refuses a transfer from a blocked country with 580 in the caller language, and moves nothing', async () => {
    const before = await entryCount();
    for (const [locale, msg] of Object.entries(BLOCKED_MESSAGE)) {
      const refused = await transfer({ remoteAddress: PROXY, headers: { 'cf-ipcountry': 'xx' } }, locale);
      expect(refused).toMatchObject({ http: 200, status: 580, msg, attachment: null });
    }
    expect(await entryCount()).toBe(before);
    expect(await balanceOf(t, alice.token, 'USDT')).toMatchObject({ available: '100' });
    expect(await balanceOf(t, bob.token, 'USDT')).toMatchObject({ available: '0' });

    // The same call from an open country goes through, so the refusal above was the region and nothing else.
    const open = await transfer({ remoteAddress: PROXY, headers: { 'cf-ipcountry': 'TW' } });
    expect(open.status).toBe(200);
    expect(await balanceOf(t, bob.token, 'USDT')).toMatchObject({ available: '1' });
  });

  it('ignores the country header from a client that did not come through a trusted proxy', async () => {
    const direct = await transfer({ remoteAddress: STRANGER, headers: { 'cf-ipcountry': 'XX' } });
    expect(direct.status).toBe(200);
    const config = await t.call('GET', '/app/config', {
      remoteAddress: STRANGER,
      headers: { 'cf-ipcountry': 'XX' },
    });
    expect(config.attachment).toMatchObject({ regionBlocked: false, country: null });
  });

  it('does not let a client pose as the proxy with a forged X-Forwarded-For', async () => {
    const forged = { remoteAddress: STRANGER, headers: { 'cf-ipcountry': 'XX', 'x-forwarded-for': PROXY } };
    expect((await transfer(forged)).status).toBe(200);
    const config = await t.call('GET', '/app/config', forged);
    expect(config.attachment).toMatchObject({ regionBlocked: false, country: null });
    // And through the real proxy, the blocked country is reported to the web app for its frame.
    const proxied = await t.call('GET', '/app/config', { remoteAddress: PROXY, headers: { 'cf-ipcountry': 'XX' } });
    expect(proxied.attachment).toMatchObject({ regionBlocked: true, country: 'XX' });
  });

  it('refuses a paid activity sign-up from a blocked country without taking the price', async () => {
    const organizer = await host(t, 'region-host@example.com');
    const activity = await createActivity(t, organizer, paidTicket('10'));
    const carol = await guest(t, 'region-carol@example.com', '50');
    const blocked = await t.call('POST', '/activity/signup', {
      token: carol.token,
      remoteAddress: PROXY,
      headers: { 'cf-ipcountry': 'XX' },
      body: { activityId: activity.id, tradePassword: carol.trade, idempotencyKey: newKey() },
    });
    expect(blocked).toMatchObject({ status: 580, msg: BLOCKED_MESSAGE.en_US });
    expect(await balanceOf(t, carol.token, 'USDT')).toMatchObject({ available: '50', frozen: '0' });
    const detail = await t.call<{ myRegistration: unknown }>('GET', '/activity/detail', {
      token: carol.token,
      query: { id: activity.id },
    });
    expect(detail.attachment.myRegistration).toBeNull();
    // From an open country the same sign-up is taken.
    expect((await signUp(t, carol, activity.id)).status).toBe(200);
  });

  it('gates every route the registry marks, before input is even validated', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/rest/polarisex/openapi.json' })).json() as {
      paths: Record<string, Record<string, { 'x-region'?: string }>>;
    };
    const gated = Object.entries(doc.paths).flatMap(([path, operations]) =>
      Object.entries(operations)
        .filter(([, operation]) => operation['x-region'] === 'gated')
        .map(([method]) => `${method.toUpperCase()} ${path}`),
    );
    expect(gated.sort()).toEqual(GATED);
    for (const route of gated) {
      const [method, path] = route.split(' ') as ['GET' | 'POST', string];
      const blocked = await t.call(method, path, {
        token: alice.token,
        remoteAddress: PROXY,
        headers: { 'cf-ipcountry': 'XX' },
        ...(method === 'POST' ? { body: {} } : {}),
      });
      expect(blocked.status, route).toBe(580);
      // The same empty call from an open country fails validation instead: the gate alone made the 580.
      const open = await t.call(method, path, {
        token: alice.token,
        remoteAddress: PROXY,
        headers: { 'cf-ipcountry': 'TW' },
        ...(method === 'POST' ? { body: {} } : {}),
      });
      expect(open.status, route).toBe(400);
    }
  });
});

describe('TRUST_PROXY as a hop count', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { BLOCKED_COUNTRIES: 'XX', TRUST_PROXY: '1' } });
  });
  afterAll(() => t.close());

  it('believes the country header from whoever is the one hop in front of us', async () => {
    const config = await t.call('GET', '/app/config', { remoteAddress: STRANGER, headers: { 'cf-ipcountry': 'XX' } });
    expect(config.attachment).toMatchObject({ regionBlocked: true, country: 'XX' });
  });
});

describe('without TRUST_PROXY', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { BLOCKED_COUNTRIES: 'XX' } });
  });
  afterAll(() => t.close());

  it('treats every country as unknown, even from the loopback address', async () => {
    const config = await t.call('GET', '/app/config', { headers: { 'cf-ipcountry': 'XX' } });
    expect(config.attachment).toMatchObject({ regionBlocked: false, country: null });
  });
});

describe('TRUST_PROXY parsing', () => {
  it('takes off, a hop count, or addresses and ranges', () => {
    expect(parseTrustProxy('false')).toBe(false);
    expect(parseTrustProxy('')).toBe(false);
    expect(parseTrustProxy('2')).toBe(2);
    expect(parseTrustProxy('127.0.0.1, 10.0.0.0/8 ,::1')).toEqual(['127.0.0.1', '10.0.0.0/8', '::1']);
    expect(parseTrustProxy('loopback')).toEqual(['loopback']);
  });

  it('refuses true and malformed addresses at start', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY.*hop count/s);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.300' })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/99' })).toThrow(/TRUST_PROXY/);
  });
});
