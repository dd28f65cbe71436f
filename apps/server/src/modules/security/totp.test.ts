import { hashLoginPassword, hashTradePassword } from '@polaris/contract';
import { eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { totpFactors } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { balanceOf, deposit, newKey, type WalletUser, walletUser } from '../../test/wallet-fixtures.ts';
import { checkLedger } from '../wallet/ledger.store.ts';

const EVM_ADDRESS = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  expect(await checkLedger(t.database.db)).toEqual([]);
  await t.close();
});

const codeAt = (secret: string) => generate({ secret, epoch: Math.floor(t.clock.now().getTime() / 1000) });
/** The next 30-second step, so a fresh code is not a replay of the last one. */
const nextStep = () => t.clock.advance(30_000);

async function enrol(user: WalletUser) {
  const started = await t.call<{ secret: string; uri: string }>('POST', '/user/gauth/enrol', { token: user.token });
  expect(started.status).toBe(200);
  const { secret, uri } = started.attachment;
  expect(uri).toMatch(/^otpauth:\/\/totp\//);
  expect(uri).toContain(`secret=${secret}`);
  const confirmed = await t.call<{ recoveryCodes: string[] }>('POST', '/user/gauth/confirm', {
    token: user.token,
    body: { totp: await codeAt(secret) },
  });
  expect(confirmed.status).toBe(200);
  expect(confirmed.attachment.recoveryCodes).toHaveLength(10);
  nextStep();
  return { secret, recoveryCodes: confirmed.attachment.recoveryCodes };
}

const withdraw = (user: WalletUser, totp?: string) =>
  t.call<{ factor?: string }>('POST', '/wallet/transfer', {
    token: user.token,
    body: {
      asset: 'USDT',
      amount: '20',
      to: EVM_ADDRESS,
      chainId: 201,
      tradePassword: user.trade,
      idempotencyKey: newKey(),
      totp,
    },
  });

describe('Google Authenticator', () => {
  it('enrols, keeps the secret sealed at rest, and then asks for a code on withdrawals (468)', async () => {
    const ann = await walletUser(t, 'ann@example.com');
    await deposit(t, ann.email, 'USDT', 'BSC', '100');
    const before = await t.call<{ enabled: boolean }>('GET', '/user/gauth/status', { token: ann.token });
    expect(before.attachment).toEqual({ enabled: false, recoveryCodesLeft: 0 });
    const { secret } = await enrol(ann);
    const [row] = await t.database.db.select().from(totpFactors).where(eq(totpFactors.userId, 1));
    expect(row?.secretSealed).toBeDefined();
    expect(row?.secretSealed).not.toContain(secret);
    expect((await t.call('GET', '/user/gauth/status', { token: ann.token })).attachment).toEqual({
      enabled: true,
      recoveryCodesLeft: 10,
    });

    const missing = await withdraw(ann);
    expect(missing.status).toBe(468);
    expect(missing.msg).toBe('Enter the code from Google Authenticator');
    expect(missing.attachment).toEqual({ factor: 'totp' });
    expect(await balanceOf(t, ann.token, 'USDT')).toMatchObject({ available: '100', frozen: '0' });

    const wrong = await withdraw(ann, '000000' === (await codeAt(secret)) ? '111111' : '000000');
    expect(wrong.status).toBe(468);
    expect(wrong.msg).toBe('The authenticator code is wrong, 4 tries left');
    expect(await balanceOf(t, ann.token, 'USDT')).toMatchObject({ available: '100', frozen: '0' });

    const code = await codeAt(secret);
    const ok = await withdraw(ann, code);
    expect(ok.status).toBe(200);
    expect(await balanceOf(t, ann.token, 'USDT')).toMatchObject({ available: '80' });

    const replay = await withdraw(ann, code);
    expect(replay.status).toBe(468);
    expect(replay.msg).toBe('This authenticator code was already used, wait for the next one');
    expect(await balanceOf(t, ann.token, 'USDT')).toMatchObject({ available: '80' });

    // Money sent to another user of the app is as gone as money sent to an address: it asks for the code too.
    const ben = await walletUser(t, 'ben@example.com');
    const internal = (totp?: string) =>
      t.call('POST', '/wallet/transfer', {
        token: ann.token,
        body: { asset: 'USDT', amount: '1', to: ben.uid, tradePassword: ann.trade, idempotencyKey: newKey(), totp },
      });
    expect((await internal()).status).toBe(468);
    expect(await balanceOf(t, ben.token, 'USDT')).toMatchObject({ available: '0' });
    nextStep();
    expect((await internal(await codeAt(secret))).status).toBe(200);
    expect(await balanceOf(t, ben.token, 'USDT')).toMatchObject({ available: '1' });
  });

  it('asks for the code when the login or transaction password changes', async () => {
    const cat = await walletUser(t, 'cat@example.com');
    const { secret } = await enrol(cat);
    const change = (totp?: string) =>
      t.call('POST', '/user/password/change', {
        token: cat.token,
        body: { oldPassword: hashLoginPassword('abc12345'), password: hashLoginPassword('new12345'), totp },
      });
    expect((await change()).status).toBe(468);
    const signin = (password: string) =>
      t.call('POST', '/user/signin', { body: { email: cat.email, password: hashLoginPassword(password) } });
    expect((await signin('abc12345')).status).toBe(200);
    // The router takes the code before the handler checks the old password; the handler refuses the typo, so
    // nothing changed and the router gives the code back: the same code still works.
    const code = await codeAt(secret);
    const typo = await t.call<unknown>('POST', '/user/password/change', {
      token: cat.token,
      body: { oldPassword: hashLoginPassword('wrong1234'), password: hashLoginPassword('new12345'), totp: code },
    });
    expect(typo.status).toBe(400);
    expect(JSON.stringify(typo.attachment)).toContain('oldPassword');
    expect((await change(code)).status).toBe(200);
    // Once it was used by an operation that went through, it is spent.
    const replay = await t.call('POST', '/user/password/change', {
      token: cat.token,
      body: { oldPassword: hashLoginPassword('new12345'), password: hashLoginPassword('abc12345'), totp: code },
    });
    expect(replay.status).toBe(468);
    expect(replay.msg).toBe('This authenticator code was already used, wait for the next one');
    expect((await signin('new12345')).status).toBe(200);
    expect((await signin('abc12345')).status).toBe(400);

    nextStep();
    await t.call('POST', '/user/trade/vcode', { token: cat.token });
    const vcode = await t.code(cat.email);
    const newTrade = hashTradePassword('trade5678', cat.uid);
    const noCode = await t.call('POST', '/user/trade/password', {
      token: cat.token,
      body: { vcode, password: newTrade },
    });
    expect(noCode.status).toBe(468);
    const withCode = await t.call('POST', '/user/trade/password', {
      token: cat.token,
      body: { vcode, password: newTrade, totp: await codeAt(secret) },
    });
    expect(withCode.status).toBe(200);
  });

  it('counts exactly five of fifty wrong codes sent at once, then refuses even the right code', async () => {
    const dan = await walletUser(t, 'dan@example.com');
    const { secret } = await enrol(dan);
    const right = await codeAt(secret);
    const wrongCode = right === '123456' ? '654321' : '123456';
    const results = await Promise.all(
      Array.from({ length: 50 }, () =>
        t.call('POST', '/user/gauth/disable', { token: dan.token, body: { totp: wrongCode } }),
      ),
    );
    expect(results.every((r) => r.status === 468)).toBe(true);
    const wrongs = results.filter((r) => r.msg.startsWith('The authenticator code is wrong'));
    const locked = results.filter((r) => r.msg.startsWith('Too many wrong authenticator codes'));
    // Four say how many tries are left, the fifth counted try locks, and the other 45 were never checked.
    expect(wrongs).toHaveLength(4);
    expect(locked).toHaveLength(46);
    const refused = await t.call('POST', '/user/gauth/disable', { token: dan.token, body: { totp: right } });
    expect(refused.msg).toBe('Too many wrong authenticator codes, try again in 15 minutes');
    expect((await t.call('GET', '/user/gauth/status', { token: dan.token })).attachment).toMatchObject({
      enabled: true,
    });

    t.clock.advance(15 * 60_000);
    const later = await t.call('POST', '/user/gauth/disable', {
      token: dan.token,
      body: { totp: await codeAt(secret) },
    });
    expect(later.status).toBe(200);
    expect((await t.call('GET', '/user/gauth/status', { token: dan.token })).attachment).toEqual({
      enabled: false,
      recoveryCodesLeft: 0,
    });
  });

  it('lets the same code through only once when two requests carry it together', async () => {
    const eve = await walletUser(t, 'eve@example.com');
    await deposit(t, eve.email, 'USDT', 'BSC', '100');
    const { secret } = await enrol(eve);
    const code = await codeAt(secret);
    const both = await Promise.all([withdraw(eve, code), withdraw(eve, code)]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 468]);
    expect(await balanceOf(t, eve.token, 'USDT')).toMatchObject({ available: '80' });
  });

  it('accepts a recovery code once', async () => {
    const fay = await walletUser(t, 'fay@example.com');
    await deposit(t, fay.email, 'USDT', 'BSC', '100');
    const { recoveryCodes } = await enrol(fay);
    const recovery = recoveryCodes[0]!.toLowerCase();
    expect((await withdraw(fay, recovery)).status).toBe(200);
    const again = await withdraw(fay, recovery);
    expect(again.status).toBe(468);
    expect(again.msg).toBe('The authenticator code is wrong, 4 tries left');
    expect((await t.call('GET', '/user/gauth/status', { token: fay.token })).attachment).toEqual({
      enabled: true,
      recoveryCodesLeft: 9,
    });
  });

  it('refuses to enrol twice, to confirm without enrolling, and codes in a bad format', async () => {
    const gus = await walletUser(t, 'gus@example.com');
    const early = await t.call('POST', '/user/gauth/confirm', { token: gus.token, body: { totp: '123456' } });
    expect(early.status).toBe(414);
    await enrol(gus);
    expect((await t.call('POST', '/user/gauth/enrol', { token: gus.token })).status).toBe(409);
    const bad = await t.call('POST', '/user/gauth/disable', { token: gus.token, body: { totp: '12ab' } });
    expect(bad.status).toBe(400);
    expect(bad.msg).toBe('Enter the 6-digit authenticator code or a recovery code');
    const inUrl = await t.call('POST', '/user/gauth/disable', { token: gus.token, query: { totp: '123456' } });
    expect(inUrl.status).toBe(400);
  });
});
