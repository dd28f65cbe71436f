import { hashLoginPassword, PUSH_SUBSCRIPTIONS_PER_USER } from '@polaris/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { query } from '../../db/client.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { browserKeys } from '../../test/push-service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { PUSH_ENDPOINT_ALLOW: 'push.example.test:8443, localhost:9' } });
}, 60_000);
afterAll(() => t.close());

let accounts = 0;
const account = () => t.register(`push${accounts++}@example.com`);
const login = async (email: string, password = 'abc12345') => {
  const answer = await t.call<{ token: string }>('POST', '/user/login', {
    body: { email, password: hashLoginPassword(password) },
  });
  expect(answer.status, answer.msg).toBe(200);
  return answer.attachment.token;
};
let endpoints = 0;
const fcm = () => `https://fcm.googleapis.com/fcm/send/device-${endpoints++}:APA91b`;
const subscribe = (token: string, body: unknown) => t.call('POST', '/push/subscribe', { token, body });

async function endpointsOf(userId: number): Promise<string[]> {
  const { rows } = await query<{ endpoint: string }>(
    t.database.db,
    sql`select endpoint from push_subscriptions where user_id = ${userId} order by id`,
  );
  return rows.map((row) => row.endpoint);
}
async function userIdOf(uid: string): Promise<number> {
  const { rows } = await query<{ id: string }>(t.database.db, sql`select id from users where uid = ${Number(uid)}`);
  return Number(rows[0]?.id);
}

describe('GET /push/vapid', () => {
  it('gives the public key browsers subscribe with, signed in or not, and says native push is off', async () => {
    const anonymous = await t.call<{ publicKey: string; web: boolean; native: boolean }>('GET', '/push/vapid');
    expect(anonymous.status).toBe(200);
    expect(anonymous.attachment.publicKey).toMatch(/^B[A-Za-z0-9_-]{86}$/);
    expect(Buffer.from(anonymous.attachment.publicKey, 'base64url')).toHaveLength(65);
    expect(anonymous.attachment).toMatchObject({ web: true, native: false });
    const signedIn = await t.call('GET', '/push/vapid', { token: (await account()).token });
    expect(signedIn.attachment).toEqual(anonymous.attachment);
  });
});

describe('POST /push/subscribe', () => {
  it('keeps a browser subscription on a known push service, bound to the session', async () => {
    const user = await account();
    const endpoint = fcm();
    const answer = await subscribe(user.token, browserKeys().json(endpoint));
    expect(answer).toMatchObject({ status: 200, attachment: { kind: 'web', subscribed: true } });
    expect(await endpointsOf(await userIdOf(user.uid))).toEqual([endpoint]);
    // Subscribing the same browser again changes nothing but its keys.
    expect((await subscribe(user.token, browserKeys().json(endpoint))).status).toBe(200);
    expect(await endpointsOf(await userIdOf(user.uid))).toEqual([endpoint]);
  });

  it('accepts the push services browsers use and the hosts PUSH_ENDPOINT_ALLOW names, and nothing else', async () => {
    const user = await account();
    const accepted = [
      'https://updates.push.services.mozilla.com/wpush/v2/gAAAAABk',
      'https://web.push.apple.com/QGuQyavXutnMOkjRH0-t',
      'https://wns2-par02p.notify.windows.com/w/?token=BQYAAAB',
      'https://push.example.test:8443/push/one',
      'https://LOCALHOST:9/push/two',
    ];
    for (const endpoint of accepted) {
      const answer = await subscribe(user.token, browserKeys().json(endpoint));
      expect(answer.status, `${endpoint}: ${answer.msg}`).toBe(200);
    }
    const refused = [
      'http://fcm.googleapis.com/fcm/send/abc',
      'https://fcm.googleapis.com:8443/fcm/send/abc',
      'https://evil.example/fcm.googleapis.com',
      'https://fcm.googleapis.com.evil.example/send',
      'https://notify.windows.com/w/',
      'https://user:pass@fcm.googleapis.com/fcm/send/abc',
      'https://127.0.0.1/push',
      'https://localhost/push',
      'https://push.example.test/push',
      'https://push.example.test:9443/push',
      'https://169.254.169.254/latest/meta-data',
      'file:///etc/passwd',
      'not a url',
    ];
    for (const endpoint of refused) {
      const answer = await subscribe(user.token, browserKeys().json(endpoint));
      expect(answer.status, endpoint).toBe(400);
      expect(answer.msg).toBe('This push address is not accepted');
      expect(answer.attachment).toEqual([{ field: 'endpoint', message: 'This push address is not accepted' }]);
    }
    expect(await endpointsOf(await userIdOf(user.uid))).toHaveLength(accepted.length);
  });

  it('refuses keys that are not a P-256 public key and a 16-byte secret, naming the field', async () => {
    const user = await account();
    const good = browserKeys().json(fcm());
    const cases: [unknown, string][] = [
      [{ ...good, keys: { ...good.keys, p256dh: good.keys.p256dh.slice(1) } }, 'keys.p256dh'],
      // The right length, but not a point on the curve.
      [{ ...good, keys: { ...good.keys, p256dh: `B${'A'.repeat(86)}` } }, 'keys.p256dh'],
      [{ ...good, keys: { ...good.keys, p256dh: `${good.keys.p256dh.slice(0, 86)}+` } }, 'keys.p256dh'],
      [{ ...good, keys: { ...good.keys, auth: 'A'.repeat(21) } }, 'keys.auth'],
      [{ ...good, keys: undefined }, 'keys'],
      [{ keys: good.keys }, 'endpoint'],
    ];
    for (const [body, field] of cases) {
      const answer = await subscribe(user.token, body);
      expect(answer.status, field).toBe(400);
      expect((answer.attachment as { field: string }[]).map((entry) => entry.field)).toContain(field);
    }
    expect(await endpointsOf(await userIdOf(user.uid))).toEqual([]);
  });

  it('asks for a session, and says native push is not set up without FCM or APNs credentials', async () => {
    expect((await subscribe('', browserKeys().json(fcm()))).status).toBe(401);
    const user = await account();
    const native = await subscribe(user.token, { kind: 'fcm', token: `dGVzdA:${'x'.repeat(140)}` });
    expect(native).toMatchObject({ status: 580, msg: 'Push notifications are not set up on this server' });
  });

  it(`holds at most ${PUSH_SUBSCRIPTIONS_PER_USER} per account, however many arrive at once`, async () => {
    const user = await account();
    const id = await userIdOf(user.uid);
    const answers = await Promise.all(
      Array.from({ length: PUSH_SUBSCRIPTIONS_PER_USER + 10 }, () => subscribe(user.token, browserKeys().json(fcm()))),
    );
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(PUSH_SUBSCRIPTIONS_PER_USER);
    const refused = answers.filter((answer) => answer.status === 409);
    expect(refused).toHaveLength(10);
    expect(refused[0]?.msg).toMatch(/Too many devices/);
    const held = await endpointsOf(id);
    expect(held).toHaveLength(PUSH_SUBSCRIPTIONS_PER_USER);
    // At the cap, a browser already subscribed may subscribe again (new keys), and another after one leaves.
    expect((await subscribe(user.token, browserKeys().json(held[0] as string))).status).toBe(200);
    const left = await t.call('POST', '/push/unsubscribe', { token: user.token, body: { endpoint: held[1] } });
    expect(left.status).toBe(200);
    expect((await subscribe(user.token, browserKeys().json(fcm()))).status).toBe(200);
    expect(await endpointsOf(id)).toHaveLength(PUSH_SUBSCRIPTIONS_PER_USER);
  });
});

describe('POST /push/unsubscribe', () => {
  it("removes the caller's own subscription and never someone else's", async () => {
    const owner = await account();
    const other = await account();
    const endpoint = fcm();
    await subscribe(owner.token, browserKeys().json(endpoint));
    const foreign = await t.call('POST', '/push/unsubscribe', { token: other.token, body: { endpoint } });
    expect(foreign.status).toBe(200);
    expect(await endpointsOf(await userIdOf(owner.uid))).toEqual([endpoint]);
    await t.call('POST', '/push/unsubscribe', { token: owner.token, body: { endpoint } });
    expect(await endpointsOf(await userIdOf(owner.uid))).toEqual([]);
    expect((await t.call('POST', '/push/unsubscribe', { token: owner.token, body: {} })).status).toBe(400);
  });
});

describe('a session that ends takes its subscriptions with it', () => {
  it('on logout, only that session’s', async () => {
    const email = `push${accounts++}@example.com`;
    const user = await t.register(email);
    const id = await userIdOf(user.uid);
    const second = await login(email);
    const [a, b] = [fcm(), fcm()];
    await subscribe(user.token, browserKeys().json(a));
    await subscribe(second, browserKeys().json(b));
    expect((await t.call('POST', '/user/logout', { token: second })).status).toBe(200);
    await vi.waitFor(async () => expect(await endpointsOf(id)).toEqual([a]));
  });

  it('on a password change, every other session’s', async () => {
    const email = `push${accounts++}@example.com`;
    const user = await t.register(email);
    const id = await userIdOf(user.uid);
    const other = await login(email);
    const [mine, theirs] = [fcm(), fcm()];
    await subscribe(user.token, browserKeys().json(mine));
    await subscribe(other, browserKeys().json(theirs));
    const changed = await t.call('POST', '/user/password/change', {
      token: user.token,
      body: { oldPassword: hashLoginPassword('abc12345'), password: hashLoginPassword('new12345') },
    });
    expect(changed.status, changed.msg).toBe(200);
    await vi.waitFor(async () => expect(await endpointsOf(id)).toEqual([mine]));
  });

  it('when the account is deleted, all of them', async () => {
    const email = `push${accounts++}@example.com`;
    const user = await t.register(email);
    const id = await userIdOf(user.uid);
    await subscribe(user.token, browserKeys().json(fcm()));
    await subscribe(await login(email), browserKeys().json(fcm()));
    expect(await endpointsOf(id)).toHaveLength(2);
    await t.call('POST', '/user/deleteAccount/vcode', { token: user.token });
    const vcode = await t.code(email);
    const deleted = await t.call('POST', '/user/deleteAccount', {
      token: user.token,
      body: { password: hashLoginPassword('abc12345'), vcode },
    });
    expect(deleted.status, deleted.msg).toBe(200);
    await vi.waitFor(async () => expect(await endpointsOf(id)).toEqual([]));
  });

  it('a browser subscribed again by another account moves to it', async () => {
    const first = await account();
    const second = await account();
    const endpoint = fcm();
    await subscribe(first.token, browserKeys().json(endpoint));
    await subscribe(second.token, browserKeys().json(endpoint));
    expect(await endpointsOf(await userIdOf(first.uid))).toEqual([]);
    expect(await endpointsOf(await userIdOf(second.uid))).toEqual([endpoint]);
  });
});
