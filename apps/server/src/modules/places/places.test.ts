import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Activity, ActivitySummary, ChatRoom, PlaceSearch } from '@polaris/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { query } from '../../db/client.ts';
import { MIGRATIONS_DIR } from '../../paths.ts';
import { matchCity } from '../../platform/places/cities.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { startNominatimStub } from '../../test/nominatim-stub.ts';
import type { WalletUser } from '../../test/wallet-fixtures.ts';
import { activityApp, closeCheckingLedger, createActivity } from '../activity/activity-fixtures.ts';

let t: TestApp;
let olivia: WalletUser;

beforeAll(async () => {
  ({ t, olivia } = await activityApp());
});
afterAll(() => closeCheckingLedger(t));

type Cities = { items: { city: string; cityNames: Record<string, string> | null; count: number }[] };

describe('cities filed by catalogue id', () => {
  it('files 台北 and Taipei as one city, named in each language, and keeps other text as typed', async () => {
    const typed = await createActivity(t, olivia, { city: '台北', title: 'Typed in Chinese' });
    const english = await createActivity(t, olivia, { city: 'Taipei', title: 'Typed in English' });
    const elsewhere = await createActivity(t, olivia, { city: '  Springfield Gardens ', title: 'Not catalogued' });
    expect(typed.city).toBe('taipei');
    expect(english.city).toBe('taipei');
    expect(typed.cityNames).toEqual({ en: 'Taipei', 'zh-Hant': '臺北', 'zh-Hans': '台北' });
    expect(elsewhere).toMatchObject({ city: 'Springfield Gardens', cityNames: null });

    const cities = await t.call<Cities>('GET', '/activity/cities');
    expect(cities.attachment.items.filter((item) => item.cityNames?.en === 'Taipei')).toEqual([
      { city: 'taipei', cityNames: typed.cityNames, count: 2 },
    ]);
    expect(cities.attachment.items).toContainEqual({ city: 'Springfield Gardens', cityNames: null, count: 1 });

    for (const city of ['臺北', '台北市', 'TAIPEI', 'taipei']) {
      const list = await t.call<{ items: ActivitySummary[] }>('GET', '/activity/list', { query: { city } });
      expect(list.attachment.items.map((item) => item.title).sort(), city).toEqual([
        'Typed in Chinese',
        'Typed in English',
      ]);
    }
    const searched = await t.call<{ items: ActivitySummary[] }>('GET', '/activity/list', { query: { q: '臺北' } });
    expect(searched.attachment.items.map((item) => item.id)).toEqual(expect.arrayContaining([typed.id, english.id]));

    const edited = await t.call<Activity>('POST', '/activity/update', {
      token: olivia.token,
      body: { id: elsewhere.id, city: '東京' },
    });
    expect(edited.attachment).toMatchObject({ city: 'tokyo', cityNames: { 'zh-Hans': '东京' } });
  });

  it('opens one room per city however its name is typed', async () => {
    const chinese = await t.call<ChatRoom>('GET', '/chat/room/city', { token: olivia.token, query: { city: '台北' } });
    const english = await t.call<ChatRoom>('GET', '/chat/room/city', {
      token: olivia.token,
      query: { city: 'Taipei' },
    });
    expect(chinese.status).toBe(200);
    expect(english.attachment.id).toBe(chinese.attachment.id);
    expect(chinese.attachment).toMatchObject({ city: 'taipei', name: 'Taipei', cityNames: { 'zh-Hant': '臺北' } });
  });

  it('maps stored city text to ids in the migration, keeping text it does not know', async () => {
    const made = await Promise.all(
      ['Taipei', ' 臺北 ', 'hong kong', 'Gotham'].map((city) => createActivity(t, olivia, { title: `M ${city}` })),
    );
    const raw = ['Taipei', ' 臺北 ', 'hong kong', 'Gotham'];
    for (const [index, activity] of made.entries()) {
      await query(t.database.db, sql`update activities set city = ${raw[index]} where code = ${activity.id}`);
    }
    const text = await readFile(path.join(MIGRATIONS_DIR, '0023_places.sql'), 'utf8');
    for (const statement of text.split('--> statement-breakpoint')) await query(t.database.db, sql.raw(statement));
    const rows = await query<{ code: string; city: string }>(
      t.database.db,
      sql`select code, city from activities where code in (${sql.join(
        made.map((activity) => sql`${activity.id}`),
        sql`, `,
      )})`,
    );
    const byCode = new Map(rows.rows.map((row) => [row.code, row.city]));
    expect(made.map((activity) => byCode.get(activity.id))).toEqual(['taipei', 'taipei', 'hong-kong', 'Gotham']);
  });

  it("lists in the migration only names the server's matcher files the same way", async () => {
    const text = await readFile(path.join(MIGRATIONS_DIR, '0023_places.sql'), 'utf8');
    const from = text.indexOf('insert into city_names (name, id) values');
    const block = text.slice(from, text.indexOf(';', from));
    const pairs = [...block.matchAll(/\('((?:[^']|'')*)', '([a-z-]+)'\)/gu)].map((m) => [
      m[1]!.replace(/''/g, "'"),
      m[2],
    ]);
    expect(pairs.length).toBeGreaterThan(1000);
    for (const [name, id] of pairs) expect(matchCity(name!)?.id, name).toBe(id);
  });
});

describe('GET /places/search', () => {
  it('refuses an empty, a too long or an unsafe query with a 400 naming q', async () => {
    for (const q of [undefined, '', '   ', 'x'.repeat(101), 'a\u0000b']) {
      const answer = await t.call<{ field: string }[]>('GET', '/places/search', {
        query: q === undefined ? {} : { q },
      });
      expect(answer.status, JSON.stringify(q)).toBe(400);
      expect(answer.attachment.map((problem) => problem.field)).toContain('q');
    }
  });

  it('answers from the local gazetteer by default: catalogue cities and the venues activities use', async () => {
    const city = await t.call<PlaceSearch>('GET', '/places/search', { query: { q: '臺北' }, locale: 'zh_TW' });
    expect(city.attachment.source).toBe('gazetteer');
    expect(city.attachment.items[0]).toMatchObject({
      kind: 'city',
      name: '臺北',
      city: 'taipei',
      timezone: 'Asia/Taipei',
      country: 'TW',
    });
    await createActivity(t, olivia, { address: 'Dajia Riverside Park', latitude: 25.0747, longitude: 121.5318 });
    const venue = await t.call<PlaceSearch>('GET', '/places/search', { query: { q: 'riverside' } });
    expect(venue.attachment.items).toContainEqual(
      expect.objectContaining({
        kind: 'venue',
        address: 'Dajia Riverside Park',
        city: 'taipei',
        lat: 25.0747,
        timezone: 'Asia/Taipei',
      }),
    );
  });

  it('asks GEOCODER_URL when it is set, and falls back to the gazetteer when it cannot answer', async () => {
    const stub = await startNominatimStub();
    const app = await createTestApp({ env: { GEOCODER_URL: stub.url } });
    try {
      const found = await app.call<PlaceSearch>('GET', '/places/search', { query: { q: 'Taipei 101' } });
      expect(found.attachment).toMatchObject({
        source: 'geocoder',
        items: [{ name: 'Taipei 101', city: 'taipei', timezone: 'Asia/Taipei' }],
      });
      expect(stub.requests[0]?.query.get('accept-language')).toBe('en');
      stub.state.mode = 'error';
      const fallback = await app.call<PlaceSearch>('GET', '/places/search', { query: { q: 'Taipei' } });
      expect(fallback.http).toBe(200);
      expect(fallback.attachment.source).toBe('gazetteer');
      expect(fallback.attachment.items[0]?.city).toBe('taipei');
    } finally {
      await app.close();
      await stub.close();
    }
  });
});
