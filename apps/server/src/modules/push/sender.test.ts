import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { query } from '../../db/client.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { type BrowserKeys, browserKeys, decryptPush, LocalPushService, verifyVapid } from '../../test/push-service.ts';
import { PushDeliveryService } from '../notifications/deliveries.service.ts';
import type { PushMessage } from './payload.ts';
import { WebPushSender } from './sender.ts';

/**
 * Web Push for real: subscriptions made through the API, sent by WebPushSender over HTTPS to a local push service
 * that checks the VAPID signature against /push/vapid's key and decrypts each body with the browser's keys.
 */
let t: TestApp;
let peer: LocalPushService;
let sender: WebPushSender;
let publicKey: string;
const vapid = webpush.generateVAPIDKeys();

beforeAll(async () => {
  peer = await LocalPushService.start();
  t = await createTestApp({
    env: {
      PUSH_ENDPOINT_ALLOW: peer.host,
      VAPID_PUBLIC_KEY: vapid.publicKey,
      VAPID_PRIVATE_KEY: vapid.privateKey,
      VAPID_SUBJECT: 'mailto:ops@polaris.example',
    },
  });
  publicKey = (await t.call<{ publicKey: string }>('GET', '/push/vapid')).attachment.publicKey;
  sender = new WebPushSender({
    db: t.database.db,
    now: t.clock.now,
    log: t.app.log,
    vapid,
    subject: 'mailto:ops@polaris.example',
    endpointAllow: [peer.host],
    timeoutMs: 1500,
    ca: peer.cert,
  });
}, 60_000);
afterAll(async () => {
  await t.close();
  await peer.close();
});

let people = 0;
async function person(language?: string) {
  const session = await t.register(`sender${people++}@example.com`);
  const { rows } = await query<{ id: string }>(
    t.database.db,
    sql`select id from users where uid = ${Number(session.uid)}`,
  );
  const id = Number(rows[0]?.id);
  if (language) {
    await t.database.db.execute(sql`insert into notice_settings (user_id, language) values (${id}, ${language})`);
  }
  return { ...session, id };
}
let browsers = 0;
async function browser(token: string): Promise<{ name: string; keys: BrowserKeys }> {
  const name = `browser-${browsers++}`;
  const keys = browserKeys();
  const answer = await t.call('POST', '/push/subscribe', { token, body: keys.json(peer.endpoint(name)) });
  expect(answer.status, answer.msg).toBe(200);
  return { name, keys };
}
async function endpointsOf(userId: number): Promise<string[]> {
  const { rows } = await query<{ endpoint: string }>(
    t.database.db,
    sql`select endpoint from push_subscriptions where user_id = ${userId} order by id`,
  );
  return rows.map((row) => row.endpoint);
}

const message: PushMessage = {
  title: 'You are going: Taipei Builders Night',
  body: 'Fri 12 Dec 19:00 · Songshan',
  link: '/pages/activity/detail/index?code=AB12CD',
  tag: 'activity:AB12CD',
  kind: 'registrationConfirmed',
  noticeId: 41,
};

describe('WebPushSender', () => {
  it('sends every browser of the user a VAPID-signed aes128gcm message that decrypts to the notification', async () => {
    const user = await person('en');
    const phone = await browser(user.token);
    const laptop = await browser(user.token);
    const before = peer.requests.length;
    expect(await sender.send(user.id, message)).toBe('sent');
    const seen = (await peer.received(before + 2)).slice(before);
    for (const { name, keys } of [phone, laptop]) {
      const request = seen.find((entry) => entry.path === `/push/${name}`);
      if (!request) throw new Error(`${name} got nothing`);
      const claims = verifyVapid(request.headers.authorization, publicKey);
      expect(claims.aud).toBe(peer.origin);
      expect(claims.sub).toBe('mailto:ops@polaris.example');
      const nowSeconds = Date.now() / 1000;
      expect(claims.exp).toBeGreaterThan(nowSeconds);
      expect(claims.exp).toBeLessThanOrEqual(nowSeconds + 86_400);
      expect(request.headers['content-encoding']).toBe('aes128gcm');
      expect(request.headers.ttl).toBe('86400');
      expect(request.headers.urgency).toBe('normal');
      expect(request.headers.topic).toMatch(/^[A-Za-z0-9_-]{32}$/);
      expect(JSON.parse(decryptPush(request.body, keys))).toEqual({
        title: message.title,
        body: message.body,
        tag: 'activity:AB12CD',
        kind: 'registrationConfirmed',
        noticeId: '41',
        link: '/pages/activity/detail/index?code=AB12CD',
        actions: [{ action: 'openTicket', title: 'Open ticket' }],
      });
    }
    // The other browser's keys cannot open it.
    const phoneRequest = seen.find((entry) => entry.path === `/push/${phone.name}`);
    expect(() => decryptPush(phoneRequest?.body as Buffer, laptop.keys)).toThrow();
  });

  it('writes action titles in the language the user reads in (Traditional Chinese by default)', async () => {
    const user = await person();
    const { name, keys } = await browser(user.token);
    const before = peer.requests.length;
    const claim: PushMessage = {
      ...message,
      kind: 'redpacketReceived',
      tag: 'redpacket:Q1',
      link: '/pages/redpacket/index?code=Q1',
    };
    expect(await sender.send(user.id, claim)).toBe('sent');
    await peer.received(before + 1);
    const body = JSON.parse(decryptPush(peer.to(name)[0]?.body as Buffer, keys));
    expect(body.actions).toEqual([{ action: 'claim', title: '領取' }]);
    expect(peer.to(name)[0]?.headers.urgency).toBe('high');
  });

  it('deletes a subscription its push service answers 410 or 404 for, and keeps the others', async () => {
    const user = await person();
    const gone = await browser(user.token);
    const missing = await browser(user.token);
    const kept = await browser(user.token);
    peer.answer(gone.name, 410);
    peer.answer(missing.name, 404);
    expect(await sender.send(user.id, message)).toBe('sent');
    expect(await endpointsOf(user.id)).toEqual([peer.endpoint(kept.name)]);
    // With only gone ones, nothing was sent and nothing is left to retry.
    const alone = await person();
    const last = await browser(alone.token);
    peer.answer(last.name, 410);
    expect(await sender.send(alone.id, message)).toBe('none');
    expect(await endpointsOf(alone.id)).toEqual([]);
  });

  it('asks to retry when the push service is overloaded or failing, keeping the subscription', async () => {
    for (const status of [429, 500, 503]) {
      const user = await person();
      const { name } = await browser(user.token);
      peer.answer(name, status);
      expect(await sender.send(user.id, message), String(status)).toBe('retry');
      expect(await endpointsOf(user.id)).toEqual([peer.endpoint(name)]);
    }
  });

  it('gives up on a push service that hangs without holding up another recipient', async () => {
    const stuck = await person();
    const hung = await browser(stuck.token);
    peer.answer(hung.name, 'hang');
    const fine = await person();
    await browser(fine.token);
    const finished: string[] = [];
    const stuckSend = sender.send(stuck.id, message).then((outcome) => {
      finished.push('stuck');
      return outcome;
    });
    const fineSend = sender.send(fine.id, message).then((outcome) => {
      finished.push('fine');
      return outcome;
    });
    expect(await fineSend).toBe('sent');
    expect(await stuckSend).toBe('retry');
    expect(finished).toEqual(['fine', 'stuck']);
    expect(await endpointsOf(stuck.id)).toEqual([peer.endpoint(hung.name)]);
    // A user with a hung browser and a working one still gets the message on the working one.
    const both = await person();
    const slow = await browser(both.token);
    peer.answer(slow.name, 'hang');
    const quick = await browser(both.token);
    expect(await sender.send(both.id, message)).toBe('sent');
    expect(peer.to(quick.name)).toHaveLength(1);
  });

  it('sends nothing to a session that ended, even when no process heard it end, and drops its subscription', async () => {
    const user = await person();
    const { name } = await browser(user.token);
    // Revoked behind every process's back: no announcement.
    await t.database.db.execute(sql`update sessions set revoked_at = now() where user_id = ${user.id}`);
    expect(await sender.send(user.id, message)).toBe('none');
    expect(peer.to(name)).toEqual([]);
    expect(await endpointsOf(user.id)).toEqual([]);
  });

  it('answers none for a user with no subscription, and never posts to a host no longer allowed', async () => {
    const nobody = await person();
    expect(await sender.send(nobody.id, message)).toBe('none');
    const user = await person();
    const { name } = await browser(user.token);
    const strict = new WebPushSender({
      db: t.database.db,
      now: t.clock.now,
      log: t.app.log,
      vapid,
      subject: 'mailto:ops@polaris.example',
      endpointAllow: [],
      timeoutMs: 1500,
      ca: peer.cert,
    });
    expect(await strict.send(user.id, message)).toBe('none');
    expect(peer.to(name)).toEqual([]);
    expect(await endpointsOf(user.id)).toEqual([]);
  });

  it('carries a notice from the notifications worker to the browser, written in the user’s language', async () => {
    const user = await person('en');
    const { name, keys } = await browser(user.token);
    const before = peer.requests.length;
    await t.services.notifications.notify([
      {
        kind: 'depositCredited',
        key: 'depositCredited:push-e2e-1',
        userIds: [user.id],
        params: { amount: '5 USDT' },
        link: '/pages/wallet/index',
      },
    ]);
    const worker = new PushDeliveryService({ db: t.database.db, now: t.clock.now, log: t.app.log, push: sender });
    await worker.deliverDue(100);
    await peer.received(before + 1);
    const { rows } = await query<{ id: string; outcome: string }>(
      t.database.db,
      sql`select n.id, d.outcome from notices n join notice_deliveries d on d.notice_id = n.id
        where n.user_id = ${user.id} and n.key = 'depositCredited:push-e2e-1' and d.channel = 'push'`,
    );
    expect(rows[0]?.outcome).toBe('sent');
    expect(JSON.parse(decryptPush(peer.to(name)[0]?.body as Buffer, keys))).toEqual({
      title: 'Deposit received',
      body: '5 USDT is now in your wallet.',
      tag: 'depositCredited:push-e2e-1',
      kind: 'depositCredited',
      noticeId: String(rows[0]?.id),
      link: '/pages/wallet/index',
      actions: [],
    });
  });
});
