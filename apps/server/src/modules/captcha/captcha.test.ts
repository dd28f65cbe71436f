import { type CaptchaChallenge, hashLoginPassword, type RedPacket } from '@polaris/contract';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captchaSolutions } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { solveCaptcha } from '../../test/captcha.ts';
import { latestMail } from '../../test/outbox.ts';
import { seedPeople } from '../../test/seed-people.ts';
import { deposit, newKey, type WalletUser, walletUser } from '../../test/wallet-fixtures.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const sendCode = (email: string, captcha: string | undefined, locale?: string) =>
  t.call('POST', '/user/vcode/send', { body: { email, purpose: 'signup', captcha }, locale });

const captchaRefusal = (msg: string) => ({ status: 400, msg, attachment: [{ field: 'captcha', message: msg }] });

describe('the challenge', () => {
  it('is signed, expires, and is never cached', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/rest/polarisex/captcha/challenge' });
    expect(response.headers['cache-control']).toBe('no-store');
    const { attachment } = response.json() as { attachment: CaptchaChallenge };
    expect(attachment.parameters).toMatchObject({ algorithm: 'SHA-256', cost: 1 });
    expect(attachment.signature).toMatch(/^[0-9a-f]{64}$/);
    expect(attachment.parameters.expiresAt).toBeGreaterThan(Date.now() / 1000);
  });
});

describe('sending a code', () => {
  it('refuses a request without a captcha, in the caller’s language', async () => {
    expect(await sendCode('none@example.com', undefined)).toMatchObject(
      captchaRefusal('Please complete the human check first'),
    );
    expect(await sendCode('none@example.com', undefined, 'zh_HK')).toMatchObject(captchaRefusal('請先完成人機驗證'));
    expect(await sendCode('none@example.com', undefined, 'zh_CN')).toMatchObject(captchaRefusal('请先完成人机验证'));
  });

  it('refuses a wrong solution, a forged challenge and garbage', async () => {
    const payload = JSON.parse(Buffer.from(await solveCaptcha(t.call), 'base64').toString());
    const key: string = payload.solution.derivedKey;
    const wrongKey = `${key.slice(0, -1)}${key.endsWith('0') ? '1' : '0'}`;
    const wrong = { ...payload, solution: { ...payload.solution, derivedKey: wrongKey } };
    const forged = {
      ...payload,
      challenge: { ...payload.challenge, parameters: { ...payload.challenge.parameters, cost: 2 } },
    };
    const invalid = captchaRefusal('The human check could not be verified, please try again');
    for (const bad of [wrong, forged]) {
      expect(await sendCode('bad@example.com', Buffer.from(JSON.stringify(bad)).toString('base64'))).toMatchObject(
        invalid,
      );
    }
    expect(await sendCode('bad@example.com', 'not base64 json')).toMatchObject(invalid);
    expect(await sendCode('bad@example.com', 'x'.repeat(5000))).toMatchObject(invalid);
    const nul = await sendCode('bad@example.com', 'abc\u0000');
    expect(nul).toMatchObject({ status: 400, attachment: [{ field: 'captcha' }] });
    expect(await latestMail(t.outbox, 'bad@example.com')).toBeUndefined();
  });

  it('accepts a solution once: the second use is refused', async () => {
    const captcha = await solveCaptcha(t.call);
    expect((await sendCode('once@example.com', captcha)).status).toBe(200);
    expect(await sendCode('twice@example.com', captcha)).toMatchObject(
      captchaRefusal('This human check has already been used, please do it again'),
    );
  });

  it('accepts one of 200 simultaneous uses of one solution', async () => {
    const captcha = await solveCaptcha(t.call);
    const results = await Promise.all(
      Array.from({ length: 200 }, (_, i) => sendCode(`crowd${i}@example.com`, captcha)),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.msg === 'This human check has already been used, please do it again')).toHaveLength(
      199,
    );
  });

  it('refuses a solution whose challenge has expired', async () => {
    const captcha = await solveCaptcha(t.call);
    t.clock.advance(20 * 60_000 + 1000);
    expect(await sendCode('late@example.com', captcha)).toMatchObject(
      captchaRefusal('The human check has expired, please do it again'),
    );
  });

  it('forgets claimed solutions once their challenges have expired', async () => {
    await sendCode('sweep@example.com', await solveCaptcha(t.call));
    t.clock.advance(21 * 60_000);
    await sendCode('sweep2@example.com', await solveCaptcha(t.call));
    const [row] = await t.database.db.select({ n: count() }).from(captchaSolutions);
    expect(row?.n).toBe(1);
  });
});

describe('signing up', () => {
  it('needs its own captcha besides the emailed code', async () => {
    const email = 'joiner@example.com';
    await sendCode(email, await solveCaptcha(t.call));
    const body = { email, vcode: await t.code(email), password: hashLoginPassword('abc12345'), captcha: undefined };
    expect(await t.call('POST', '/user/signup', { body })).toMatchObject(
      captchaRefusal('Please complete the human check first'),
    );
    const joined = await t.call('POST', '/user/signup', { body: { ...body, captcha: await solveCaptcha(t.call) } });
    expect(joined.status).toBe(200);
  });
});

describe('red packet claims from a client that looks automated', () => {
  let alice: WalletUser;
  let person: { token: string };
  const packets: RedPacket[] = [];

  beforeAll(async () => {
    alice = await walletUser(t, 'sender@example.com');
    await deposit(t, alice.email, 'USDT', 'BSC', '100');
    person = (await seedPeople(t.database, 1, 'sweeper'))[0]!;
    for (let i = 0; i < 12; i++) packets.push(await sendOne());
  }, 60_000);

  async function sendOne() {
    const sent = await t.call<RedPacket>('POST', '/redpacket/send', {
      token: alice.token,
      body: {
        kind: 'share',
        asset: 'USDT',
        amount: '1',
        count: 1,
        validity: 1,
        validityUnit: 'day',
        tradePassword: alice.trade,
        idempotencyKey: newKey(),
      },
    });
    expect(sent.status).toBe(200);
    return sent.attachment;
  }

  const claim = (code: string, captcha?: string) =>
    t.call('POST', '/redpacket/claim', { token: person.token, body: { redpacketCode: code, captcha } });

  it('lets exactly ten of fifteen packets opened at once through without the captcha', async () => {
    const [burst] = await seedPeople(t.database, 1, 'burst');
    const sent = [];
    for (let i = 0; i < 15; i++) sent.push(await sendOne());
    const results = await Promise.all(
      sent.map((packet) =>
        t.call('POST', '/redpacket/claim', { token: burst!.token, body: { redpacketCode: packet.code } }),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(10);
    expect(results.filter((r) => r.msg === 'Please complete the human check first')).toHaveLength(5);
  });

  it('opens ten packets in a minute freely, then asks for the captcha, then lets a solved one through', async () => {
    for (const packet of packets.slice(0, 10)) {
      const [a, b] = await Promise.all([claim(packet.code), claim(packet.code)]);
      expect([a.status, b.status].sort()).toEqual([200, 409]);
    }
    expect(await claim(packets[10]!.code)).toMatchObject(captchaRefusal('Please complete the human check first'));
    expect((await claim(packets[10]!.code, await solveCaptcha(t.call))).status).toBe(200);
    t.clock.advance(61_000);
    expect((await claim(packets[11]!.code)).status).toBe(200);
  });
});
