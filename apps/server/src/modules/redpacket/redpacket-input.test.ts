import type { RedPacket } from '@polaris/contract';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { journalEntries } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { balanceOf, deposit, newKey, type WalletUser, walletUser } from '../../test/wallet-fixtures.ts';
import { checkLedger } from '../wallet/ledger.store.ts';

/** Every bad input answers a clear status and message naming the field, in the caller's language, and moves nothing. */

let t: TestApp;
let alice: WalletUser;
let bob: WalletUser;

beforeAll(async () => {
  t = await createTestApp();
  alice = await walletUser(t, 'alice@example.com');
  bob = await walletUser(t, 'bob@example.com');
  await deposit(t, alice.email, 'USDT', 'BSC', '100');
  await deposit(t, alice.email, 'BNB', 'BSC', '1');
}, 60_000);
afterAll(async () => {
  expect(await checkLedger(t.database.db)).toEqual([]);
  await t.close();
});

const body = (overrides: Record<string, unknown>) => ({
  kind: 'share',
  asset: 'USDT',
  amount: '10',
  count: 3,
  validity: 1,
  validityUnit: 'day',
  tradePassword: alice.trade,
  idempotencyKey: newKey(),
  ...overrides,
});

async function entryCount() {
  const [row] = await t.database.db.select({ n: count() }).from(journalEntries);
  return row?.n ?? 0;
}

type Fields = { field: string; message: string }[] | null;

describe('sending refuses', () => {
  const cases: [string, Record<string, unknown>, string, string][] = [
    ['an empty amount', { amount: '' }, 'amount', 'Amount cannot be empty'],
    ['a non-numeric amount', { amount: 'ten' }, 'amount', 'The amount must be numeric'],
    ['a zero amount', { amount: '0' }, 'amount', 'The amount must be greater than 0'],
    ['a negative amount', { amount: '-5' }, 'amount', 'The amount must be numeric'],
    ['an over-precise amount', { amount: '1.0000001' }, 'amount', 'The amount allows at most 6 decimal places'],
    [
      'an amount above the token’s maximum',
      { amount: '10000.000001' },
      'amount',
      'A red packet may hold at most 10000 USDT',
    ],
    ['no count', { count: '' }, 'count', 'Count cannot be empty'],
    ['a zero count', { count: 0 }, 'count', 'The number of red packets must be between 1 and 1000'],
    ['a count above the maximum', { count: 1001 }, 'count', 'The number of red packets must be between 1 and 1000'],
    [
      'more shares than base units',
      { amount: '0.000002', count: 3 },
      'count',
      'Each red packet needs at least 0.000001 USDT: send fewer or a larger amount',
    ],
    [
      'a fixed amount that does not split evenly',
      { split: 'fixed', amount: '1', count: 3 },
      'amount',
      'The amount must split evenly into 3 equal red packets',
    ],
    [
      'a token that may not send red packets',
      { asset: 'BNB', amount: '0.1' },
      'asset',
      'This token currently cannot send red packets',
    ],
    [
      'a password too short',
      { kind: 'password', password: 'abc' },
      'password',
      'The red envelope password is too short: at least 4 characters',
    ],
    [
      'a validity too short',
      { validity: 30, validityUnit: 'second' },
      'validity',
      'The validity must be between 1 minute and 30 days',
    ],
    [
      'a validity too long',
      { validity: 5, validityUnit: 'week' },
      'validity',
      'The validity must be between 1 minute and 30 days',
    ],
    ['an in-chat packet without a room', { kind: 'chat' }, 'roomId', ''],
    ['a NUL in the greeting', { greeting: 'hi\u0000' }, 'greeting', ''],
  ];
  for (const [name, overrides, field, message] of cases) {
    it(name, async () => {
      const before = await entryCount();
      const result = await t.call<Fields>('POST', '/redpacket/send', { token: alice.token, body: body(overrides) });
      expect(result.status).toBe(400);
      const error = result.attachment?.find((f) => f.field === field);
      expect(error, JSON.stringify(result)).toBeDefined();
      if (message) expect(error!.message).toBe(message);
      expect(await entryCount()).toBe(before);
    });
  }

  it('in Traditional Chinese too', async () => {
    const result = await t.call<Fields>('POST', '/redpacket/send', {
      token: alice.token,
      body: body({ amount: '', count: '' }),
      locale: 'zh_TW',
    });
    expect(result.attachment?.map((f) => f.message)).toEqual(['金額不能為空', '個數不能為空']);
  });

  it('more than the balance, and nothing moves', async () => {
    const result = await t.call('POST', '/redpacket/send', { token: alice.token, body: body({ amount: '100.5' }) });
    expect(result).toMatchObject({ status: 400, msg: 'Insufficient balance' });
    expect((await balanceOf(t, alice.token, 'USDT')).available).toBe('100');
  });
});

describe('the trade password', () => {
  it('is required, and its lockout applies to sending', async () => {
    const carol = await walletUser(t, 'carol@example.com');
    await deposit(t, carol.email, 'USDT', 'BSC', '50');
    const wrong = { ...body({}), tradePassword: 'f'.repeat(64) };
    const answers: string[] = [];
    for (let i = 0; i < 6; i++) {
      const result = await t.call('POST', '/redpacket/send', {
        token: carol.token,
        body: { ...wrong, idempotencyKey: newKey() },
      });
      answers.push(result.msg);
    }
    expect(answers.at(-1)).toMatch(/Too many wrong transaction passwords/);
    const right = await t.call('POST', '/redpacket/send', {
      token: carol.token,
      body: body({ tradePassword: carol.trade }),
    });
    expect(right.msg).toMatch(/Too many wrong transaction passwords/);
    expect((await balanceOf(t, carol.token, 'USDT')).available).toBe('50');
  });
});

describe('claiming refuses', () => {
  it('an unknown packet, a malformed code, a wrong password, a duplicate and an expired packet', async () => {
    const sent = await t.call<RedPacket>('POST', '/redpacket/send', {
      token: alice.token,
      body: body({ kind: 'password', password: 'secret1', amount: '2', count: 2, validity: 2, validityUnit: 'minute' }),
    });
    const code = sent.attachment.code;
    const claim = (redpacketCode: string, password?: string) =>
      t.call<Fields>('POST', '/redpacket/claim', { token: bob.token, body: { redpacketCode, password } });
    expect(await claim('Zz99Zz99Zz99')).toMatchObject({ status: 404, msg: 'This red packet does not exist' });
    expect(await claim('../../etc')).toMatchObject({ status: 400 });
    const wrong = await claim(code, 'secret2');
    expect(wrong.attachment).toEqual([{ field: 'password', message: 'The red envelope password is wrong' }]);
    const before = await entryCount();
    expect((await claim(code, 'secret1')).status).toBe(200);
    expect(await entryCount()).toBe(before + 1);
    expect(await claim(code, 'secret1')).toMatchObject({ status: 409, msg: 'You have already opened this red packet' });
    t.clock.advance(3 * 60_000);
    const carol = await walletUser(t, 'carol2@example.com');
    const late = await t.call('POST', '/redpacket/claim', {
      token: carol.token,
      body: { redpacketCode: code, password: 'secret1' },
    });
    expect(late).toMatchObject({ status: 409, msg: 'Activity ended' });
    expect(await entryCount()).toBe(before + 1);
  });

  it('password guesses per person and packet are claimed before checking: ten, then 429', async () => {
    const sent = await t.call<RedPacket>('POST', '/redpacket/send', {
      token: alice.token,
      body: body({ kind: 'password', password: 'secret1', amount: '1', count: 1 }),
    });
    const guesses = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        t.call('POST', '/redpacket/claim', {
          token: bob.token,
          body: { redpacketCode: sent.attachment.code, password: `guess${i}` },
        }),
      ),
    );
    expect(guesses.filter((g) => g.status === 400)).toHaveLength(10);
    expect(guesses.filter((g) => g.http === 429)).toHaveLength(20);
  });
});
