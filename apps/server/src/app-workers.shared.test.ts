import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
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

/**
 * Holds the lock on a system account (the escrow every refund of a kind moves money out of) for `ms`, starting
 * now. Every worker run that has claimed items waits on it while holding its claims, so all three processes'
 * runs overlap: a claim that did not lock its items (or did not skip locked ones) would be refunded by each.
 */
async function holdAccount(systemCode: string, ms: number): Promise<() => Promise<void>> {
  const client = new pg.Client({ connectionString: processes.databaseUrl });
  await client.connect();
  await client.query('begin');
  const locked = await client.query('select id from accounts where system_code = $1 for update', [systemCode]);
  expect(locked.rowCount).toBeGreaterThan(0);
  const released = new Promise<void>((resolve) => setTimeout(resolve, ms)).then(async () => {
    await client.query('commit');
    await client.end();
  });
  return () => released;
}

/**
 * Waits until no other session on the database is inside a transaction: a worker run that found the same items
 * as the one that finished them (had it not skipped them) would still be in its transaction, and commit later.
 */
async function quiet() {
  await waitFor('the other workers’ transactions to end', async () => {
    const busy = await count(
      sql`select count(*)::int as n from pg_stat_activity
          where datname = current_database() and pid <> pg_backend_pid() and xact_start is not null`,
    );
    return busy === 0;
  });
}

/** Each key's count in a grouped query: every key must appear exactly once. */
async function perItem(statement: ReturnType<typeof sql>): Promise<number[]> {
  const { rows } = await query<{ n: number }>(database.db, statement);
  return rows.map((row) => Number(row.n));
}

describe('background workers on three processes', () => {
  it('refunds each of 60 expired red packets exactly once', async () => {
    const codes: string[] = [];
    // The first one does not expire: its money stays in the escrow, so a second refund of an expired packet would
    // not be stopped by an empty escrow but go through.
    for (let i = 0; i <= 60; i++) {
      const result = await clients[i % 3]!.call<{ code: string }>('POST', '/redpacket/send', {
        token: alice.token,
        body: {
          kind: 'share',
          asset: 'USDT',
          amount: i === 0 ? '300' : '1',
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
    // All due at once, as if the hour had passed: every process's worker (every 5 s) finds all of them while the
    // escrow is held, so their runs overlap.
    const release = await holdAccount('redpacket_escrow', 7000);
    await query(
      database.db,
      sql`update red_packets set expires_at = now() - interval '1 second' where code <> ${codes[0]}`,
    );
    await release();
    await waitFor('the packets settled', async () => {
      return (await count(sql`select count(*)::int as n from red_packets where settled_at is null`)) === 1;
    });
    await quiet();
    const refunds = await perItem(
      sql`select count(*)::int as n from journal_entries where kind = 'redpacket_refund' group by reference`,
    );
    expect(refunds).toEqual(Array.from({ length: 60 }, () => 1));
    expect(
      await count(
        sql`select count(*)::int as n from red_packets where refund_entry_id is not null and remaining_count = 2`,
      ),
    ).toBe(60);
  });

  it('settles each of 30 bounties past their review window exactly once', async () => {
    // The first one stays open, its reward in the escrow (as with the red packets above).
    const ids: string[] = [];
    for (let i = 0; i <= 30; i++) {
      const result = await clients[i % 3]!.call<{ id: string }>('POST', '/bounty/create', {
        token: alice.token,
        body: {
          title: `Write a thread about our meetup ${i}`,
          description: 'At least five posts, with photos',
          category: 'content',
          asset: 'USDT',
          total: i === 0 ? '150' : '3',
          winners: 3,
          deadline: new Date(Date.now() + 2 * 86_400_000).toISOString(),
          submitKinds: ['text', 'link'],
          idempotencyKey: newKey(),
          tradePassword: alice.trade,
        },
      });
      expect(result.status, result.msg).toBe(200);
      ids.push(result.attachment.id);
    }
    const release = await holdAccount('bounty_escrow', 7000);
    await query(database.db, sql`update bounties set review_until = now() - interval '1 second' where id <> ${ids[0]}`);
    await release();
    await waitFor('the bounties settled', async () => {
      return (await count(sql`select count(*)::int as n from bounties where settled_at is null`)) === 1;
    });
    await quiet();
    const refunds = await perItem(
      sql`select count(*)::int as n from journal_entries where kind = 'bounty_refund' group by reference`,
    );
    expect(refunds).toEqual(Array.from({ length: 30 }, () => 1));
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
        (await count(
          sql`select count(*)::int as n from mail_queue where topic = 'workers-test' and sent_at is null`,
        )) === 0
      );
    });
    await quiet();
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
