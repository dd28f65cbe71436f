import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, postings } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { seedPeople } from '../../test/seed-people.ts';
import { checkLedger } from './ledger.store.ts';
import { InsufficientBalance, ledger } from './ledger.ts';

/** `ledger.postMany`: a batch of entries in a fixed number of statements, under the same rules as `post`. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  expect(await checkLedger(t.database.db)).toEqual([]);
  await t.close();
});

describe('postMany', () => {
  it('creates missing accounts, answers entry ids in order, and writes each posting', async () => {
    const people = await seedPeople(t.database, 3, 'batch');
    const db = t.database.db;
    await db.transaction((tx) =>
      ledger.transfer(tx, {
        kind: 'deposit',
        asset: 'USDT',
        from: { system: 'chain_clearing' },
        to: { system: 'redpacket_escrow' },
        amount: 600n,
      }),
    );
    const before = t.database.statements();
    const ids = await db.transaction((tx) =>
      ledger.postMany(
        tx,
        people.map((person, i) => ({
          kind: 'redpacket_claim',
          asset: 'USDT',
          reference: `batch:${i}`,
          movements: [
            { account: { system: 'redpacket_escrow' }, bucket: 'available', amount: -BigInt(100 * (i + 1)) },
            { account: { userId: person.id }, bucket: 'available', amount: BigInt(100 * (i + 1)) },
          ],
        })),
      ),
    );
    // Three entries with three new accounts: the same statements as one would take, not three times as many.
    expect(t.database.statements() - before).toBeLessThanOrEqual(10);
    expect(ids).toHaveLength(3);
    expect([...ids].sort((a, b) => a - b)).toEqual(ids);
    const rows = await db.select().from(postings).where(inArray(postings.entryId, ids));
    for (const [i, person] of people.entries()) {
      const [account] = await db.select().from(accounts).where(eq(accounts.userId, person.id));
      expect(account?.available).toBe(String(100 * (i + 1)));
      expect(rows.filter((row) => row.entryId === ids[i] && row.accountId === account!.id)).toHaveLength(1);
    }
  });

  it('refuses the whole batch when one entry would take an account below zero', async () => {
    const [person] = await seedPeople(t.database, 1, 'short');
    const attempt = t.database.db.transaction((tx) =>
      ledger.postMany(tx, [
        {
          kind: 'redpacket_claim',
          asset: 'USDT',
          movements: [
            { account: { system: 'redpacket_escrow' }, bucket: 'available', amount: -1n },
            { account: { userId: person!.id }, bucket: 'available', amount: 1n },
          ],
        },
        {
          kind: 'redpacket_claim',
          asset: 'USDT',
          movements: [
            { account: { userId: person!.id }, bucket: 'available', amount: -5n },
            { account: { system: 'redpacket_escrow' }, bucket: 'available', amount: 5n },
          ],
        },
      ]),
    );
    await expect(attempt).rejects.toBeInstanceOf(InsufficientBalance);
    const held = await t.database.db.select().from(accounts).where(eq(accounts.userId, person!.id));
    expect(held.every((account) => account.available === '0')).toBe(true);
  });
});
