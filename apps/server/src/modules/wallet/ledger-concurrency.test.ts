import { parseAmount } from '@polaris/contract';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { query } from '../../db/client.ts';
import { journalEntries, withdrawals } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { balanceOf, deposit, newKey, type WalletUser, walletUser } from '../../test/wallet-fixtures.ts';
import { checkLedger } from './ledger.store.ts';

/** A small deterministic generator, so a failing run can be replayed. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}

describe('concurrent transfers', () => {
  let t: TestApp;
  let people: WalletUser[];
  beforeAll(async () => {
    t = await createTestApp();
    people = [];
    for (let i = 0; i < 20; i++) people.push(await walletUser(t, `p${i}@example.com`));
    for (const person of people) await deposit(t, person.email, 'USDT', 'BSC', '100');
  }, 120_000);
  afterAll(() => t.close());

  it('keeps every invariant through 1,000 concurrent transfers, failures and repeated keys', async () => {
    const next = random(42);
    const requests = Array.from({ length: 900 }, () => {
      const from = people[Math.floor(next() * 20)]!;
      let to = people[Math.floor(next() * 20)]!;
      if (to === from) to = people[(people.indexOf(from) + 1) % 20]!;
      const amount = (Math.floor(next() * 3000) / 100 + 0.01).toFixed(2);
      return { from, body: { asset: 'USDT', amount, to: to.uid, tradePassword: from.trade, idempotencyKey: newKey() } };
    });
    // A 503 (no database connection free in time, on a busy machine: nothing ran) is sent again with the same key
    // after a moment, as the app does; it must not move money twice. Nothing else may answer outside the envelope.
    const send = async (request: (typeof requests)[number]) => {
      for (let attempt = 0; ; attempt++) {
        const answer = await t.call<{ id: string }>('POST', '/wallet/transfer', {
          token: request.from.token,
          body: request.body,
        });
        if (answer.http !== 503 || attempt === 20) return answer;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    };
    // 100 of them are sent twice at the same moment, as a double tap or a retry would.
    const results = await Promise.all([...requests, ...requests.slice(0, 100)].map(send));
    expect(results.filter((r) => r.http !== 200)).toEqual([]);
    const ok = results.filter((r) => r.status === 200);
    const refused = results.filter((r) => r.status !== 200);
    expect(refused.length).toBeGreaterThan(50); // many run out of money
    expect(refused.filter((r) => r.status !== 400 || r.msg !== 'Insufficient balance')).toEqual([]);

    // A repeated key answers with the same transfer, never a second one.
    for (let i = 0; i < 100; i++) {
      const first = results[i]!;
      const repeat = results[900 + i]!;
      if (first.status === 200 && repeat.status === 200) expect(repeat.attachment.id).toBe(first.attachment.id);
    }
    const distinct = new Set(ok.map((r) => r.attachment.id));
    const [entries] = await t.database.db
      .select({ n: count() })
      .from(journalEntries)
      .where(eq(journalEntries.kind, 'transfer'));
    expect(entries?.n).toBe(distinct.size);

    expect(await checkLedger(t.database.db)).toEqual([]);
    const { rows } = await query<{ total: string; lowest: string }>(
      t.database.db,
      sql`select sum(available + frozen)::text as total, min(available)::text as lowest from accounts where user_id is not null and asset_code = 'USDT'`,
    );
    expect(rows[0]).toEqual({ total: '2000000000', lowest: expect.stringMatching(/^\d+$/) });
  }, 180_000);
});

describe('withdrawals that fail at random', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { LOCAL_CHAIN_FAIL_RATE: '0.5', LOCAL_CHAIN_DELAY_MS: '1000' } });
  });
  afterAll(() => t.close());

  it('loses nothing: completed ones leave with their fee, failed ones come back whole', async () => {
    const people = [await walletUser(t, 'w0@example.com'), await walletUser(t, 'w1@example.com')];
    for (const person of people) await deposit(t, person.email, 'USDT', 'Polygon', '1000');
    const address = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
    const made = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        t.call<{ id: string }>('POST', '/wallet/transfer', {
          token: people[i % 2]!.token,
          body: {
            asset: 'USDT',
            amount: String(10 + i),
            to: address,
            chainId: 314,
            tradePassword: people[i % 2]!.trade,
            idempotencyKey: newKey(),
          },
        }),
      ),
    );
    expect(made.every((r) => r.status === 200)).toBe(true);
    t.clock.advance(1001);
    // Two workers at once, as two server processes would run them.
    const [a, b] = await Promise.all([
      t.services.transfers.processWithdrawals(),
      t.services.transfers.processWithdrawals(),
    ]);
    expect(a.completed + b.completed + a.failed + b.failed).toBe(30);
    expect(a.failed + b.failed).toBeGreaterThan(3);
    expect(a.completed + b.completed).toBeGreaterThan(3);

    const rows = await t.database.db.select().from(withdrawals);
    for (const [index, person] of people.entries()) {
      const userId = rows.find((row) => row.id === Number(made[index]!.attachment.id))!.userId;
      const sent = rows
        .filter((row) => row.userId === userId && row.status === 'completed')
        .reduce((sum, row) => sum + BigInt(row.amount) + BigInt(row.fee), 0n);
      const balance = await balanceOf(t, person.token, 'USDT');
      expect(balance.frozen).toBe('0');
      expect(parseAmount(balance.available, 6)).toEqual({ units: 1000_000000n - sent });
    }
    expect(await checkLedger(t.database.db)).toEqual([]);
  });
});
