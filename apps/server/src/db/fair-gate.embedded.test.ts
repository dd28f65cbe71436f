import { API_BASE } from '@polaris/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.ts';
import { deposit, newKey, walletUser } from '../test/wallet-fixtures.ts';
import { openDatabase } from './client.ts';
import { FairGate, inLane } from './fair-gate.ts';

/** Enough queued reads that draining them takes far longer than the payment's own password check. */
const READS = 1000;
const tick = () => new Promise((resolve) => setTimeout(resolve, 1));

describe('fair gate', () => {
  it('runs a write queued after many reads before them, and lets one read through every two writes', async () => {
    const gate = new FairGate();
    const order: string[] = [];
    let release!: () => void;
    const first = gate.run('read', () => new Promise<void>((resolve) => (release = resolve)));
    const queued = [
      ...Array.from({ length: 10 }, (_, i) => gate.run('read', async () => void order.push(`r${i}`))),
      ...Array.from({ length: 10 }, (_, i) => gate.run('write', async () => void order.push(`w${i}`))),
    ];
    expect(gate.queued()).toEqual({ read: 10, write: 10 });
    // Every call that found the gate taken has waited (what a background worker reads to know it held someone up).
    expect(gate.waits()).toBe(20);
    release();
    await Promise.all([first, ...queued]);
    expect(order).toEqual([
      ...['w0', 'w1', 'r0', 'w2', 'w3', 'r1', 'w4', 'w5', 'r2', 'w6', 'w7', 'r3', 'w8', 'w9'],
      ...['r4', 'r5', 'r6', 'r7', 'r8', 'r9'],
    ]);
  });

  it('runs one call at a time and frees itself after a failure', async () => {
    const gate = new FairGate();
    let inside = 0;
    let most = 0;
    const work = async () => {
      inside++;
      most = Math.max(most, inside);
      await tick();
      inside--;
    };
    const failing = gate.run('write', async () => {
      throw new Error('boom');
    });
    await expect(failing).rejects.toThrow('boom');
    await Promise.all(Array.from({ length: 20 }, (_, i) => gate.run(i % 3 ? 'read' : 'write', work)));
    expect(most).toBe(1);
    expect(gate.queued()).toEqual({ read: 0, write: 0 });
  });

  it('puts statements outside a request in the lane of what they are, and a lane set by the caller wins', async () => {
    const database = await openDatabase({ kind: 'pglite' });
    try {
      await database.pglite!.exec('create table t (n int)');
      const client = (database.db as unknown as { $client: { query(s: string): Promise<unknown> } }).$client;
      let release!: () => void;
      const blocker = client.query('select 1').then(() => undefined);
      // Hold the gate with a transaction that waits, then queue a read and a write behind it.
      const holding = database.db.transaction(() => new Promise<void>((resolve) => (release = resolve)));
      await tick();
      const finished: string[] = [];
      const read = client.query('select count(*) from t').then(() => finished.push('select'));
      const write = client.query('insert into t values (1)').then(() => finished.push('insert'));
      const laneRead = inLane('read', () => client.query('insert into t values (2)')).then(() =>
        finished.push('insert in the read lane'),
      );
      await tick();
      release();
      await Promise.all([blocker, holding, read, write, laneRead]);
      expect(finished).toEqual(['insert', 'select', 'insert in the read lane']);
    } finally {
      await database.close();
    }
  });
});

describe('a payment on the embedded database under a crowd of readers', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Always PGlite, whatever the suite runs on: this is about the embedded database's single connection.
    const database = await openDatabase({ kind: 'pglite' });
    await database.migrate();
    t = await createTestApp({ database, env: { DISCOVERY_CACHE_MS: '0' } });
  });
  afterAll(() => t.close());

  it('does not wait behind the reads that were queued before it', async () => {
    const payer = await walletUser(t, 'payer@example.com');
    const payee = await walletUser(t, 'payee@example.com');
    await deposit(t, payer.email, 'USDT', 'BSC', '100');

    let readsDone = 0;
    const reads = Array.from({ length: READS }, (_, i) =>
      t
        .call('GET', i % 2 ? '/activity/list' : '/wallet/records', { token: payer.token, query: { limit: '20' } })
        .then((response) => {
          readsDone++;
          return response.http;
        }),
    );
    await tick();
    // Straight through inject: `t.call` would go on to run the notice outbox (the payee's notice), which is
    // background work and rightly waits its turn behind the reads.
    const paid = await t.app.inject({
      method: 'POST',
      url: `${API_BASE}/wallet/transfer`,
      headers: { 'content-type': 'application/json', locale: 'en_US', token: payer.token },
      payload: JSON.stringify({
        ...{ asset: 'USDT', amount: '1', to: payee.uid, tradePassword: payer.trade, idempotencyKey: newKey() },
      }),
    });
    const readsBeforeThePayment = readsDone;
    expect(paid.json()).toMatchObject({ status: 200 });
    expect(await Promise.all(reads)).toEqual(Array(READS).fill(200));
    // First come, first served would finish the payment after nearly all the reads (each of its statements
    // waits behind every read statement queued before it).
    console.log(`payment answered after ${readsBeforeThePayment} of ${READS} reads`);
    expect(readsBeforeThePayment).toBeLessThan(READS / 2);
  });
});
