import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { query } from '../../db/client.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { newKey, type WalletUser } from '../../test/wallet-fixtures.ts';
import { checkLedger } from '../wallet/ledger.store.ts';
import {
  available,
  bountyBody,
  createBounty,
  DAY,
  detail,
  entriesOf,
  escrowUnits,
  funded,
  HOUR,
  member,
  review,
  type Submission,
  submit,
} from './bounty-fixtures.ts';

/** Limits are claimed, not checked: many requests at once still pay, store and refund exactly what they should. */

let t: TestApp;
let cara: WalletUser;

beforeAll(async () => {
  t = await createTestApp();
  cara = await funded(t, 'cara@example.com', '1000');
});
afterEach(async () => {
  expect(await checkLedger(t.database.db)).toEqual([]);
});
afterAll(() => t.close());

async function storedSubmissions(bountyId: string) {
  const found = await query<{ user_id: string; state: string }>(
    t.database.db,
    sql`select user_id, state from bounty_submissions where bounty_id = ${Number(bountyId)}`,
  );
  return found.rows;
}

describe('concurrent requests', () => {
  it('pays exactly 3 winners out of 50 approvals at once for a 3-winner bounty', async () => {
    const bounty = await createBounty(t, cara, { total: '30', winners: 3, submitKinds: ['text'] });
    const people = await Promise.all(Array.from({ length: 10 }, (_, i) => member(t, `racer${i}@example.com`)));
    const subs: Submission[] = [];
    for (const person of people) subs.push((await submit(t, person, bounty.id, { text: person.email })).attachment);
    // Every submission approved five times over, all at once.
    const approvals = await Promise.all(
      Array.from({ length: 50 }, (_, i) => review(t, cara, subs[i % subs.length]!.id, 'approve')),
    );
    expect(approvals.every((answer) => answer.http === 200)).toBe(true);
    expect(approvals.filter((answer) => answer.status === 200)).toHaveLength(3);
    const refusals = new Set(approvals.filter((answer) => answer.status !== 200).map((answer) => answer.msg));
    expect(approvals.filter((answer) => answer.status !== 200).every((answer) => answer.status === 409)).toBe(true);
    expect([...refusals].every((msg) => /already been reviewed|has been paid/.test(msg))).toBe(true);

    const payouts = (await entriesOf(t, bounty.id)).filter((entry) => entry.kind === 'bounty_payout');
    expect(payouts).toHaveLength(3);
    const states = (await storedSubmissions(bounty.id)).map((row) => row.state).sort();
    expect(states).toEqual([...Array(3).fill('approved'), ...Array(7).fill('expired')]);
    const balances = await Promise.all(people.map((person) => available(t, person)));
    expect(balances.filter((balance) => balance === '10')).toHaveLength(3);
    expect(balances.filter((balance) => balance === '0')).toHaveLength(7);
    expect((await detail(t, bounty.id, cara.token)).attachment).toMatchObject({ paidCount: 3, state: 'completed' });
  });

  it('stores one of 20 submissions sent at once by one person', async () => {
    const bounty = await createBounty(t, cara, { total: '5', winners: 5, submitKinds: ['text'] });
    const dan = await member(t, 'dan@example.com');
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => submit(t, dan, bounty.id, { text: `try ${i}` })),
    );
    expect(answers.every((answer) => answer.http === 200)).toBe(true);
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    expect(answers.filter((answer) => answer.status === 409)).toHaveLength(19);
    expect(await storedSubmissions(bounty.id)).toHaveLength(1);
  });

  it('leaves nothing waiting once the last slot is paid, however many submit meanwhile', async () => {
    const bounty = await createBounty(t, cara, { total: '1', winners: 1, submitKinds: ['text'] });
    const first = await member(t, 'first@example.com');
    const sub = (await submit(t, first, bounty.id, { text: 'first' })).attachment;
    const others = await Promise.all(Array.from({ length: 10 }, (_, i) => member(t, `late${i}@example.com`)));
    const [approval, ...submits] = await Promise.all([
      review(t, cara, sub.id, 'approve'),
      ...others.map((person) => submit(t, person, bounty.id, { text: person.email })),
    ]);
    expect(approval.status).toBe(200);
    expect(submits.every((answer) => answer.status === 200 || answer.status === 409)).toBe(true);
    // Whoever got in before the payout expired with it; whoever came after was refused.
    const states = (await storedSubmissions(bounty.id)).map((row) => row.state);
    expect(states.filter((state) => state === 'pending')).toEqual([]);
    expect(states.filter((state) => state === 'approved')).toHaveLength(1);
  });

  it('escrows once for 20 creations sent at once under one idempotency key', async () => {
    const before = await available(t, cara);
    const body = { tradePassword: cara.trade, ...bountyBody(t, { total: '3', winners: 1, idempotencyKey: newKey() }) };
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => t.call<{ id: string }>('POST', '/bounty/create', { token: cara.token, body })),
    );
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    expect(new Set(answers.map((answer) => answer.attachment.id)).size).toBe(1);
    expect(Number(await available(t, cara))).toBe(Number(before) - 3);
  });

  it('refunds each expired bounty exactly once with two workers racing', async () => {
    const before = await available(t, cara);
    const escrowBefore = await escrowUnits(t);
    const deadline = new Date(t.clock.now().getTime() + HOUR).toISOString();
    const bounties = [];
    for (let i = 0; i < 4; i++) {
      bounties.push(await createBounty(t, cara, { total: '4', winners: 2, submitKinds: ['text'], deadline }));
    }
    const eve = await member(t, 'eve@example.com');
    const paidSub = (await submit(t, eve, bounties[0]!.id, { text: 'paid' })).attachment;
    await review(t, cara, paidSub.id, 'approve');
    const waiting = (await submit(t, eve, bounties[1]!.id, { text: 'waiting' })).attachment;

    t.clock.advance(HOUR + 72 * HOUR);
    const [first, second] = await Promise.all([t.services.bounties.settleDue(), t.services.bounties.settleDue()]);
    expect(first.settled + second.settled).toBe(4);
    for (const bounty of bounties) {
      const refunds = (await entriesOf(t, bounty.id)).filter((entry) => entry.kind === 'bounty_refund');
      expect(refunds).toHaveLength(1);
      const settled = (await detail(t, bounty.id, cara.token)).attachment;
      expect(settled).toMatchObject({ state: 'ended', refundEntryId: refunds[0]!.id });
    }
    // A third run later finds nothing.
    t.clock.advance(DAY);
    expect(await t.services.bounties.settleDue()).toEqual({ settled: 0 });
    // 16 escrowed, 2 paid to Eve, 14 back.
    expect(Number(await available(t, cara))).toBe(Number(before) - 2);
    expect(await escrowUnits(t)).toBe(escrowBefore);
    const eveOwn = await t.call<{ items: Submission[] }>('GET', '/bounty/submissions', {
      token: eve.token,
      query: { id: bounties[1]!.id },
    });
    expect(eveOwn.attachment.items).toEqual([expect.objectContaining({ id: waiting.id, state: 'expired' })]);
  });
});
