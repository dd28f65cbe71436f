import { hashLoginPassword, SECURITY_HOLD_MS } from '@polaris/contract';
import { eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { securityHolds, users } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { latestSmsCode } from '../../test/outbox.ts';
import { adminToken, balanceOf, deposit, newKey, type WalletUser, walletUser } from '../../test/wallet-fixtures.ts';
import { checkLedger } from '../wallet/ledger.store.ts';

let t: TestApp;
let bob: WalletUser;
const EVM_ADDRESS = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const pw = hashLoginPassword;

beforeAll(async () => {
  t = await createTestApp();
  bob = await walletUser(t, 'hold-bob@example.com');
});
afterAll(async () => {
  expect(await checkLedger(t.database.db)).toEqual([]);
  await t.close();
});

async function funded(email: string): Promise<WalletUser> {
  const user = await walletUser(t, email);
  await deposit(t, email, 'USDT', 'BSC', '100', `0x${newKey().replace(/[^0-9a-f]/g, '')}${email.length}`);
  return user;
}

const send = (user: WalletUser, to: string, extra: Record<string, unknown> = {}, locale?: string) =>
  t.call<{ reason?: string; until?: string | null }>('POST', '/wallet/transfer', {
    token: user.token,
    locale,
    body: { asset: 'USDT', amount: '5', to, tradePassword: user.trade, idempotencyKey: newKey(), ...extra },
  });
const toBob = (user: WalletUser, locale?: string) => send(user, bob.uid, {}, locale);
const withdraw = (user: WalletUser) => send(user, EVM_ADDRESS, { chainId: 201 });
const holdsOf = (user: { token: string }) =>
  t.call<{ frozen: boolean; holds: { reason: string; since: string; until: string | null }[] }>(
    'GET',
    '/user/security/holds',
    { token: user.token },
  );

/** Both ways money leaves are refused with the reason and the end of the hold, and nothing moves. */
async function expectHeld(user: WalletUser, reason: string) {
  const before = await balanceOf(t, user.token, 'USDT');
  const until = new Date(t.clock.now().getTime() + SECURITY_HOLD_MS).toISOString();
  for (const refused of [await toBob(user), await withdraw(user)]) {
    expect(refused).toMatchObject({ status: 409, attachment: { reason } });
    // The hold began moments ago (the change), so it ends within a few seconds of a day from now.
    expect(Math.abs(Date.parse(refused.attachment.until!) - Date.parse(until))).toBeLessThan(60_000);
    expect(refused.msg).toContain(refused.attachment.until!.slice(0, 10));
  }
  expect(await balanceOf(t, user.token, 'USDT')).toEqual(before);
  const holds = await holdsOf(user);
  expect(holds.attachment).toMatchObject({ frozen: false, holds: [{ reason }] });
}

/** A day later the hold is over: money leaves again. */
async function expectReleasedAfterADay(user: WalletUser) {
  t.clock.advance(SECURITY_HOLD_MS + 1000);
  expect((await toBob(user)).status).toBe(200);
  expect((await holdsOf(user)).attachment.holds).toEqual([]);
}

describe('holds after security changes', () => {
  it('a password change holds withdrawals and transfers out for 24 hours, saying why and until when', async () => {
    const ann = await funded('hold-ann@example.com');
    expect((await toBob(ann)).status).toBe(200);
    await t.call('POST', '/user/password/vcode', { token: ann.token });
    const changed = await t.call('POST', '/user/password/change', {
      token: ann.token,
      body: { oldPassword: pw('abc12345'), password: pw('newpass99') },
    });
    expect(changed.status).toBe(200);
    await expectHeld(ann, 'passwordChanged');
    const chinese = await toBob(ann, 'zh_TW');
    expect(chinese.msg).toMatch(/^提領和轉出已暫停至 \d{4}-\d\d-\d\d \d\d:\d\d UTC：登入密碼已修改$/);
    const english = await toBob(ann, 'en_US');
    expect(english.msg).toMatch(/paused until .* UTC: the login password was changed$/);
    // Just before the day is over it still holds.
    t.clock.advance(SECURITY_HOLD_MS - 120_000);
    expect((await toBob(ann)).status).toBe(409);
    t.clock.advance(120_000);
    expect((await toBob(ann)).status).toBe(200);
  });

  it('a password reset holds them too', async () => {
    const ben = await funded('hold-ben@example.com');
    await t.call('POST', '/user/vcode/send', { body: { email: ben.email, purpose: 'reset' } });
    const vcode = await t.code(ben.email);
    expect(
      (await t.call('POST', '/user/reset', { body: { email: ben.email, vcode, password: pw('newpass99') } })).status,
    ).toBe(200);
    const login = await t.call<{ token: string }>('POST', '/user/login', {
      body: { email: ben.email, password: pw('newpass99') },
    });
    const session = { ...ben, token: login.attachment.token };
    await expectHeld(session, 'passwordReset');
    await expectReleasedAfterADay(session);
  });

  it('switching Google Authenticator off holds them', async () => {
    const cat = await funded('hold-cat@example.com');
    const code = () => generate({ secret, epoch: Math.floor(t.clock.now().getTime() / 1000) });
    const { secret } = (await t.call<{ secret: string }>('POST', '/user/gauth/enrol', { token: cat.token })).attachment;
    expect(
      (await t.call('POST', '/user/gauth/confirm', { token: cat.token, body: { totp: await code() } })).status,
    ).toBe(200);
    // Switching it on holds nothing: it adds protection.
    t.clock.advance(30_000);
    expect((await toBob(cat)).status).toBe(468);
    expect((await send(cat, bob.uid, { totp: await code() })).status).toBe(200);
    t.clock.advance(30_000);
    expect(
      (await t.call('POST', '/user/gauth/disable', { token: cat.token, body: { totp: await code() } })).status,
    ).toBe(200);
    await expectHeld(cat, 'secondFactorOff');
    await expectReleasedAfterADay(cat);
  });

  it('changing the phone number holds them; binding the first one does not', async () => {
    const dan = await funded('hold-dan@example.com');
    const bind = async (phone: string, e164: string) => {
      await t.call('POST', '/user/binding/phone/vcode', { token: dan.token, body: { areaCode: '886', phone } });
      const vcode = (await latestSmsCode(t.outbox, e164))!;
      const bound = await t.call('POST', '/user/binding/phone', {
        token: dan.token,
        body: { areaCode: '886', phone, vcode },
      });
      expect(bound.status).toBe(200);
    };
    await bind('912345678', '+886912345678');
    expect((await toBob(dan)).status).toBe(200);
    t.clock.advance(61_000);
    await bind('912345600', '+886912345600');
    await expectHeld(dan, 'phoneChanged');
    await expectReleasedAfterADay(dan);
  });

  it('a sign-in from a new device holds them; another sign-in from a known one does not', async () => {
    const eve = await funded('hold-eve@example.com');
    const login = (userAgent: string) =>
      t.call<{ token: string }>('POST', '/user/login', {
        headers: { 'user-agent': userAgent },
        body: { email: eve.email, password: pw('abc12345') },
      });
    // The account's first device is the one it signed up on (inject's own agent).
    expect((await login('lightMyRequest')).status).toBe(200);
    expect((await toBob(eve)).status).toBe(200);
    const phone = await login(
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 Safari/604.1',
    );
    expect(phone.status).toBe(200);
    await expectHeld(eve, 'newDevice');
    await expectHeld({ ...eve, token: phone.attachment.token }, 'newDevice');
    await expectReleasedAfterADay(eve);
  });

  it('holds a red packet, which others claim, and leaves paying the app for something alone', async () => {
    const fay = await funded('hold-fay@example.com');
    await t.call('POST', '/user/password/change', {
      token: fay.token,
      body: { oldPassword: pw('abc12345'), password: pw('newpass99') },
    });
    const packet = await t.call('POST', '/redpacket/send', {
      token: fay.token,
      body: {
        ...{ kind: 'share', asset: 'USDT', amount: '4', count: 4, validity: 1, validityUnit: 'day' },
        ...{ tradePassword: fay.trade, idempotencyKey: newKey() },
      },
    });
    expect(packet).toMatchObject({ status: 409, attachment: { reason: 'passwordChanged' } });
    // A membership is paid to the app: not money out.
    const plans = await t.call<{ items: { id: string }[] }>('GET', '/vipinfo/queryList');
    expect(plans.status).toBe(200);
  });
});

describe('freezing my own account', () => {
  const freeze = (user: WalletUser, password: string) =>
    t.call('POST', '/user/security/freeze', { token: user.token, body: { password: pw(password) } });
  const login = (email: string) =>
    t.call<{ token: string }>('POST', '/user/login', { body: { email, password: pw('abc12345') }, locale: 'zh_TW' });
  const operator = async (method: 'GET' | 'POST', path: string, body?: unknown) =>
    t.call<{ items?: { uid: string }[] }>(method, path, { headers: { 'x-admin-token': await adminToken(t) }, body });

  it('stops withdrawals, transfers and sign-ins at once, until an operator unfreezes it', async () => {
    const gus = await funded('freeze-gus@example.com');
    const other = await login(gus.email);
    expect((await freeze(gus, 'wrong-one')).status).toBe(400);
    expect((await toBob(gus)).status).toBe(200);
    expect((await freeze(gus, 'abc12345')).status).toBe(200);
    // Every session ended, this one and any other.
    expect((await toBob(gus)).status).toBe(9999);
    expect((await t.call('GET', '/user/info', { token: other.attachment.token })).status).toBe(9999);
    const refused = await login(gus.email);
    expect(refused).toMatchObject({ status: 403, msg: '此帳戶已凍結。請聯絡客服，核實身分後解凍' });
    // A day changes nothing: only an operator lifts it.
    t.clock.advance(SECURITY_HOLD_MS * 3);
    expect((await login(gus.email)).status).toBe(403);
    const frozen = await operator('GET', '/admin/security/frozen');
    expect(frozen.attachment.items?.map((item) => item.uid)).toContain(gus.uid);
    // Without the operator token nothing is lifted.
    expect((await t.call('POST', '/admin/security/unfreeze', { body: { owner: gus.uid, note: 'x' } })).status).not.toBe(
      200,
    );
    const lifted = await operator('POST', '/admin/security/unfreeze', {
      owner: gus.uid,
      note: 'ID and selfie matched',
    });
    expect(lifted.status).toBe(200);
    expect((await operator('POST', '/admin/security/unfreeze', { owner: gus.uid, note: 'again' })).status).toBe(404);
    const back = await login(gus.email);
    expect(back.status).toBe(200);
    const session = { ...gus, token: back.attachment.token };
    expect((await toBob(session)).status).toBe(200);
    expect((await holdsOf(session)).attachment).toEqual({ frozen: false, holds: [] });
  });

  it('refuses money out while frozen by itself, not only by ending the sessions', async () => {
    // A freeze written beside a live session (none survives a real freeze, as above): the policy still refuses.
    const hal = await funded('freeze-hal@example.com');
    const [row] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, hal.email));
    await t.database.db.insert(securityHolds).values({ userId: row!.id, reason: 'frozen', since: t.clock.now() });
    const refused = await toBob(hal, 'en_US');
    expect(refused).toMatchObject({ status: 409, attachment: { reason: 'frozen', until: null } });
    expect(refused.msg).toMatch(/^Your account is frozen/);
    expect((await holdsOf(hal)).attachment).toMatchObject({ frozen: true, holds: [{ reason: 'frozen', until: null }] });
  });
});
