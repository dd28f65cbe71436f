import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.ts';

const TOKEN = 'metrics-token-0123456789abcdef';

function sample(text: string, name: string, labels = ''): number | undefined {
  const line = text.split('\n').find((entry) => entry.startsWith(`${name}${labels} `));
  return line === undefined ? undefined : Number(line.split(' ').pop());
}

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

describe('PostgreSQL pool metrics', () => {
  it('show every connection busy and the queries waiting for one', async () => {
    t = await createTestApp({ env: { METRICS_TOKEN: TOKEN } });
    const app = t;
    expect(app.database.kind).toBe('postgres');
    const scrape = async () =>
      (await app.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } })).body;

    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let started = 0;
    const holders = Array.from({ length: 10 }, () =>
      app.database.db.transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        started++;
        await held;
      }),
    );
    // Started now (a query builder runs only once awaited).
    const waiting = [sql`select 1`, sql`select 2`].map((query) => app.database.db.execute(query).then(() => {}));
    try {
      await expect.poll(() => started).toBe(10);
      // The scrape's own backlog count waits for a connection too (and is left out after 2 s).
      const text = await scrape();
      expect(sample(text, 'polaris_db_pool_waiting')).toBeGreaterThanOrEqual(2);
      expect(sample(text, 'polaris_db_pool_connections', '{state="busy"}')).toBe(10);
      expect(sample(text, 'polaris_db_pool_connections', '{state="idle"}')).toBe(0);
      expect(sample(text, 'polaris_db_pool_max')).toBe(10);
      expect(sample(text, 'polaris_job_backlog', '{queue="mail"}')).toBeUndefined();
    } finally {
      release();
    }
    await Promise.all([...holders, ...waiting]);
    // The first scrape's backlog count, given up on after its budget, still ran once it got a connection: wait for
    // it. A scrape runs its own counts one at a time, so at most one connection is busy with it.
    await expect
      .poll(async () => {
        const after = await scrape();
        return [
          sample(after, 'polaris_db_pool_waiting'),
          (sample(after, 'polaris_db_pool_connections', '{state="busy"}') ?? 99) <= 1,
        ];
      })
      .toEqual([0, true]);
  });
});
