import { ACTIVITY_CATEGORIES, hashLoginPassword } from '@polaris/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { query } from '../src/db/client.ts';
import { checkLedger } from '../src/modules/wallet/ledger.store.ts';
import { createTestApp, type TestApp } from '../src/test/app.ts';
import { ACTIVITIES, DEMO_EMAIL, DEMO_PASSWORD, PEOPLE } from './demo/content.ts';
import { type SeedReport, seedDemo } from './demo/seed.ts';

let t: TestApp;

function seed(): Promise<SeedReport> {
  return seedDemo({
    services: t.services,
    // The test app's clock only moves by offsets: reach the wanted moment from wherever it is now.
    clock: { set: (at) => t.clock.advance((at ?? new Date()).getTime() - t.clock.now().getTime()) },
    codeFor: async (email) => {
      const code = await t.code(email);
      if (!code) throw new Error(`no code for ${email}`);
      return code;
    },
  });
}

/** Rows in every table the seed writes to. */
async function rowCounts() {
  const tables = [
    'users',
    'sessions',
    'email_codes',
    'trade_passwords',
    'deposits',
    'journal_entries',
    'postings',
    'idempotency_keys',
    'images',
    'activities',
    'ticket_types',
    'registrations',
    'attendance_nfts',
    'activity_invitations',
    'creator_earnings',
    'mail_queue',
    'calendar_entries',
  ];
  const counts: Record<string, number> = {};
  for (const table of tables) {
    const result = await query<{ n: string }>(t.database.db, sql.raw(`select count(*)::text as n from ${table}`));
    counts[table] = Number(result.rows[0]!.n);
  }
  return counts;
}

let first: SeedReport;

beforeAll(async () => {
  t = await createTestApp();
  first = await seed();
}, 180_000);
afterAll(() => t?.close());

describe('npm run demo', () => {
  it('creates the demo accounts and 20+ activities covering every category, all upcoming ones listed', async () => {
    expect(first.alreadySeeded).toBe(false);
    expect(first.created.people).toBe(PEOPLE.length);
    expect(first.created.activities).toBe(ACTIVITIES.length);
    expect(ACTIVITIES.length).toBeGreaterThanOrEqual(20);
    expect(first.created.covers).toBe(ACTIVITIES.length);
    // Every past activity settled; the three paid ones paid their organizers out after the hold.
    expect(first.created.settled).toBe(ACTIVITIES.filter((activity) => activity.day < 0).length);
    expect(first.created.released).toBe(ACTIVITIES.filter((activity) => activity.day < 0 && activity.price).length);

    const categories = await t.call<{ items: { category: string; count: number }[] }>('GET', '/activity/categories');
    expect(categories.attachment.items.map((item) => item.category).sort()).toEqual([...ACTIVITY_CATEGORIES].sort());
    for (const item of categories.attachment.items) expect(item.count, item.category).toBeGreaterThan(0);

    // The seed's cities are filed by catalogue id and named in the three languages.
    const cities = await t.call<{ items: { city: string; cityNames: { en: string } | null }[] }>(
      'GET',
      '/activity/cities',
    );
    expect(cities.attachment.items.map((item) => item.city)).toEqual(
      expect.arrayContaining(['taipei', 'hong-kong', 'singapore', 'tokyo', 'kuala-lumpur']),
    );
    expect(cities.attachment.items.map((item) => item.cityNames?.en)).toEqual(
      expect.arrayContaining(['Taipei', 'Hong Kong', 'Singapore', 'Tokyo', 'Kuala Lumpur']),
    );

    const list = await t.call<{
      items: { title: string; free: boolean; cover: { sizes: { url: string }[] } | null }[];
    }>('GET', '/activity/list', { query: { limit: '50' } });
    expect(list.attachment.items.some((item) => item.free)).toBe(true);
    expect(list.attachment.items.some((item) => !item.free)).toBe(true);
    // Every listed activity has a generated cover that the image route serves as WebP.
    for (const item of list.attachment.items) expect(item.cover?.sizes.length, item.title).toBeGreaterThan(0);
    const url = list.attachment.items[0]!.cover!.sizes.at(-1)!.url;
    expect(url).toMatch(/^\/rest\/polarisex\/activity\/image\//);
    const image = await t.app.inject({ method: 'GET', url });
    expect(image.headers['content-type']).toBe('image/webp');
    expect(image.rawPayload.toString('latin1', 8, 12)).toBe('WEBP');
  });

  it('leaves the demo user able to log in with tickets, attendance NFTs from past activities and funded balances', async () => {
    const login = await t.call<{ token: string }>('POST', '/user/login', {
      body: { email: DEMO_EMAIL, password: hashLoginPassword(DEMO_PASSWORD) },
    });
    expect(login.status).toBe(200);
    const token = login.attachment.token;

    const nfts = await t.call<{ items: { activity: { title: string; startsAt: string } }[] }>('GET', '/activity/nfts', {
      token,
    });
    const attended = ACTIVITIES.filter((activity) => activity.checkedIn?.includes('demo')).map((a) => a.title);
    expect(nfts.attachment.items.map((nft) => nft.activity.title).sort()).toEqual(attended.sort());
    for (const nft of nfts.attachment.items) expect(new Date(nft.activity.startsAt).getTime()).toBeLessThan(Date.now());

    const tickets = await t.call<{ items: { status: string; qr: string | null }[] }>('GET', '/activity/tickets', {
      token,
      query: { when: 'upcoming' },
    });
    const statuses = tickets.attachment.items.map((ticket) => ticket.status);
    expect(statuses.filter((status) => status === 'approved').length).toBeGreaterThanOrEqual(4);
    expect(statuses).toContain('pending');

    // 1,250 USDT deposited; +20 and −8.5 in transfers; 25 + 5 + 20 + 6 paid for tickets and 10 held for a
    // request awaiting approval. The 8 released from the workshop the demo user hosted is theirs to withdraw
    // (creator earnings), not in the wallet until they do.
    const balance = async (asset: string) =>
      (await t.call<{ available: string; frozen: string }>('GET', '/wallet/asset', { token, query: { asset } }))
        .attachment;
    expect(await balance('USDT')).toMatchObject({ available: '1195.5', frozen: '10' });
    const earnings = await t.call<{ balances: { asset: string; withdrawable: string }[] }>(
      'GET',
      '/open/ticket/frozen-balance',
      { token },
    );
    expect(earnings.attachment.balances).toContainEqual(expect.objectContaining({ asset: 'USDT', withdrawable: '8' }));
    expect(await balance('ETH')).toMatchObject({ available: '0.75', frozen: '0' });
    expect(await balance('SOL')).toMatchObject({ available: '12.5' });
    expect(await balance('TON')).toMatchObject({ available: '80' });
    expect(await balance('XDR')).toMatchObject({ available: '500' });

    // The past workshop the demo user hosted: three attendees checked in, its takings paid out to the host once
    // the payout hold after its end had passed.
    const hosted = await t.call<{ items: { id: string; title: string }[] }>('GET', '/activity/mine', {
      token,
      query: { role: 'hosted', when: 'past' },
    });
    const workshop = hosted.attachment.items.find((item) => item.title === 'Intro to Self-Custody')!;
    const overview = await t.call<{
      counts: { checkedIn: number };
      held: unknown[];
      released: { asset: string; amount: string }[];
    }>('GET', '/activity/manage/overview', { token, query: { activityId: workshop.id } });
    expect(overview.attachment.counts.checkedIn).toBe(3);
    expect(overview.attachment.held).toEqual([]);
    expect(overview.attachment.released).toEqual([{ asset: 'USDT', amount: '8' }]);

    expect(await checkLedger(t.database.db)).toEqual([]);
  });

  it('a second run finds everything in place and creates nothing', async () => {
    const before = await rowCounts();
    const again = await seed();
    expect(again.alreadySeeded).toBe(true);
    expect(Object.values(again.created).every((count) => count === 0)).toBe(true);
    expect(await rowCounts()).toEqual(before);
    expect(await checkLedger(t.database.db)).toEqual([]);
  });
});
