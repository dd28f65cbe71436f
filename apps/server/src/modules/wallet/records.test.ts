import { readFileSync } from 'node:fs';
import { RECORD_KINDS, type WalletRecord } from '@polaris/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { deposit, newKey, type WalletUser } from '../../test/wallet-fixtures.ts';
import { createActivity, guest, host, paidTicket, signUp } from '../activity/activity-fixtures.ts';
import { createBounty } from '../bounty/bounty-fixtures.ts';
import { checkLedger } from './ledger.store.ts';

/** The records a person reads: a kind for every entry, the other person by name, what it belongs to, one by one. */

let t: TestApp;
let olivia: WalletUser;
let ben: WalletUser;

const records = (user: WalletUser, query: Record<string, string> = {}) =>
  t.call<{ items: WalletRecord[]; nextCursor: string | null }>('GET', '/wallet/records', {
    token: user.token,
    query: { asset: 'USDT', ...query },
  });

beforeAll(async () => {
  t = await createTestApp();
  olivia = await host(t, 'rec-olivia@example.com');
  ben = await guest(t, 'rec-ben@example.com', '100');
  await t.call('POST', '/user/personalInfo', { token: ben.token, body: { uname: 'Ben Lin' } });
});

afterAll(async () => {
  expect(await checkLedger(t.database.db)).toEqual([]);
  await t.close();
});

describe('records', () => {
  it('names the other person of a transfer (name and uid) on both sides, with the note and a reference', async () => {
    const sent = await t.call('POST', '/wallet/transfer', {
      token: ben.token,
      body: {
        asset: 'USDT',
        amount: '3',
        to: olivia.uid,
        memo: 'for the drinks',
        tradePassword: ben.trade,
        idempotencyKey: newKey(),
      },
    });
    expect(sent.status).toBe(200);
    const [out] = (await records(ben, { type: 'transfer_out' })).attachment.items;
    expect(out).toMatchObject({
      kind: 'transfer',
      amount: '-3',
      counterparty: olivia.uid,
      counterpartyUid: olivia.uid,
      counterpartyName: 'rec-olivia',
      note: 'for the drinks',
      subject: null,
    });
    expect(out!.reference).toMatch(/^\d+$/);
    const [incoming] = (await records(olivia, { type: 'transfer_in' })).attachment.items;
    expect(incoming).toMatchObject({ counterpartyUid: ben.uid, counterpartyName: 'Ben Lin', amount: '3' });
    expect(incoming!.reference).toBe(out!.reference);
  });

  it('links a ticket purchase to its activity, and its kind is one every screen labels', async () => {
    const activity = await createActivity(t, olivia, { title: 'Records Night', ...paidTicket('12') });
    expect((await signUp(t, ben, activity.id)).status).toBe(200);
    const [bought] = (await records(ben)).attachment.items;
    expect(bought).toMatchObject({
      kind: 'ticket_payment',
      type: 'other',
      amount: '-12',
      counterpartyName: null,
      subject: { type: 'activity', id: activity.id, title: 'Records Night' },
    });
    const kinds = (await records(ben)).attachment.items.map((item) => item.kind);
    for (const kind of kinds) expect(RECORD_KINDS).toContain(kind);
  });

  it('finds one record by its reference number, only in its owner’s wallet', async () => {
    const [latest] = (await records(ben)).attachment.items;
    const one = await t.call<WalletRecord>('GET', '/wallet/record', {
      token: ben.token,
      query: { asset: 'USDT', reference: latest!.reference! },
    });
    expect(one.status).toBe(200);
    expect(one.attachment).toEqual(latest);
    const someoneElses = await t.call('GET', '/wallet/record', {
      token: olivia.token,
      query: { asset: 'USDT', reference: latest!.reference! },
    });
    expect(someoneElses.status).toBe(404);
    const malformed = await t.call('GET', '/wallet/record', {
      token: ben.token,
      query: { asset: 'USDT', reference: '12x' },
    });
    expect(malformed.status).toBe(400);
    expect(JSON.stringify(malformed.attachment)).toContain('reference');
  });

  it('reads a page in the same number of statements for one row or twenty (names joined, not fetched per row)', async () => {
    await deposit(t, ben.email, 'USDT', 'BSC', '5');
    for (let i = 0; i < 6; i++) {
      await t.call('POST', '/wallet/transfer', {
        token: ben.token,
        body: { asset: 'USDT', amount: '1', to: olivia.uid, tradePassword: ben.trade, idempotencyKey: newKey() },
      });
    }
    const quiet = async () => {
      let last = -1;
      while (last !== t.database.statements()) {
        last = t.database.statements();
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    };
    const statementsOf = async (limit: string) => {
      await quiet();
      const before = t.database.statements();
      const page = await records(ben, { limit });
      expect(page.status).toBe(200);
      return { statements: t.database.statements() - before, items: page.attachment.items.length };
    };
    const one = await statementsOf('1');
    const many = await statementsOf('20');
    expect(one.items).toBe(1);
    expect(many.items).toBeGreaterThan(8);
    expect(many.statements).toBe(one.statements);
  });

  it('keeps the title an activity had when the money moved, and frees a hold its cancelled activity gave back', async () => {
    const activity = await createActivity(t, olivia, {
      title: 'Harbour Walk',
      requireApproval: true,
      ...paidTicket('4'),
    });
    expect((await signUp(t, ben, activity.id)).attachment).toMatchObject({ paymentState: 'frozen' });
    const renamed = await t.call('POST', '/activity/update', {
      token: olivia.token,
      body: { id: activity.id, title: 'Harbour Walk (moved)' },
    });
    expect(renamed.status).toBe(200);
    const [hold] = (await records(ben)).attachment.items;
    expect(hold).toMatchObject({
      kind: 'ticket_hold',
      status: 'held',
      subject: { type: 'activity', id: activity.id, title: 'Harbour Walk' },
    });
    const cancelled = await t.call('POST', '/activity/manage/cancel', {
      token: olivia.token,
      body: { activityId: activity.id },
    });
    expect(cancelled.status).toBe(200);
    const items = (await records(ben)).attachment.items;
    expect(items[0]).toMatchObject({
      kind: 'ticket_refund',
      amount: '4',
      subject: { type: 'activity', id: activity.id, title: 'Harbour Walk (moved)' },
    });
    expect(items.find((item) => item.id === hold!.id)).toMatchObject({ status: 'completed' });
  });

  it('names the bounty its funding paid for, though the entry is written before the bounty', async () => {
    const bounty = await createBounty(t, ben, { title: 'Map the venues' });
    const [funding] = (await records(ben)).attachment.items;
    expect(funding).toMatchObject({
      kind: 'bounty_fund',
      subject: { type: 'bounty', id: String(bounty.id), title: 'Map the venues' },
    });
  });

  it('gives entries written before purposes were kept the same subjects, from the migration that adds them', async () => {
    const before = (await records(ben, { limit: '50' })).attachment.items;
    expect(before.filter((item) => item.subject !== null).length).toBeGreaterThan(3);
    await t.database.db.execute(
      sql`update journal_entries set purpose_type = null, purpose_id = null, purpose_title = null`,
    );
    expect((await records(ben, { limit: '50' })).attachment.items.every((item) => item.subject === null)).toBe(true);
    const migration = readFileSync(new URL('../../db/migrations/0032_entry_purposes.sql', import.meta.url), 'utf8');
    const backfill = migration
      .split('--> statement-breakpoint')
      .map((statement) => statement.replace(/^\s*(--.*\n)*/, '').trim())
      .filter((statement) => statement.startsWith('UPDATE'));
    expect(backfill.length).toBe(5);
    for (const statement of backfill) await t.database.db.execute(sql.raw(statement));
    const after = (await records(ben, { limit: '50' })).attachment.items;
    // The title edited since is the one a backfill can find; every other subject is as it was.
    const retitled = (items: WalletRecord[]) =>
      items.map((item) =>
        item.subject?.title === 'Harbour Walk'
          ? { ...item, subject: { ...item.subject, title: 'Harbour Walk (moved)' } }
          : item,
      );
    expect(after).toEqual(retitled(before));
  });
});
