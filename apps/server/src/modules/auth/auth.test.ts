import { hashLoginPassword, URL_SECRET_KEYS } from '@polaris/contract';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailCodes, sessions, users } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const pw = hashLoginPassword;

describe('the account journey', () => {
  const email = 'journey@example.com';

  it('registers with an emailed code, then knows the user', async () => {
    const sent = await t.call('POST', '/user/vcode/send', {
      body: { email: 'Journey@Example.com ', purpose: 'signup' },
    });
    expect(sent).toMatchObject({ http: 200, status: 200, attachment: { resendIn: 60 } });
    const vcode = await t.code(email);
    expect(vcode).toMatch(/^\d{6}$/);
    const signup = await t.call<{ token: string; uid: string }>('POST', '/user/signup', {
      body: { email, vcode, password: pw('abc12345') },
    });
    expect(signup.status).toBe(200);
    expect(Number(signup.attachment.uid)).toBeGreaterThanOrEqual(10000001);
    const info = await t.call<{ email: string; uid: string }>('GET', '/user/info', { token: signup.attachment.token });
    expect(info.attachment).toMatchObject({ email, uid: signup.attachment.uid, uname: null, emailBound: true });
    expect(info.attachment).not.toHaveProperty('passwordHash');
  });

  it('logs out, after which the token answers 9999', async () => {
    const login = await t.call<{ token: string }>('POST', '/user/login', { body: { email, password: pw('abc12345') } });
    const token = login.attachment.token;
    const out = await t.call('POST', '/user/logout', { token });
    expect(out).toMatchObject({ status: 200, msg: 'Exit successful' });
    expect((await t.call('GET', '/user/info', { token })).status).toBe(9999);
  });

  it('gives a new token at every login and stores only its hash', async () => {
    const a = await t.call<{ token: string }>('POST', '/user/login', { body: { email, password: pw('abc12345') } });
    const b = await t.call<{ token: string }>('POST', '/user/signin', { body: { email, password: pw('abc12345') } });
    expect(a.attachment.token).not.toBe(b.attachment.token);
    const stored = await t.database.db.select({ tokenHash: sessions.tokenHash }).from(sessions);
    expect(stored.map((row) => row.tokenHash)).not.toContain(a.attachment.token);
  });

  it('logs in by code', async () => {
    const sent = await t.call('POST', '/user/vcode/send', { body: { email, purpose: 'login' } });
    expect(sent.status).toBe(200);
    const vcode = await t.code(email);
    const login = await t.call<{ token: string; uid: string; signingKey: string }>('POST', '/user/login/vcode', {
      body: { email, vcode },
    });
    expect(login.status).toBe(200);
    expect(login.attachment).toMatchObject({
      token: expect.any(String),
      signingKey: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    // The session is this account's, and the code is used up: the same code logs nobody in again.
    const info = await t.call<{ email: string; uid: string }>('GET', '/user/info', { token: login.attachment.token });
    expect(info).toMatchObject({ status: 200, attachment: { email, uid: login.attachment.uid } });
    const again = await t.call('POST', '/user/login/vcode', { body: { email, vcode } });
    expect(again).toMatchObject({ status: 400, attachment: [{ field: 'vcode' }] });
  });

  it('resets the password, ending every session, and only the new password works', async () => {
    const before = await t.call<{ token: string }>('POST', '/user/login', {
      body: { email, password: pw('abc12345') },
    });
    await t.call('POST', '/user/vcode/send', { body: { email, purpose: 'reset' } });
    const vcode = await t.code(email);
    const reset = await t.call('POST', '/user/reset', { body: { email, vcode, password: pw('newpass99') } });
    expect(reset.status).toBe(200);
    expect((await t.call('GET', '/user/info', { token: before.attachment.token })).status).toBe(9999);
    const old = await t.call('POST', '/user/login', { body: { email, password: pw('abc12345') } });
    expect(old).toMatchObject({ status: 400, attachment: [{ field: 'password' }] });
    const fresh = await t.call('POST', '/user/login', { body: { email, password: pw('newpass99') } });
    expect(fresh.status).toBe(200);
  });
});

describe('email codes', () => {
  it('refuses a second code within 60 seconds and says how long to wait', async () => {
    const email = 'often@example.com';
    await t.call('POST', '/user/vcode/send', { body: { email, purpose: 'signup' } });
    t.clock.advance(20_000);
    const again = await t.call<{ resendIn: number }>('POST', '/user/vcode/send', {
      body: { email, purpose: 'signup' },
    });
    expect(again.status).toBe(409);
    expect(again.attachment.resendIn).toBe(40);
    expect(again.msg).toBe('Do not request it too frequently, try again in 40 seconds');
    t.clock.advance(41_000);
    expect((await t.call('POST', '/user/vcode/send', { body: { email, purpose: 'signup' } })).status).toBe(200);
  });

  it('expires a code after 10 minutes', async () => {
    const email = 'late@example.com';
    await t.call('POST', '/user/vcode/send', { body: { email, purpose: 'signup' } });
    const vcode = await t.code(email);
    t.clock.advance(10 * 60_000 + 1);
    const signup = await t.call('POST', '/user/signup', { body: { email, vcode, password: pw('abc12345') } });
    expect(signup).toMatchObject({ status: 400, attachment: [{ field: 'vcode' }] });
  });

  it('accepts a code once', async () => {
    const { token: _ } = await t.register('once@example.com');
    await t.call('POST', '/user/vcode/send', { body: { email: 'once@example.com', purpose: 'login' } });
    const vcode = await t.code('once@example.com');
    expect((await t.call('POST', '/user/login/vcode', { body: { email: 'once@example.com', vcode } })).status).toBe(
      200,
    );
    expect((await t.call('POST', '/user/login/vcode', { body: { email: 'once@example.com', vcode } })).status).toBe(
      400,
    );
  });

  it('accepts only the newest code', async () => {
    const email = 'newest@example.com';
    await t.register(email);
    await t.call('POST', '/user/vcode/send', { body: { email, purpose: 'login' } });
    const first = await t.code(email);
    t.clock.advance(61_000);
    await new Promise((resolve) => setTimeout(resolve, 5)); // outbox file names sort by wall-clock time
    await t.call('POST', '/user/vcode/send', { body: { email, purpose: 'login' } });
    const second = await t.code(email);
    if (first !== second) {
      expect((await t.call('POST', '/user/login/vcode', { body: { email, vcode: first } })).status).toBe(400);
    }
    expect((await t.call('POST', '/user/login/vcode', { body: { email, vcode: second } })).status).toBe(200);
  });

  it('kills a code after 5 wrong tries', async () => {
    const email = 'guess@example.com';
    await t.register(email);
    const guessed = async (wrongTries: number) => {
      await t.call('POST', '/user/vcode/send', { body: { email, purpose: 'login' } });
      const vcode = (await t.code(email))!;
      const wrong = vcode === '000000' ? '111111' : '000000';
      for (let i = 0; i < wrongTries; i++) {
        expect((await t.call('POST', '/user/login/vcode', { body: { email, vcode: wrong } })).status).toBe(400);
      }
      return (await t.call('POST', '/user/login/vcode', { body: { email, vcode } })).status;
    };
    // Four wrong tries leave the code alive; the fifth kills it.
    expect(await guessed(4)).toBe(200);
    t.clock.advance(61_000);
    expect(await guessed(5)).toBe(400);
  });

  it('does not send a sign-up code to a registered email, nor a login code to an unknown one', async () => {
    await t.register('taken@example.com');
    const signup = await t.call('POST', '/user/vcode/send', {
      body: { email: 'taken@example.com', purpose: 'signup' },
    });
    expect(signup).toMatchObject({ status: 409, attachment: [{ field: 'email' }] });
    const login = await t.call('POST', '/user/vcode/send', { body: { email: 'nobody@example.com', purpose: 'login' } });
    expect(login).toMatchObject({
      status: 400,
      msg: 'This email has not been registered',
      attachment: [{ field: 'email', message: 'This email has not been registered' }],
    });
  });
});

describe('account rules', () => {
  it('says "this email has not been registered" in the request language', async () => {
    const body = { email: 'ghost@example.com', password: pw('abc12345') };
    expect((await t.call('POST', '/user/login', { body, locale: 'zh_TW' })).msg).toBe('此電子郵件尚未註冊');
    expect((await t.call('POST', '/user/login', { body, locale: 'zh_CN' })).msg).toBe('该邮箱尚未注册');
    expect((await t.call('POST', '/user/login', { body, headers: { locale: '' } })).msg).toBe('此電子郵件尚未註冊');
  });

  it('refuses an unknown invitation code and records the inviter of a known one', async () => {
    const inviter = await t.register('inviter@example.com');
    const info = await t.call<{ inviteCode: string }>('GET', '/user/info', { token: inviter.token });
    const email = 'invitee@example.com';
    await t.call('POST', '/user/vcode/send', { body: { email, purpose: 'signup' } });
    const vcode = await t.code(email);
    const bad = await t.call('POST', '/user/signup', {
      body: { email, vcode, password: pw('abc12345'), inviteCode: 'ZZZZ9999' },
    });
    expect(bad).toMatchObject({ status: 400, attachment: [{ field: 'inviteCode' }] });
    const good = await t.call('POST', '/user/signup', {
      body: { email, vcode, password: pw('abc12345'), inviteCode: info.attachment.inviteCode.toLowerCase() },
    });
    expect(good.status).toBe(200);
    const [row] = await t.database.db.select().from(users).where(eq(users.email, email));
    const [inviterRow] = await t.database.db.select().from(users).where(eq(users.email, 'inviter@example.com'));
    expect(row?.invitedBy).toBe(inviterRow?.id);
  });
});

describe('sessions', () => {
  it('answers 401 without a token, 9999 with an unknown, expired or mismatched one', async () => {
    const { token, uid } = await t.register('sessions@example.com');
    expect((await t.call('GET', '/user/info')).status).toBe(401);
    expect((await t.call('GET', '/user/info', { token: 'nonsense' })).status).toBe(9999);
    expect((await t.call('GET', '/user/info', { token, headers: { uid: '1' } })).status).toBe(9999);
    expect((await t.call('GET', '/user/info', { token, headers: { uid } })).status).toBe(200);
    expect((await t.call('GET', '/user/info', { query: { token } })).status).toBe(200);
    t.clock.advance(31 * 86_400_000);
    expect((await t.call('GET', '/user/info', { token })).status).toBe(9999);
  });
});

describe('bad input', () => {
  const endpoints: { path: string; valid: Record<string, unknown> }[] = [
    { path: '/user/vcode/send', valid: { email: 'x@example.com', purpose: 'signup' } },
    { path: '/user/checkIsBindEmail', valid: { email: 'x@example.com' } },
    {
      path: '/user/signup',
      valid: { email: 'x@example.com', vcode: '123456', password: pw('abc12345'), inviteCode: 'ABC' },
    },
    { path: '/user/login', valid: { email: 'x@example.com', password: pw('abc12345') } },
    { path: '/user/signin', valid: { email: 'x@example.com', password: pw('abc12345') } },
    { path: '/user/login/vcode', valid: { email: 'x@example.com', vcode: '123456' } },
    { path: '/user/reset', valid: { email: 'x@example.com', vcode: '123456', password: pw('abc12345') } },
  ];
  const wrongValues: [string, unknown][] = [
    ['missing', undefined],
    ['empty', ''],
    ['a number', 12345678],
    ['an object', { $ne: null }],
    ['an array', ['a', 'b']],
    ['oversized', 'x'.repeat(5000)],
  ];

  async function writesSoFar() {
    const db = t.database.db;
    const [u] = await db.select({ n: count() }).from(users);
    const [c] = await db.select({ n: count() }).from(emailCodes);
    const [s] = await db.select({ n: count() }).from(sessions);
    return [u?.n, c?.n, s?.n];
  }

  for (const { path, valid } of endpoints) {
    for (const field of Object.keys(valid)) {
      for (const [label, value] of wrongValues) {
        if (field === 'inviteCode' && (label === 'missing' || label === 'empty')) continue; // optional field
        it(`${path} answers 400 naming ${field} when it is ${label}`, async () => {
          const before = await writesSoFar();
          const body = { ...valid, [field]: value };
          const result = await t.call<{ field: string; message: string }[]>('POST', path, { body });
          expect(result.http).toBe(200);
          expect(result.status).toBe(400);
          expect(result.attachment.map((entry) => entry.field)).toContain(field);
          expect(result.msg.length).toBeGreaterThan(0);
          expect(await writesSoFar()).toEqual(before);
        });
      }
    }

    it(`${path} answers 400 on a body that is not JSON, or not an object`, async () => {
      const broken = await t.call('POST', path, { rawBody: '{"email": ' });
      expect(broken).toMatchObject({ http: 200, status: 400, attachment: [{ field: 'body' }] });
      const list = await t.call('POST', path, { rawBody: '[1,2]' });
      expect(list).toMatchObject({ http: 200, status: 400, attachment: [{ field: 'body' }] });
      const text = await t.call('POST', path, { rawBody: 'email=a', contentType: 'text/plain' });
      expect(text).toMatchObject({ http: 200, status: 400 });
    });
  }

  it('names the field in the user language', async () => {
    const result = await t.call('POST', '/user/login', { body: { password: pw('abc12345') }, locale: 'zh_HK' });
    expect(result).toMatchObject({ status: 400, attachment: [{ field: 'email', message: '電子郵件不能為空' }] });
  });

  it('refuses passwords and codes in the URL', async () => {
    const result = await t.call('POST', '/user/login', {
      query: { email: 'x@example.com', password: pw('abc12345') },
    });
    expect(result).toMatchObject({ status: 400, attachment: [{ field: 'password' }] });
    // Every secret the contract names, on an envelope route and on a file route alike.
    for (const key of URL_SECRET_KEYS) {
      for (const [method, route] of [
        ['POST', '/user/login'],
        ['GET', '/calendar/export.ics'],
      ] as const) {
        const refused = await t.call(method, route, { query: { [key]: '123456' } });
        expect(refused, `${key} on ${route}`).toMatchObject({ http: 200, status: 400, attachment: [{ field: key }] });
      }
    }
  });

  it('answers HTTP 413 for a body over 1 MiB, and HTTP 404 for an unknown route', async () => {
    const huge = await t.call('POST', '/user/login', { rawBody: JSON.stringify({ email: 'x'.repeat(1_100_000) }) });
    expect(huge).toMatchObject({ http: 413, status: 413 });
    const missing = await t.call('GET', '/no/such/route');
    expect(missing).toMatchObject({ http: 404, status: 404 });
  });
});
