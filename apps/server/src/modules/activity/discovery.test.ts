import type { Activity, ActivitySummary } from '@polaris/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { uploadTestImage } from '../../test/images.ts';
import type { WalletUser } from '../../test/wallet-fixtures.ts';
import { createActivity, DAY, guest, HOUR, host, paidTicket, signUp } from './activity-fixtures.ts';

type Page = { items: ActivitySummary[]; nextCursor: string | null };
type Explore = { featured: ActivitySummary[]; thisWeek: ActivitySummary[]; free: ActivitySummary[] };

/** The statements one call sends to the database. */
async function statementsOf(t: TestApp, call: () => Promise<{ status: number }>) {
  const before = t.database.statements();
  const result = await call();
  expect(result.status).toBe(200);
  return t.database.statements() - before;
}

const uploadCover = (t: TestApp, user: WalletUser) => uploadTestImage(t, user.token);

describe('discovery queries', () => {
  let t: TestApp;
  let olivia: WalletUser;
  const city = 'Queryville';

  beforeAll(async () => {
    // The cache is off here, so every call below reaches the database.
    t = await createTestApp({ env: { DISCOVERY_CACHE_MS: '0' } });
    olivia = await host(t, 'olivia@example.com');
    const cover = await uploadCover(t, olivia);
    const base = t.clock.now().getTime() + HOUR;
    for (let i = 0; i < 25; i++) {
      const start = base + i * 6 * HOUR;
      const created = await createActivity(t, olivia, {
        city,
        title: `Night ${i}`,
        startsAt: new Date(start).toISOString(),
        endsAt: new Date(start + 2 * HOUR).toISOString(),
        ...(i % 3 === 0 ? paidTicket('5') : {}),
        ...(i % 4 === 0 ? { coverImageId: cover } : {}),
      });
      if (i % 5 === 0) {
        await t.call('POST', '/activity/manage/marketing', {
          token: olivia.token,
          body: { activityId: created.id, featured: true },
        });
      }
    }
  });
  afterAll(() => t.close());

  const list = (limit: number) => t.call<Page>('GET', '/activity/list', { query: { city, limit: String(limit) } });

  it('builds the activity list with one statement, for 5 items or 20', async () => {
    expect(await statementsOf(t, () => list(5))).toBe(1);
    expect(await statementsOf(t, () => list(20))).toBe(1);
    expect((await list(20)).attachment.items).toHaveLength(20);
    const firstPage = await list(20);
    const rest = await t.call<Page>('GET', '/activity/list', {
      query: { city, limit: '20', cursor: firstPage.attachment.nextCursor! },
    });
    expect(rest.attachment.items.map((item) => item.title)).toEqual([20, 21, 22, 23, 24].map((i) => `Night ${i}`));
    expect(rest.attachment.nextCursor).toBeNull();
  });

  it('builds explore with two statements, and "my activities" with as many for 5 items as for 20', async () => {
    expect(await statementsOf(t, () => t.call('GET', '/activity/explore', { query: { city } }))).toBe(2);
    const mine = (limit: string) =>
      statementsOf(t, () => t.call('GET', '/activity/mine', { token: olivia.token, query: { role: 'hosted', limit } }));
    expect(await mine('5')).toBe(await mine('20'));
  });

  it('shows in a summary what the activity page shows: price, cover, seats, featured', async () => {
    const first = (await list(1)).attachment.items[0]!;
    const ann = await guest(t, 'ann@example.com');
    expect((await signUp(t, ann, first.id)).status).toBe(200);
    const detail = (await t.call<Activity>('GET', '/activity/detail', { query: { id: first.id } })).attachment;
    const summary = (await list(1)).attachment.items[0]!;
    expect(summary).toMatchObject({
      id: detail.id,
      title: 'Night 0',
      startsAt: detail.startsAt,
      endsAt: detail.endsAt,
      free: false,
      priceFrom: { amount: '5', asset: 'USDT' },
      seatsTaken: 1,
      featured: true,
      cover: detail.cover,
      shareUrl: detail.shareUrl,
    });
    expect(summary.cover?.sizes.length).toBeGreaterThan(0);
    const explore = await t.call<Explore>('GET', '/activity/explore', { query: { city } });
    expect(explore.attachment.featured.map((item) => item.title)).toEqual([0, 5, 10, 15, 20].map((i) => `Night ${i}`));
    expect(explore.attachment.free).toHaveLength(10);
    expect(explore.attachment.free.every((item) => item.free)).toBe(true);
  });
});

describe('discovery cache', () => {
  let t: TestApp;
  let olivia: WalletUser;
  const city = 'Cachetown';
  const titles = async () =>
    (await t.call<Page>('GET', '/activity/list', { query: { city } })).attachment.items.map((item) => item.title);

  beforeAll(async () => {
    t = await createTestApp(); // the default cache: a few seconds
    olivia = await host(t, 'olivia@example.com');
  });
  afterAll(() => t.close());

  it('answers a repeated anonymous read without the database', async () => {
    await createActivity(t, olivia, { city, title: 'Cached night' });
    expect(await titles()).toEqual(['Cached night']);
    expect(await statementsOf(t, () => t.call('GET', '/activity/list', { query: { city } }))).toBe(0);
    expect(await statementsOf(t, () => t.call('GET', '/activity/explore', { query: { city } }))).toBeGreaterThan(0);
    expect(await statementsOf(t, () => t.call('GET', '/activity/explore', { query: { city } }))).toBe(0);
  });

  it('shows an edit, a sign-up, a new activity, featuring and a cancellation at once', async () => {
    const activity = await createActivity(t, olivia, {
      city,
      title: 'Before the edit',
      startsAt: new Date(t.clock.now().getTime() + DAY).toISOString(),
      endsAt: new Date(t.clock.now().getTime() + DAY + HOUR).toISOString(),
    });
    expect(await titles()).toEqual(['Before the edit', 'Cached night']);

    const edited = await t.call('POST', '/activity/update', {
      token: olivia.token,
      body: { id: activity.id, title: 'After the edit' },
    });
    expect(edited.status).toBe(200);
    expect(await titles()).toEqual(['After the edit', 'Cached night']);

    const seats = async () =>
      (await t.call<Page>('GET', '/activity/list', { query: { city } })).attachment.items[0]!.seatsTaken;
    expect(await seats()).toBe(0);
    expect((await signUp(t, await guest(t, 'bea@example.com', '0'), activity.id)).status).toBe(200);
    expect(await seats()).toBe(1);

    const featured = async () =>
      (await t.call<Explore>('GET', '/activity/explore', { query: { city } })).attachment.featured.map((i) => i.id);
    expect(await featured()).toEqual([]);
    await t.call('POST', '/activity/manage/marketing', {
      token: olivia.token,
      body: { activityId: activity.id, featured: true },
    });
    expect(await featured()).toEqual([activity.id]);

    await createActivity(t, olivia, { city, title: 'Brand new' });
    expect(await titles()).toContain('Brand new');

    const cancelled = await t.call('POST', '/activity/manage/cancel', {
      token: olivia.token,
      body: { activityId: activity.id },
    });
    expect(cancelled.status).toBe(200);
    expect(await titles()).not.toContain('After the edit');
  });

  it('forgets an entry after a few seconds, even when the change did not come through the API', async () => {
    await t.database.db.execute(
      sql`update activities set title = 'Changed behind its back' where title = 'Cached night'`,
    );
    expect(await titles()).toContain('Cached night');
    t.clock.advance(6000);
    expect(await titles()).toContain('Changed behind its back');
  });
});
