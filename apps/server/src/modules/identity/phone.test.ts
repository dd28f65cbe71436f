import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { BoundPhone, Verification } from '@polaris/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { latestSmsCode } from '../../test/outbox.ts';

/** Phone binding through the API: checking a number, the texted code, its tries, and one account per number. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
afterAll(() => t.close());

const check = (body: Record<string, unknown>, locale?: string) =>
  t.call<{ e164: string; available: boolean }>('POST', '/open/check/phone', { body, locale });
const sendCode = (token: string, body: Record<string, unknown>) =>
  t.call<{ resendIn: number }>('POST', '/user/binding/phone/vcode', { token, body });
const bind = (token: string, body: Record<string, unknown>) =>
  t.call<BoundPhone>('POST', '/user/binding/phone', { token, body });
const verification = async (token: string) =>
  (await t.call<Verification>('GET', '/user/verification', { token })).attachment;

describe('checking a phone number', () => {
  it('answers the E.164 form of a valid number and that it is free', async () => {
    const answer = await check({ areaCode: '+886', phone: '912 345 678' });
    expect(answer.status).toBe(200);
    expect(answer.attachment).toEqual({ e164: '+886912345678', available: true });
  });

  it('refuses a number that is not valid for its area, naming the field, in the caller language', async () => {
    const short = await check({ areaCode: '886', phone: '12345' });
    expect(short.status).toBe(400);
    expect(short.attachment).toEqual([{ field: 'phone', message: 'Please enter a correct phone number' }]);
    const hant = await check({ areaCode: '886', phone: '12345' }, 'zh_HK');
    expect(hant.attachment).toEqual([{ field: 'phone', message: '請輸入正確的手機號碼' }]);
    const area = await check({ areaCode: '0', phone: '912345678' });
    expect(area.attachment).toEqual([{ field: 'areaCode', message: 'Choose a valid area code' }]);
    const hostile = await check({ areaCode: '886', phone: '912\u0000345678' });
    expect(hostile.status).toBe(400);
    expect((hostile.attachment as unknown as { field: string }[])[0]?.field).toBe('phone');
    const long = await check({ areaCode: '886', phone: '9'.repeat(5000) });
    expect(long.status).toBe(400);
  });
});

describe('binding a phone', () => {
  it('texts a code to the outbox, binds the number with it, and shows it masked', async () => {
    const ann = await t.register('phone-ann@example.com');
    expect((await verification(ann.token)).phone).toBeNull();
    const sent = await sendCode(ann.token, { areaCode: '886', phone: '912345678' });
    expect(sent.attachment).toEqual({ resendIn: 60 });
    const again = await sendCode(ann.token, { areaCode: '886', phone: '912345678' });
    expect(again.status).toBe(409);
    const vcode = (await latestSmsCode(t.outbox, '+886912345678'))!;
    expect(vcode).toMatch(/^\d{6}$/);
    const bound = await bind(ann.token, { areaCode: '886', phone: '912345678', vcode });
    expect(bound.status).toBe(200);
    expect(bound.attachment).toMatchObject({ areaCode: '886', masked: '91*****78' });
    expect((await verification(ann.token)).phone).toMatchObject({ areaCode: '886', masked: '91*****78' });
    // The code is used up.
    expect((await bind(ann.token, { areaCode: '886', phone: '912345678', vcode })).status).toBe(400);
    expect((await check({ areaCode: '886', phone: '912345678' })).attachment).toMatchObject({ available: false });
  });

  it('refuses a number another account holds, and one already bound to the caller', async () => {
    const ben = await t.register('phone-ben@example.com');
    const taken = await sendCode(ben.token, { areaCode: '886', phone: '912345678' });
    expect(taken.status).toBe(409);
    expect(taken.msg).toBe('This phone number is bound to another account');

    const ann = await t.call<{ token: string }>('POST', '/user/signin', {
      body: {
        email: 'phone-ann@example.com',
        password: (await import('@polaris/contract')).hashLoginPassword('abc12345'),
      },
    });
    const same = await sendCode(ann.attachment.token, { areaCode: '886', phone: '912345678' });
    expect(same.status).toBe(409);
    expect(same.msg).toBe('This phone number is already bound to your account');
  });

  it('only binds the number the code was sent to, and not after the code expired', async () => {
    const cat = await t.register('phone-cat@example.com');
    await sendCode(cat.token, { areaCode: '886', phone: '912345600' });
    const vcode = (await latestSmsCode(t.outbox, '+886912345600'))!;
    const other = await bind(cat.token, { areaCode: '886', phone: '912345601', vcode });
    expect(other.status).toBe(400);
    expect(other.attachment).toEqual([{ field: 'vcode', message: 'The verification code is wrong or has expired' }]);
    t.clock.advance(11 * 60_000);
    expect((await bind(cat.token, { areaCode: '886', phone: '912345600', vcode })).status).toBe(400);
    expect((await verification(cat.token)).phone).toBeNull();
  });

  it('compares exactly five wrong codes of 200 sent at once, then refuses even the right one', async () => {
    const dan = await t.register('phone-dan@example.com');
    await sendCode(dan.token, { areaCode: '852', phone: '51234567' });
    const vcode = (await latestSmsCode(t.outbox, '+85251234567'))!;
    const wrong = vcode === '000000' ? '111111' : '000000';
    const answers = await Promise.all(
      Array.from({ length: 200 }, () => bind(dan.token, { areaCode: '852', phone: '51234567', vcode: wrong })),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 400)).toHaveLength(5);
    expect(statuses.filter((status) => status === 409)).toHaveLength(195);
    const locked = await bind(dan.token, { areaCode: '852', phone: '51234567', vcode });
    expect(locked.status).toBe(409);
    expect(locked.msg).toBe('Too many wrong codes, try again in 15 minutes');
    // Once the window has passed (and so has that code's life), a fresh code binds the number.
    t.clock.advance(15 * 60_000 + 1000);
    await sendCode(dan.token, { areaCode: '852', phone: '51234567' });
    const fresh = (await latestSmsCode(t.outbox, '+85251234567'))!;
    expect((await bind(dan.token, { areaCode: '852', phone: '51234567', vcode: fresh })).status).toBe(200);
  });

  it('gives a number to one account only when two bind it at once', async () => {
    const eve = await t.register('phone-eve@example.com');
    const fay = await t.register('phone-fay@example.com');
    const body = { areaCode: '1', phone: '2015550123' };
    await sendCode(eve.token, body);
    const eveCode = (await latestSmsCode(t.outbox, '+12015550123'))!;
    await sendCode(fay.token, body);
    const fayCode = (await latestSmsCode(t.outbox, '+12015550123'))!;
    const [first, second] = await Promise.all([
      bind(eve.token, { ...body, vcode: eveCode }),
      bind(fay.token, { ...body, vcode: fayCode }),
    ]);
    expect([first.status, second.status].sort()).toEqual([200, 409]);
    // The number is held by the one whose bind answered 200, and by that account only.
    const [winner, loser] = first.status === 200 ? [eve, fay] : [fay, eve];
    expect((await verification(winner.token)).phone).toMatchObject({ areaCode: '1', masked: expect.any(String) });
    expect((await verification(loser.token)).phone).toBeNull();
    expect((await check(body)).attachment).toMatchObject({ available: false });
  });

  it('needs a logged-in user', async () => {
    expect(
      (await t.call('POST', '/user/binding/phone/vcode', { body: { areaCode: '886', phone: '912345678' } })).status,
    ).toBe(401);
  });
});

describe('texting through the HTTP gateway', () => {
  it('sends the code to SMS_GATEWAY_URL, and answers 503 when the gateway fails', async () => {
    const texts: { to: string; text: string }[] = [];
    let answer = 200;
    const peer = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk) => {
        body += chunk;
      });
      request.on('end', () => {
        texts.push(JSON.parse(body));
        response.writeHead(answer).end();
      });
    });
    await new Promise<void>((resolve) => peer.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(peer.address() as AddressInfo).port}/sms`;
    const gateway = await createTestApp({ env: { SMS_GATEWAY_URL: url } });
    try {
      const gus = await gateway.register('phone-gus@example.com');
      const body = { areaCode: '886', phone: '912345699' };
      const sent = await gateway.call('POST', '/user/binding/phone/vcode', { token: gus.token, body });
      expect(sent.status).toBe(200);
      expect(texts.at(-1)?.to).toBe('+886912345699');
      const vcode = /\b(\d{6})\b/.exec(texts.at(-1)!.text)![1];
      expect(await latestSmsCode(gateway.outbox, '+886912345699')).toBeUndefined();
      const bound = await gateway.call('POST', '/user/binding/phone', { token: gus.token, body: { ...body, vcode } });
      expect(bound.status).toBe(200);

      answer = 502;
      const hal = await gateway.register('phone-hal@example.com');
      const failed = await gateway.call('POST', '/user/binding/phone/vcode', {
        token: hal.token,
        body: { areaCode: '886', phone: '912345698' },
      });
      expect(failed.http).toBe(503);
      expect(failed.msg).toBe('The text message could not be sent, please try again later');
    } finally {
      await gateway.close();
      await new Promise<void>((resolve) => peer.close(() => resolve()));
    }
  });
});
