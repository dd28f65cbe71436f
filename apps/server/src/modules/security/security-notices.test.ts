import { hashLoginPassword } from '@polaris/contract';
import { sql } from 'drizzle-orm';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { query } from '../../db/client.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { noticesOf, userIdOf } from '../../test/notice-inbox.ts';
import { deviceOf } from '../auth/device.ts';

/**
 * Security notices (docs/notifications.md, "Events: bounties, membership, security"): a sign-in from a new device, the password changed or reset,
 * the authenticator turned on or off. One notice each, once, in the reader's language; email goes even in quiet hours.
 */

const CHROME_ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.6778.81 Mobile Safari/537.36';
/** The same browser and phone after an update: not a new device. */
const CHROME_ANDROID_UPDATED =
  'Mozilla/5.0 (Linux; Android 15; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/133.0.6943.49 Mobile Safari/537.36';
const FIREFOX_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const signIn = (email: string, userAgent?: string, password = 'abc12345') =>
  t.call<{ token: string }>('POST', '/user/signin', {
    body: { email, password: hashLoginPassword(password) },
    headers: userAgent ? { 'user-agent': userAgent } : {},
  });

async function knownDevices(userId: number) {
  const { rows } = await query<{ device: string }>(
    t.database.db,
    sql`select device from known_devices where user_id = ${userId} order by first_seen_at`,
  );
  return rows.map((row) => row.device);
}

describe('what a device is', () => {
  it('is the browser family and the system, whatever their versions', () => {
    expect(deviceOf(CHROME_ANDROID).name).toBe('Chrome on Android');
    expect(deviceOf(CHROME_ANDROID_UPDATED).fingerprint).toBe(deviceOf(CHROME_ANDROID).fingerprint);
    expect(deviceOf(FIREFOX_WINDOWS).name).toBe('Firefox on Windows');
    expect(deviceOf(SAFARI_IPHONE).name).toBe('Safari on iOS');
    expect(
      deviceOf(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
      ).name,
    ).toBe('Edge on Windows');
    expect(
      deviceOf(
        'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
      ).name,
    ).toBe('Safari on macOS');
    expect(deviceOf(FIREFOX_WINDOWS).fingerprint).not.toBe(deviceOf(CHROME_ANDROID).fingerprint);
    expect(deviceOf(undefined).name).toBe('?');
  });
});

describe('sign-in from a new device', () => {
  it('records the first device silently, tells of a new one once, and not of a known one or an updated browser', async () => {
    const email = 'sec-ann@example.com';
    const { token } = await t.register(email); // the first sign-in: the test client's agent
    const annId = await userIdOf(t, token);
    expect(await knownDevices(annId)).toHaveLength(1);
    expect(await noticesOf(t, token, 'newDevice')).toHaveLength(0);
    // The same device again: nothing.
    expect((await signIn(email)).status).toBe(200);
    expect(await noticesOf(t, token, 'newDevice')).toHaveLength(0);

    expect((await signIn(email, CHROME_ANDROID)).status).toBe(200);
    const told = await noticesOf(t, token, 'newDevice');
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({
      category: 'security',
      title: 'New sign-in to your account',
      body: 'Signed in on Chrome on Android. If this was not you, change your password now.',
      link: '/pages/my/security-center/index',
    });
    // The same phone after a browser update, and again: not new.
    expect((await signIn(email, CHROME_ANDROID_UPDATED)).status).toBe(200);
    expect((await signIn(email, CHROME_ANDROID)).status).toBe(200);
    expect(await noticesOf(t, token, 'newDevice')).toHaveLength(1);
    // The table keeps the fingerprint, never the agent.
    const devices = await knownDevices(annId);
    expect(devices).toHaveLength(2);
    expect(devices).toContain(deviceOf(CHROME_ANDROID).fingerprint);
    expect(devices.join(' ')).not.toContain('Chrome');

    // Another new one, signed in from twice at once: one notice.
    const both = await Promise.all([signIn(email, FIREFOX_WINDOWS), signIn(email, FIREFOX_WINDOWS)]);
    expect(both.map((result) => result.status)).toEqual([200, 200]);
    const zh = await noticesOf(t, token, 'newDevice', 'zh_TW');
    expect(zh).toHaveLength(2);
    expect(zh[0]).toMatchObject({
      title: '你的帳號有新的登入',
      body: '在 Firefox on Windows 上登入。如果不是你本人，請立即修改密碼。',
    });
    expect(await knownDevices(annId)).toHaveLength(3);
  });

  it('tells of a new device signing in with an emailed code too', async () => {
    const email = 'sec-cody@example.com';
    const { token } = await t.register(email);
    expect((await t.call('POST', '/user/vcode/send', { body: { email, purpose: 'login' } })).status).toBe(200);
    const vcode = await t.code(email);
    const login = await t.call('POST', '/user/login/vcode', {
      body: { email, vcode },
      headers: { 'user-agent': SAFARI_IPHONE },
    });
    expect(login.status).toBe(200);
    const told = await noticesOf(t, token, 'newDevice');
    expect(told.map((notice) => notice.body)).toEqual([
      'Signed in on Safari on iOS. If this was not you, change your password now.',
    ]);
  });
});

describe('password changed', () => {
  it('tells the owner when it is changed and when it is reset, by email even in quiet hours', async () => {
    const email = 'sec-bea@example.com';
    const { token } = await t.register(email);
    // Reading the inbox in English makes English the language mail is written in.
    expect(await noticesOf(t, token, 'passwordChanged', 'en_US')).toEqual([]);
    // Quiet hours around now (UTC): they hold push back, never a security email.
    const now = t.clock.now();
    const hhmm = (at: Date) => at.toISOString().slice(11, 16);
    const quiet = await t.call('POST', '/notice/preferences', {
      token,
      body: {
        quietHours: {
          start: hhmm(new Date(now.getTime() - 3_600_000)),
          end: hhmm(new Date(now.getTime() + 3_600_000)),
        },
        timezone: 'UTC',
      },
    });
    expect(quiet.status).toBe(200);

    const changed = await t.call('POST', '/user/password/change', {
      token,
      body: { oldPassword: hashLoginPassword('abc12345'), password: hashLoginPassword('newpass123') },
    });
    expect(changed.status).toBe(200);
    const told = await noticesOf(t, token, 'passwordChanged');
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({
      category: 'security',
      title: 'Your password was changed',
      link: '/pages/my/security-center/password/index',
    });
    await t.services.notifications.mails.queueAll(); // the mail worker's first step: the notices' mail written
    const mails = await query<{ recipient: string; subject: string }>(
      t.database.db,
      sql`select recipient, subject from mail_queue where topic = ${`notice:${told[0]!.id}`}`,
    );
    expect(mails.rows).toEqual([{ recipient: email, subject: 'Your password was changed' }]);

    // Reset by emailed code (signed out): every session ends, so the notice is read after signing in again.
    expect((await t.call('POST', '/user/vcode/send', { body: { email, purpose: 'reset' } })).status).toBe(200);
    const reset = await t.call('POST', '/user/reset', {
      body: { email, vcode: await t.code(email), password: hashLoginPassword('third1234') },
    });
    expect(reset.status).toBe(200);
    const again = await signIn(email, undefined, 'third1234');
    expect(again.status).toBe(200);
    const both = await noticesOf(t, again.attachment.token, 'passwordChanged', 'zh_CN');
    expect(both).toHaveLength(2);
    expect(both[0]!.title).toBe('你的密码已修改');
  });
});

describe('the authenticator', () => {
  it('tells the owner it was turned on and off, once each, in their language', async () => {
    const { token } = await t.register('sec-dan@example.com');
    const started = await t.call<{ secret: string }>('POST', '/user/gauth/enrol', { token });
    const { secret } = started.attachment;
    const code = () => generate({ secret, epoch: Math.floor(t.clock.now().getTime() / 1000) });
    expect((await t.call('POST', '/user/gauth/confirm', { token, body: { totp: await code() } })).status).toBe(200);
    // Confirmed again: refused (already on), no second notice.
    t.clock.advance(30_000);
    expect((await t.call('POST', '/user/gauth/confirm', { token, body: { totp: await code() } })).status).toBe(409);
    const on = await noticesOf(t, token, 'secondFactorChanged');
    expect(on).toHaveLength(1);
    expect(on[0]).toMatchObject({
      title: 'Your authenticator was turned on',
      link: '/pages/my/security-center/gauth/index',
    });

    t.clock.advance(30_000);
    expect((await t.call('POST', '/user/gauth/disable', { token, body: { totp: await code() } })).status).toBe(200);
    const zh = await noticesOf(t, token, 'secondFactorChanged', 'zh_TW');
    expect(zh.map((notice) => notice.title)).toEqual(['你的驗證器已關閉', '你的驗證器已開啟']);
    expect(zh[0]!.body).toBe('如果不是你本人，請立即重設密碼。');
  });
});

describe('deleting the account', () => {
  it('wipes the devices it signed in from and its inbox, and a later event tells nobody', async () => {
    const email = 'sec-eve@example.com';
    const { token } = await t.register(email);
    const eveId = await userIdOf(t, token);
    expect((await signIn(email, CHROME_ANDROID)).status).toBe(200);
    expect(await noticesOf(t, token, 'newDevice')).toHaveLength(1);
    expect((await t.call('POST', '/user/deleteAccount/vcode', { token })).status).toBe(200);
    const deleted = await t.call('POST', '/user/deleteAccount', {
      token,
      body: { password: hashLoginPassword('abc12345'), vcode: await t.code(email) },
    });
    expect(deleted.status).toBe(200);
    expect(await knownDevices(eveId)).toEqual([]);
    const count = async () =>
      (await query<{ n: number }>(t.database.db, sql`select count(*)::int as n from notices where user_id = ${eveId}`))
        .rows[0]!.n;
    expect(await count()).toBe(0);
    await t.services.notifications.notify([
      { kind: 'passwordChanged', key: `passwordChanged:${eveId}:after`, userIds: [eveId], params: {}, link: null },
    ]);
    expect(await count()).toBe(0);
  });
});
