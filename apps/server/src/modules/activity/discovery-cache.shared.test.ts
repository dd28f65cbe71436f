import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ActivitySummary } from '@polaris/contract';
import { sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { query } from '../../db/client.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import type { WalletUser } from '../../test/wallet-fixtures.ts';
import { createActivity, host } from './activity-fixtures.ts';

type Page = { items: ActivitySummary[]; nextCursor: string | null };

// Two server processes behind one load balancer share the database and Redis; here, two apps in one test.
describe('discovery cache across servers (Redis)', () => {
  let t: TestApp;
  let other: Awaited<ReturnType<typeof buildApp>>;
  let olivia: WalletUser;
  const city = 'Twin City';

  beforeAll(async () => {
    t = await createTestApp();
    const dataDir = await mkdtemp(path.join(tmpdir(), 'polaris-second-node-'));
    other = await buildApp({
      config: {
        ...loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', REDIS_URL: process.env.REDIS_URL }),
        backgroundWorkers: false,
      },
      database: t.database,
      now: t.clock.now,
      webDistDir: path.join(dataDir, 'no-web'),
    });
    olivia = await host(t, 'olivia@example.com');
  });
  afterAll(async () => {
    await other.close();
    await t.close();
  });

  it('drops the other server’s entries when an activity is edited here', async () => {
    const activity = await createActivity(t, olivia, { city, title: 'Seen everywhere' });
    const titlesThere = async () => {
      const response = await other.inject({ url: `/rest/polarisex/activity/list?city=${encodeURIComponent(city)}` });
      return (response.json() as { attachment: Page }).attachment.items.map((item) => item.title);
    };
    expect(await titlesThere()).toEqual(['Seen everywhere']);
    await t.call('POST', '/activity/update', { token: olivia.token, body: { id: activity.id, title: 'Edited here' } });
    await vi.waitFor(async () => expect(await titlesThere()).toEqual(['Edited here']), { timeout: 1000, interval: 20 });
  });

  it('keeps to its own deployment: another database on the same Redis invalidates on its own channel', async () => {
    // Another deployment (its own database) beside this one on the same Redis, as a test run beside another.
    const elsewhere = await createTestApp();
    const listener = new Redis(process.env.REDIS_URL!);
    try {
      const nameOf = async (app: TestApp) =>
        (await query<{ name: string }>(app.database.db, sql`select current_database() as name`)).rows[0]!.name;
      const here = `polaris:${await nameOf(t)}:discovery:invalidate`;
      const there = `polaris:${await nameOf(elsewhere)}:discovery:invalidate`;
      expect(here).not.toBe(there);
      const heard: string[] = [];
      listener.on('message', (channel) => heard.push(channel));
      await listener.subscribe(here, there);
      // A write there, then one here: each invalidates on its own deployment's channel only, in that order.
      await createActivity(elsewhere, await host(elsewhere, 'ezra@example.com'), { city, title: 'Over there' });
      await createActivity(t, olivia, { city, title: 'Over here' });
      await vi.waitFor(() => expect(heard).toHaveLength(2), { timeout: 5000, interval: 20 });
      expect(heard).toEqual([there, here]);
    } finally {
      listener.disconnect();
      await elsewhere.close();
    }
  });
});
