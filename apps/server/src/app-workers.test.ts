import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { query } from './db/client.ts';
import { checkLedger } from './modules/wallet/ledger.store.ts';
import { ItemsFailed } from './platform/worker.ts';
import { createTestApp, type TestApp } from './test/app.ts';
import { adminToken, deposit, newKey, type WalletUser, walletUser } from './test/wallet-fixtures.ts';

/**
 * The background workers' items one by one (docs/jobs.md): an item that fails (a "poison" row) does not hold up
 * the others, is left out of the next runs for a while and done once it can be; every queue shows its backlog.
 */
const TOKEN = 'metrics-token-0123456789abcdef';
let t: TestApp;
let alice: WalletUser;

beforeAll(async () => {
  t = await createTestApp({ env: { METRICS_TOKEN: TOKEN } });
  alice = await walletUser(t, 'alice-jobs@example.com');
  await deposit(t, alice.email, 'USDT', 'BSC', '1000');
}, 60_000);
afterAll(async () => {
  expect(await checkLedger(t.database.db)).toEqual([]);
  await t.close();
});

async function backlog(queue: string): Promise<number | undefined> {
  const response = await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
  const line = response.body.split('\n').find((l) => l.startsWith(`polaris_job_backlog{queue="${queue}"}`));
  return line === undefined ? undefined : Number(line.split(' ')[1]);
}

async function sendPacket(): Promise<string> {
  const result = await t.call<{ code: string }>('POST', '/redpacket/send', {
    token: alice.token,
    body: {
      kind: 'share',
      asset: 'USDT',
      amount: '2',
      count: 2,
      validity: 1,
      validityUnit: 'minute',
      tradePassword: alice.trade,
      idempotencyKey: newKey(),
    },
  });
  expect(result.status, result.msg).toBe(200);
  return result.attachment.code;
}

async function createBounty(): Promise<string> {
  const result = await t.call<{ id: string }>('POST', '/bounty/create', {
    token: alice.token,
    body: {
      title: 'Write a thread about our meetup',
      description: 'At least five posts, with photos',
      category: 'content',
      asset: 'USDT',
      total: '3',
      winners: 3,
      deadline: new Date(t.clock.now().getTime() + 2 * 86_400_000).toISOString(),
      submitKinds: ['text', 'link'],
      idempotencyKey: newKey(),
      tradePassword: alice.trade,
    },
  });
  expect(result.status, result.msg).toBe(200);
  return result.attachment.id;
}

async function refunds(kind: string): Promise<number> {
  const { rows } = await query<{ n: number }>(
    t.database.db,
    sql`select count(*)::int as n from journal_entries where kind = ${kind}`,
  );
  return Number(rows[0]!.n);
}

describe('a red packet that cannot be settled', () => {
  it('is undone alone: the others are refunded, it is held out for a while, then settled once it can be', async () => {
    const codes = [await sendPacket(), await sendPacket(), await sendPacket()];
    expect(await backlog('redpacket')).toBe(0);
    // More left in it than the escrow holds: its refund fails on the escrow's balance, every time.
    await query(
      t.database.db,
      sql`update red_packets set remaining_amount = 1000000000000000 where code = ${codes[1]!}`,
    );
    t.clock.advance(2 * 60_000);
    expect(await backlog('redpacket')).toBe(3);

    const first = await t.services.redPackets.expiry.settleDue().catch((error: unknown) => error);
    expect(first).toBeInstanceOf(ItemsFailed);
    expect((first as ItemsFailed).failures).toHaveLength(1);
    expect((first as ItemsFailed).done).toBe(2);
    expect(await refunds('redpacket_refund')).toBe(2);
    expect(await backlog('redpacket')).toBe(1);

    // The next run leaves it out: nothing fails, nothing is done.
    expect(await t.services.redPackets.expiry.settleDue()).toEqual({ settled: 0, refunded: 0 });

    // The data is put right; once its hold has passed it is settled, once.
    await query(t.database.db, sql`update red_packets set remaining_amount = 2000000 where code = ${codes[1]!}`);
    t.clock.advance(60 * 60_000);
    expect(await t.services.redPackets.expiry.settleDue()).toEqual({ settled: 1, refunded: 1 });
    expect(await refunds('redpacket_refund')).toBe(3);
    expect(await backlog('redpacket')).toBe(0);
  });
});

describe('a bounty that cannot be settled', () => {
  it('does not stop the ones behind it', async () => {
    const ids = [await createBounty(), await createBounty(), await createBounty()];
    // The first one due: its refund asks more of the escrow than there is.
    await query(
      t.database.db,
      sql`update bounties set review_until = ${t.clock.now().toISOString()}::timestamptz - interval '3 minutes',
            reward = 1000000000000000 where id = ${Number(ids[0])}`,
    );
    await query(
      t.database.db,
      sql`update bounties set review_until = ${t.clock.now().toISOString()}::timestamptz - interval '1 minute'
          where id in (${Number(ids[1])}, ${Number(ids[2])})`,
    );
    expect(await backlog('bounty')).toBe(3);
    const first = await t.services.bounties.settleDue().catch((error: unknown) => error);
    expect(first).toBeInstanceOf(ItemsFailed);
    expect((first as ItemsFailed).failures.map((f) => f.id)).toEqual([Number(ids[0])]);
    expect((first as ItemsFailed).done).toBe(2);
    expect(await refunds('bounty_refund')).toBe(2);
    expect(await t.services.bounties.settleDue()).toEqual({ settled: 0 });
    expect(await backlog('bounty')).toBe(1);
  });
});

describe('a deposit that cannot be credited', () => {
  it('does not stop the deposits behind it', async () => {
    const arrive = async (amount: string) => {
      const result = await t.call<{ id: number; credited: boolean }>('POST', '/local-chain/deposit', {
        headers: { 'x-admin-token': await adminToken(t) },
        body: { email: alice.email, asset: 'USDT', chain: 'BSC', amount, confirmations: 0 },
      });
      expect(result.status, result.msg).toBe(200);
      expect(result.attachment.credited).toBe(false);
      return result.attachment.id;
    };
    const poison = await arrive('5');
    const good = await arrive('7');
    // A zero amount: its ledger entry is refused (no zero postings), every time.
    await query(t.database.db, sql`update deposits set amount = 0 where id = ${poison}`);
    t.clock.advance(24 * 60 * 60_000);
    const run = await t.services.deposits.processDeposits().catch((error: unknown) => error);
    expect(run).toBeInstanceOf(ItemsFailed);
    expect((run as ItemsFailed).failures.map((f) => f.id)).toEqual([poison]);
    const { rows } = await query<{ id: string; status: string }>(
      t.database.db,
      sql`select id, status from deposits where id in (${poison}, ${good}) order by id`,
    );
    expect(rows.map((row) => row.status)).toEqual(['confirming', 'credited']);
    // Held out: the next run does not try it again at once.
    expect(await t.services.deposits.processDeposits()).toEqual({ credited: 0 });
  });
});

describe('backlogs', () => {
  it('every queue-like worker shows one', async () => {
    for (const queue of ['mail', 'activity', 'earnings', 'redpacket', 'bounty', 'vip', 'airdrop', 'invite']) {
      expect(await backlog(queue), queue).toBeTypeOf('number');
    }
  });
});
