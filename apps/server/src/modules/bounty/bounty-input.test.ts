import { BOUNTY_LIMITS, translate } from '@polaris/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { newKey, type WalletUser } from '../../test/wallet-fixtures.ts';
import { checkLedger } from '../wallet/ledger.store.ts';
import {
  available,
  createBounty,
  createCall,
  DAY,
  escrowUnits,
  funded,
  HOUR,
  MINUTE,
  member,
  review,
  submit,
} from './bounty-fixtures.ts';

/** Bad input answers a clear status and a message in the caller's language, and moves no money. */

let t: TestApp;
let cara: WalletUser;

beforeAll(async () => {
  t = await createTestApp();
  cara = await funded(t, 'cara@example.com', '100');
});
afterEach(async () => {
  expect(await checkLedger(t.database.db)).toEqual([]);
});
afterAll(() => t.close());

const zh = (key: string, params: Record<string, string | number> = {}) => translate('zh-Hant', key, params);
const inFromNow = (ms: number) => new Date(t.clock.now().getTime() + ms).toISOString();

describe('creating with bad input', () => {
  const cases: [string, () => Record<string, unknown>, number, string][] = [
    ['a zero pool', () => ({ total: '0' }), 400, zh('wallet.amountPositive')],
    ['a negative pool', () => ({ total: '-10' }), 400, zh('wallet.amountNumeric')],
    [
      'a pool more precise than the asset',
      () => ({ total: '3.0000001' }),
      400,
      zh('wallet.amountPrecision', { max: 6 }),
    ],
    ['a pool too large to hold', () => ({ total: '1'.padEnd(30, '0') }), 400, zh('wallet.amountTooLarge')],
    ['a pool larger than the balance', () => ({ total: '999' }), 400, zh('wallet.insufficient')],
    ['a number instead of a decimal string', () => ({ total: 30 }), 400, ''],
    ['an empty pool', () => ({ total: '' }), 400, ''],
    ['an asset that is not listed', () => ({ asset: 'DOGE' }), 400, zh('wallet.unknownAsset')],
    ['an asset code that cannot be one', () => ({ asset: '💸' }), 400, zh('wallet.unknownAsset')],
    ['a zero reward per winner', () => ({ winners: undefined, perWinner: '0' }), 400, zh('wallet.amountPositive')],
    [
      'a reward per winner above the pool',
      () => ({ winners: undefined, perWinner: '31' }),
      400,
      zh('bounty.perWinnerAboveTotal'),
    ],
    ['a pool that does not split evenly', () => ({ total: '10', winners: 3 }), 400, zh('bounty.notEven', { count: 3 })],
    [
      'a reward per winner that does not divide the pool',
      () => ({ total: '10', winners: undefined, perWinner: '3' }),
      400,
      zh('bounty.notEven', { count: 3 }),
    ],
    [
      'winners and a reward that disagree with the pool',
      () => ({ total: '10', winners: 2, perWinner: '2' }),
      400,
      zh('bounty.notEven', { count: 2 }),
    ],
    ['no winners', () => ({ winners: 0 }), 400, zh('bounty.winnersRange', { max: BOUNTY_LIMITS.maxWinners })],
    ['half a winner', () => ({ winners: 1.5 }), 400, zh('bounty.winnersRange', { max: BOUNTY_LIMITS.maxWinners })],
    [
      'winners that are not a number',
      () => ({ winners: 'many' }),
      400,
      zh('validation.wrongType', { field: zh('fields.winners') }),
    ],
    ['too many winners', () => ({ winners: 1001, total: '1001' }), 400, zh('bounty.winnersRange', { max: 1000 })],
    [
      'more winners than base units split out of a reward',
      () => ({ total: '0.002', winners: undefined, perWinner: '0.000001' }),
      400,
      zh('bounty.winnersRange', { max: 1000 }),
    ],
    ['neither winners nor a reward', () => ({ winners: undefined }), 400, ''],
    ['a deadline five minutes away', () => ({ deadline: inFromNow(5 * MINUTE) }), 400, zh('bounty.deadlineRange')],
    ['a deadline in the past', () => ({ deadline: inFromNow(-HOUR) }), 400, zh('bounty.deadlineRange')],
    ['a deadline 181 days away', () => ({ deadline: inFromNow(181 * DAY) }), 400, zh('bounty.deadlineRange')],
    ['a deadline that is not a date', () => ({ deadline: 'tomorrow' }), 400, zh('activity.dateInvalid')],
    ['nothing to submit', () => ({ submitKinds: [] }), 400, ''],
    ['an unknown kind to submit', () => ({ submitKinds: ['video'] }), 400, ''],
    ['an empty title', () => ({ title: '   ' }), 400, ''],
    ['a title too long', () => ({ title: 'x'.repeat(81) }), 400, ''],
    ['an attendee bounty without its activity', () => ({ audience: 'attendees' }), 400, ''],
    ['a room bounty without its room', () => ({ audience: 'room' }), 400, ''],
    ['an unknown room', () => ({ roomId: '999999' }), 404, ''],
    ['an unknown activity', () => ({ activityId: 'NOSUCHACTIVITY1' }), 404, zh('activity.notFound')],
    ['no idempotency key', () => ({ idempotencyKey: undefined }), 400, ''],
  ];

  for (const [name, overrides, status, message] of cases) {
    it(`refuses ${name} with ${status}, moving nothing`, async () => {
      const before = await available(t, cara);
      const escrow = await escrowUnits(t);
      const result = await createCall(t, cara, { total: '30', winners: 3, ...overrides() }, 'zh_TW');
      expect(result.http).toBe(200);
      expect(result.status).toBe(status);
      if (message) expect(result.msg).toBe(message);
      else expect(result.msg).toMatch(/\p{Script=Han}/u);
      expect(await available(t, cara)).toBe(before);
      expect(await escrowUnits(t)).toBe(escrow);
    });
  }

  it('names the field in English too', async () => {
    const result = await createCall(t, cara, { total: '10', winners: 3 });
    expect(result).toMatchObject({
      status: 400,
      msg: 'The reward pool must split evenly: 3 winners of an equal reward',
      attachment: [{ field: 'total' }],
    });
  });

  it('accepts a reward per winner alone, and the exact minimum of one base unit each', async () => {
    const bounty = await createBounty(t, cara, { total: '0.000003', winners: undefined, perWinner: '0.000001' });
    expect(bounty).toMatchObject({ winners: 3, perWinner: '0.000001', total: '0.000003' });
  });
});

describe('submitting and reviewing out of turn', () => {
  it('refuses approving twice, and reviewing a rejected submission, paying once', async () => {
    const bounty = await createBounty(t, cara, { total: '4', winners: 2, submitKinds: ['text'] });
    const ann = await member(t, 'ann@example.com');
    const ben = await member(t, 'ben@example.com');
    const annSub = (await submit(t, ann, bounty.id, { text: 'a' })).attachment;
    const benSub = (await submit(t, ben, bounty.id, { text: 'b' })).attachment;
    expect((await review(t, cara, annSub.id, 'approve')).status).toBe(200);
    const twice = await review(t, cara, annSub.id, 'approve', undefined, 'zh_TW');
    expect(twice).toMatchObject({ status: 409, msg: zh('bounty.alreadyReviewed') });
    expect(await available(t, ann)).toBe('2');

    const noReason = await review(t, cara, benSub.id, 'reject');
    expect(noReason).toMatchObject({ status: 400, attachment: [{ field: 'reason' }] });
    expect((await review(t, cara, benSub.id, 'reject', 'Off topic')).status).toBe(200);
    const afterReject = await review(t, cara, benSub.id, 'approve');
    expect(afterReject).toMatchObject({ status: 409, msg: 'This submission has already been reviewed' });
    expect(await available(t, ben)).toBe('0');

    expect((await review(t, cara, '999999', 'approve')).status).toBe(404);
    expect((await review(t, cara, 'x', 'approve')).status).toBe(400);
    const badDecision = await t.call('POST', '/bounty/review', {
      token: cara.token,
      body: { submissionId: annSub.id, decision: 'pay' },
    });
    expect(badDecision.status).toBe(400);
  });

  it('refuses a second live submission, then accepts one after a rejection', async () => {
    const bounty = await createBounty(t, cara, { total: '1', winners: 1, submitKinds: ['text'] });
    const cid = await member(t, 'cid@example.com');
    const first = (await submit(t, cid, bounty.id, { text: 'one' })).attachment;
    const second = await submit(t, cid, bounty.id, { text: 'two' }, 'zh_TW');
    expect(second).toMatchObject({ status: 409, msg: zh('bounty.alreadySubmitted') });
    await review(t, cara, first.id, 'reject', 'Try again');
    expect((await submit(t, cid, bounty.id, { text: 'three' })).status).toBe(200);
  });

  it('refuses a submission after the deadline, and what the bounty asks for when it is missing', async () => {
    const bounty = await createBounty(t, cara, {
      total: '1',
      winners: 1,
      submitKinds: ['text', 'link'],
      deadline: inFromNow(20 * MINUTE),
    });
    const dan = await member(t, 'dan@example.com');
    expect(await submit(t, dan, bounty.id, { link: 'https://example.com' }, 'zh_TW')).toMatchObject({
      status: 400,
      msg: zh('bounty.missingText'),
      attachment: [{ field: 'text' }],
    });
    expect(await submit(t, dan, bounty.id, { text: 'hi' })).toMatchObject({
      status: 400,
      msg: 'This bounty asks for a link',
    });
    expect((await submit(t, dan, bounty.id, { text: 'hi', link: 'not a link' })).status).toBe(400);
    expect((await submit(t, dan, bounty.id, { text: 'x'.repeat(2001), link: 'https://a.example' })).status).toBe(400);
    expect((await submit(t, dan, bounty.id, { text: 'hi', link: 'https://a.example', imageId: 'nope' })).status).toBe(
      400,
    );

    t.clock.advance(30 * MINUTE);
    const late = await submit(t, dan, bounty.id, { text: 'hi', link: 'https://a.example' }, 'zh_TW');
    expect(late).toMatchObject({ status: 409, msg: zh('bounty.closed') });
    expect(await submit(t, dan, '999999', { text: 'hi' })).toMatchObject({ status: 404 });
  });

  it('answers hostile values with 400, never a server error', async () => {
    const hostile = [
      { total: { $gt: 0 } },
      { total: ['1'] },
      { winners: { n: 1 } },
      { submitKinds: 'text' },
      { deadline: 12 },
      { title: 'a\u0000b' },
      { title: '\ud800' },
      { category: 'money' },
      { roomId: '1e3' },
      { activityId: '../etc' },
      { tradePassword: 'x' },
    ];
    for (const overrides of hostile) {
      const result = await createCall(t, cara, { total: '30', winners: 3, ...overrides });
      expect(result.http, JSON.stringify(overrides)).toBe(200);
      expect(result.status, JSON.stringify(overrides)).toBe(400);
    }
    const lists: Record<string, string>[] = [
      { q: '%'.repeat(61) },
      { cursor: 'abc' },
      { limit: '0' },
      { limit: '51' },
      { state: 'ended' },
      { roomId: '-1' },
      { activityId: 'ÿ' },
    ];
    for (const query of lists) {
      const result = await t.call('GET', '/bounty/list', { query });
      expect(result.http, JSON.stringify(query)).toBe(200);
      expect(result.status, JSON.stringify(query)).toBe(400);
    }
    const mine = await t.call('GET', '/bounty/mine', { token: cara.token, query: { role: 'everyone' } });
    expect(mine.status).toBe(400);
    const anonymous = await t.call('POST', '/bounty/submit', { body: { id: '1', text: 'x' } });
    expect(anonymous.http).toBe(200);
    expect(anonymous.status).not.toBe(200);
  });

  it('refuses the same idempotency key with another body, moving nothing', async () => {
    const key = newKey();
    const deadline = inFromNow(DAY);
    expect((await createCall(t, cara, { total: '1', winners: 1, idempotencyKey: key, deadline })).status).toBe(200);
    const before = await available(t, cara);
    const other = await createCall(t, cara, { total: '2', winners: 1, idempotencyKey: key, deadline });
    expect(other.status).toBe(409);
    expect(await available(t, cara)).toBe(before);
  });
});
