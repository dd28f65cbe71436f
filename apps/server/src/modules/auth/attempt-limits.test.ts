import { API_BASE, hashLoginPassword, hashTradePassword } from '@polaris/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { query } from '../../db/client.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { balanceOf, deposit, TRADE_PASSWORD, walletUser } from '../../test/wallet-fixtures.ts';

/**
 * Every "at most N tries" rule claims its slot before checking anything, so tries sent all at once obey it
 * exactly; these run on PGlite and, in CI's second pass, on PostgreSQL where the requests really race.
 */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const pw = (plain: string) => hashLoginPassword(plain);

async function loginFrom(ip: string, email: string, password: string) {
  const response = await t.app.inject({
    method: 'POST',
    url: `${API_BASE}/user/login`,
    remoteAddress: ip,
    headers: { locale: 'en_US', 'content-type': 'application/json' },
    payload: JSON.stringify({ email, password: pw(password) }),
  });
  return response.json() as { status: number; msg: string };
}

describe('the transaction password', () => {
  it('checks exactly five of 40 simultaneous wrong tries, then stays locked for the right one', async () => {
    const user = await walletUser(t, 'trade-race@example.com');
    const wrong = hashTradePassword('wrong9999', user.uid);
    const before = t.services.trade.verifications;
    const answers = await Promise.all(
      Array.from({ length: 40 }, () =>
        t.call('POST', '/user/fdPwd/validate', { token: user.token, body: { password: wrong } }),
      ),
    );
    expect(t.services.trade.verifications - before).toBe(5);
    expect(answers.every((answer) => answer.status === 468)).toBe(true);
    expect(answers.filter((answer) => answer.msg.startsWith('The transaction password is wrong'))).toHaveLength(4);
    const right = await t.call('POST', '/user/fdPwd/validate', { token: user.token, body: { password: user.trade } });
    expect(right.status).toBe(468);
    expect(right.msg).toMatch(/Too many wrong transaction passwords/);
    expect(t.services.trade.verifications - before).toBe(5);
    t.clock.advance(15 * 60_000 + 1);
    const later = await t.call('POST', '/user/fdPwd/validate', { token: user.token, body: { password: user.trade } });
    expect(later.status).toBe(200);
  });

  it('never checks more than five when 39 wrong and 1 right arrive together', async () => {
    const user = await walletUser(t, 'trade-mixed@example.com');
    const wrong = hashTradePassword('wrong9999', user.uid);
    const before = t.services.trade.verifications;
    const passwords = Array.from({ length: 40 }, (_, i) => (i === 20 ? user.trade : wrong));
    const answers = await Promise.all(
      passwords.map((password) => t.call('POST', '/user/fdPwd/validate', { token: user.token, body: { password } })),
    );
    const checked = t.services.trade.verifications - before;
    const passed = answers.filter((answer) => answer.status === 200).length;
    expect(passed).toBeLessThanOrEqual(1);
    expect(answers.filter((answer) => answer.status === 468).length).toBe(40 - passed);
    // Five slots: without the right one, five checks lock it; a right one clears the count once, so at most
    // five more wrong ones are checked before the lock.
    expect(checked).toBeLessThanOrEqual(passed ? 10 : 5);
  });

  it('lets right passwords sent together through, each waiting for a slot', async () => {
    const user = await walletUser(t, 'trade-many-right@example.com');
    const answers = await Promise.all(
      Array.from({ length: 30 }, () =>
        t.call('POST', '/user/fdPwd/validate', { token: user.token, body: { password: user.trade } }),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(30).fill(200));
  });

  it('applies the same lock to money: a locked password refuses a transfer', async () => {
    const user = await walletUser(t, 'trade-transfer@example.com');
    const friend = await walletUser(t, 'trade-friend@example.com');
    await deposit(t, user.email, 'USDT', 'BSC', '10');
    const balanceBefore = await balanceOf(t, user.token, 'USDT');
    const friendBefore = await balanceOf(t, friend.token, 'USDT');
    expect(Number(balanceBefore.available)).toBe(10);
    const wrong = hashTradePassword('wrong9999', user.uid);
    await Promise.all(
      Array.from({ length: 10 }, () =>
        t.call('POST', '/user/fdPwd/validate', { token: user.token, body: { password: wrong } }),
      ),
    );
    const transfer = await t.call('POST', '/wallet/transfer', {
      token: user.token,
      body: {
        asset: 'USDT',
        amount: '1',
        to: friend.uid,
        tradePassword: hashTradePassword(TRADE_PASSWORD, user.uid),
        idempotencyKey: 'locked-transfer-0001',
      },
    });
    expect(transfer).toMatchObject({ status: 468, msg: expect.stringMatching(/Too many wrong/) });
    // Refused means nothing moved: both balances are as they were.
    expect(await balanceOf(t, user.token, 'USDT')).toEqual(balanceBefore);
    expect(await balanceOf(t, friend.token, 'USDT')).toEqual(friendBefore);
  });
});

describe('login failures', () => {
  it('checks exactly the cap of simultaneous wrong passwords from one address', async () => {
    const email = 'login-race@example.com';
    await t.register(email);
    const answers = await Promise.all(Array.from({ length: 130 }, () => loginFrom('203.0.113.7', email, 'wrong1234')));
    expect(answers.filter((answer) => answer.status === 400)).toHaveLength(100);
    expect(answers.filter((answer) => answer.status === 409)).toHaveLength(30);
    const right = await loginFrom('203.0.113.7', email, 'abc12345');
    expect(right).toMatchObject({ status: 409, msg: 'Too many failed attempts, please try again later' });
    t.clock.advance(3_600_001);
    expect((await loginFrom('203.0.113.7', email, 'abc12345')).status).toBe(200);
  }, 120_000);

  it('does not let a stranger lock the owner out, and reset by code keeps working', async () => {
    const email = 'victim@example.com';
    await t.register(email);
    await Promise.all(Array.from({ length: 110 }, () => loginFrom('198.51.100.66', email, 'wrong1234')));
    expect((await loginFrom('198.51.100.66', email, 'abc12345')).status).toBe(409);
    // The owner, elsewhere, still gets in.
    expect((await loginFrom('192.0.2.10', email, 'abc12345')).status).toBe(200);
    // And the mailbox owner can always reset.
    expect((await t.call('POST', '/user/vcode/send', { body: { email, purpose: 'reset' } })).status).toBe(200);
    const reset = await t.call('POST', '/user/reset', {
      body: { email, vcode: await t.code(email), password: pw('new12345') },
    });
    expect(reset.status).toBe(200);
    expect((await loginFrom('192.0.2.10', email, 'new12345')).status).toBe(200);
  }, 120_000);

  it('does not count a right password as a failure', async () => {
    const email = 'often@example.com';
    await t.register(email);
    for (let i = 0; i < 3; i++) expect((await loginFrom('203.0.113.9', email, 'abc12345')).status).toBe(200);
    const { rows } = await query<{ used: number }>(
      t.database.db,
      sql`select used from attempt_limits where key like ${'login:%:203.0.113.9'}`,
    );
    const [row] = rows;
    expect(row?.used ?? 0).toBe(0);
  });
});

describe('email codes', () => {
  it('kills a code after five wrong tries even when 40 arrive at once', async () => {
    const email = 'code-race@example.com';
    await t.register(email);
    expect((await t.call('POST', '/user/vcode/send', { body: { email, purpose: 'login' } })).status).toBe(200);
    const code = await t.code(email);
    const wrong = code === '000000' ? '111111' : '000000';
    await Promise.all(
      Array.from({ length: 40 }, () => t.call('POST', '/user/login/vcode', { body: { email, vcode: wrong } })),
    );
    const right = await t.call('POST', '/user/login/vcode', { body: { email, vcode: code } });
    expect(right).toMatchObject({ status: 400, attachment: [{ field: 'vcode' }] });
  });
});
