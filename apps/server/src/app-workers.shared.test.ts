import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type DatabaseHandle, openDatabase, query } from './db/client.ts';
import { checkLedger } from './modules/wallet/ledger.store.ts';
import type { ApiClient } from './test/app.ts';
import { httpClient } from './test/http-client.ts';
import { type ServerProcess, ServerProcesses } from './test/server-processes.ts';
import { deposit, newKey, type WalletUser, walletUser } from './test/wallet-fixtures.ts';

/**
 * Three real server processes on one PostgreSQL and one Redis, every one running all the background workers
 * (main.ts; docs/jobs.md). Many items fall due at once; all three processes' workers find them, yet each is done
 * exactly once: one refund entry per expired red packet, one per bounty past its review, one mail sent per
 * queued mail (one .eml across the three outboxes), and the ledger balances.
 */
const template = inject('databaseTemplate');
if (template.kind !== 'postgres') throw new Error('this file runs in the PostgreSQL pass (DATABASE_URL)');
const redisUrl = process.env.REDIS_URL;
if (!redisUrl) throw new Error('this file needs REDIS_URL');
const processes = new ServerProcesses(template.url, redisUrl);

let nodes: ServerProcess[];
let clients: ApiClient[];
let database: DatabaseHandle;
let alice: WalletUser;

beforeAll(async () => {
  await processes.createDatabase();
  nodes = await Promise.all([processes.start(), processes.start(), processes.start()]);
  clients = nodes.map((node) => httpClient(node.baseUrl, node.dataDir));
  database = await openDatabase({ kind: 'postgres', url: processes.databaseUrl });
  alice = await walletUser(clients[0]!, 'alice-workers@example.com');
  await deposit(clients[0]!, alice.email, 'USDT', 'BSC', '1000');
}, 120_000);

afterAll(async () => {
  expect(await checkLedger(database.db)).toEqual([]);
  await database.close();
  await processes.close();
});

async function waitFor(what: string, done: () => Promise<boolean>, ms = 30_000) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await done()) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`timed out waiting for ${what}`);
}

async function count(statement: ReturnType<typeof sql>): Promise<number> {
  const { rows } = await query<{ n: number }>(database.db, statement);
  return Number(rows[0]!.n);
}

/** Each key's count in a grouped query: every key must appear exactly once. */
async function perItem(statement: ReturnType<typeof sql>): Promise<number[]> {
  const { rows } = await query<{ n: number }>(database.db, statement);
  return rows.map((row) => Number(row.n));
}

describe('background workers on three processes', () => {
  it('refunds each of 60 expired red packets exactly once', async () => {
    const codes: string[] = [];
    for (let i = 0; i < 60; i++) {
      const result = await clients[i % 3]!.call<{ code: string }>('POST', '/redpacket/send', {
        token: alice.token,
        body: {
          kind: 'share',
          asset: 'USDT',
          amount: '1',
          count: 2,
          validity: 1,
          validityUnit: 'hour',
          tradePassword: alice.trade,
          idempotencyKey: newKey(),
        },
      });
      expect(result.status, result.msg).toBe(200);
      codes.push(result.attachment.code);
    }
    // All due at once, as if the hour had passed: every process's worker (every 5 s) finds all of them.
    await query(database.db, sql`update red_packets set expires_at = now() - interval '1 second'`);
    await waitFor('the packets settled', async () => {
      return (await count(sql`select count(*)::int as n from red_packets where settled_at is null`)) === 0;
    });
    const refunds = await perItem(
      sql`select count(*)::int as n from journal_entries where kind = 'redpacket_refund' group by reference`,
    );
    expect(refunds).toHaveLength(60);
    expect(refunds.every((n) => n === 1)).toBe(true);
    expect(
      await count(sql`select count(*)::int as n from red_packets where refund_entry_id is null or remaining_count <> 2`),
    ).toBe(0);
  });

  it('settles each of 30 bounties past their review window exactly once', async () => {
    for (let i = 0; i < 30; i++) {
      const result = await clients[i % 3]!.call('POST', '/bounty/create', {
        token: alice.token,
        body: {
          title: `Write a thread about our meetup ${i}`,
          description: 'At least five posts, with photos',
          category: 'content',
          asset: 'USDT',
          total: '3',
          winners: 3,
          deadline: new Date(Date.now() + 2 * 86_400_000).toISOString(),
          submitKinds: ['text', 'link'],
          idempotencyKey: newKey(),
          tradePassword: alice.trade,
        },
      });
      expect(result.status, result.msg).toBe(200);
    }
    await query(database.db, sql`update bounties set review_until = now() - interval '1 second'`);
    await waitFor('the bounties settled', async () => {
      return (await count(sql`select count(*)::int as n from bounties where settled_at is null`)) === 0;
    });
    const refunds = await perItem(
      sql`select count(*)::int as n from journal_entries where kind = 'bounty_refund' group by reference`,
    );
    expect(refunds).toHaveLength(30);
    expect(refunds.every((n) => n === 1)).toBe(true);
  });

  it('sends each of 300 queued mails exactly once across the three outboxes', async () => {
    const sentBefore = await outboxFiles();
    await query(
      database.db,
      sql`insert into mail_queue (recipient, subject, body, topic, created_at, next_attempt_at)
          select 'queued-' || i || '@example.com', 'Hello', 'Body', 'workers-test', now(), now()
          from generate_series(1, 300) i`,
    );
    await waitFor('the mail sent', async () => {
      return (
        (await count(sql`select count(*)::int as n from mail_queue where topic = 'workers-test' and sent_at is null`)) ===
        0
      );
    });
    expect(
      await count(sql`select count(*)::int as n from mail_queue where topic = 'workers-test' and attempts <> 1`),
    ).toBe(0);
    const sent = (await outboxFiles()).filter((name) => !sentBefore.includes(name) && name.includes('-queued-'));
    const recipients = sent.map((name) => /-(queued-\d+@example\.com)\.eml$/.exec(name)?.[1]);
    expect(sent).toHaveLength(300);
    expect(new Set(recipients).size).toBe(300);
    // More than one process did a share of it (50 a run each, every 2 s).
    const byNode = await Promise.all(
      nodes.map(async (node) =>
        (await readdir(path.join(node.dataDir, 'outbox'))).filter((name) => name.includes('-queued-')),
      ),
    );
    expect(byNode.filter((names) => names.length > 0).length).toBeGreaterThan(1);
  });
});

async function outboxFiles(): Promise<string[]> {
  const all = await Promise.all(
    nodes.map(async (node) => {
      try {
        return (await readdir(path.join(node.dataDir, 'outbox'))).map((name) => `${node.dataDir}/${name}`);
      } catch {
        return [];
      }
    }),
  );
  return all.flat();
}
