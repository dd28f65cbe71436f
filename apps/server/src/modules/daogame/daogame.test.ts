import type { AppConfig, DaogameDetail, DaogameHome, DaogameList, DaogameRank } from '@polaris/contract';
import { API_BASE } from '@polaris/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { type StubAnswer, startStubApi, stubCatalogue } from '../../test/daogame-stub.ts';
import { DEMO_GAMES } from './catalogue.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    env: { WEBVIEW_ALLOWLIST: 'https://games.example.com/any/path, https://docs.example.org' },
  });
});
afterAll(() => t.close());

describe('the DAO games tab on the shipped demo catalogue', () => {
  it('shows featured games, the categories and the top of the rank, labelled as demo data', async () => {
    const home = await t.call<DaogameHome>('GET', '/daogame/home');
    expect(home).toMatchObject({ http: 200, status: 200, attachment: { source: 'demo' } });
    const { featured, categories, top } = home.attachment;
    expect(featured.map((game) => game.id)).toEqual(DEMO_GAMES.filter((g) => g.featured).map((g) => g.id));
    expect(categories.map((category) => category.id)).toEqual([
      'action',
      'strategy',
      'puzzle',
      'card',
      'casual',
      'sports',
    ]);
    expect(top[0]).toMatchObject({
      id: 'nebula-miners',
      score: '4.8',
      icon: `${API_BASE}/daogame/icons/nebula-miners.svg`,
    });
    expect(featured[0]).not.toHaveProperty('description');
  });

  it('speaks the caller language', async () => {
    const home = await t.call<DaogameHome>('GET', '/daogame/home', { locale: 'zh_TW' });
    expect(home.attachment.categories[0]).toEqual({ id: 'action', name: '動作' });
    const detail = await t.call<DaogameDetail>('GET', '/daogame/detail', {
      query: { id: 'moon-farm' },
      locale: 'zh_CN',
    });
    expect(detail.attachment.tagline).toBe('在低重力下种田');
    expect(detail.attachment.category).toEqual({ id: 'casual', name: '休闲' });
  });

  it("lists a category's games, most played first", async () => {
    const list = await t.call<DaogameList>('GET', '/daogame/list', { query: { category: 'action' } });
    expect(list.attachment.items.map((game) => game.id)).toEqual(['dragon-guild', 'pixel-dungeon', 'gas-runner']);
    expect(list.attachment.nextCursor).toBeNull();
    const none = await t.call<DaogameList>('GET', '/daogame/list', { query: { category: 'no-such-thing' } });
    expect(none.attachment.items).toEqual([]);
  });

  it('pages through every game, 20 at a time, without repeats', async () => {
    const first = await t.call<DaogameList>('GET', '/daogame/list');
    expect(first.attachment.items).toHaveLength(DEMO_GAMES.length);
    expect(new Set(first.attachment.items.map((game) => game.id)).size).toBe(DEMO_GAMES.length);
    expect(first.attachment.nextCursor).toBeNull();
    const past = await t.call<DaogameList>('GET', '/daogame/list', { query: { cursor: '40' } });
    expect(past.attachment).toMatchObject({ items: [], nextCursor: null });
  });

  it('searches names first, then taglines, case-insensitively', async () => {
    const byName = await t.call<DaogameList>('GET', '/daogame/list', { query: { q: 'MOON' } });
    expect(byName.attachment.items.map((game) => game.id)).toEqual(['moon-farm']);
    const byTagline = await t.call<DaogameList>('GET', '/daogame/list', { query: { q: 'guild' } });
    expect(byTagline.attachment.items.map((game) => game.id)).toEqual(['dragon-guild']);
    const nothing = await t.call<DaogameList>('GET', '/daogame/list', { query: { q: 'zzzz' } });
    expect(nothing.attachment.items).toEqual([]);
  });

  it('ranks by score, then players, overall and per category', async () => {
    const rank = await t.call<DaogameRank>('GET', '/daogame/rank');
    const items = rank.attachment.items;
    expect(items.map((game) => game.rank)).toEqual(items.map((_, index) => index + 1));
    expect(items.slice(0, 3).map((game) => game.id)).toEqual(['nebula-miners', 'dragon-guild', 'crypto-kart']);
    const cards = await t.call<DaogameRank>('GET', '/daogame/rank', { query: { category: 'card' } });
    expect(cards.attachment.items.map((game) => [game.rank, game.id])).toEqual([
      [1, 'ledger-legends'],
      [2, 'satoshi-poker'],
    ]);
  });

  it('shows a game with the URL that plays it in the local shell, and 404 for an unknown game', async () => {
    const detail = await t.call<DaogameDetail>('GET', '/daogame/detail', { query: { id: 'crypto-kart' } });
    expect(detail.attachment).toMatchObject({
      id: 'crypto-kart',
      developer: 'Drift Bit',
      releasedAt: '2024-01-27',
      category: { id: 'sports', name: 'Sports & racing' },
    });
    const play = new URL(detail.attachment.playUrl);
    expect(play.pathname).toBe(`${API_BASE}/daogame/shell`);
    expect(Object.fromEntries(play.searchParams)).toEqual({ game: 'crypto-kart', locale: 'en' });
    const missing = await t.call('GET', '/daogame/detail', { query: { id: 'no-such-game' } });
    expect(missing).toMatchObject({ http: 200, status: 404, msg: 'This game does not exist' });
  });

  it('refuses hostile input with a 400 naming the field, never a 5xx', async () => {
    const cases: [string, Record<string, string>, string][] = [
      ['/daogame/list', { q: 'moon\u0000' }, 'q'],
      ['/daogame/list', { q: 'bell\u0007' }, 'q'],
      ['/daogame/list', { q: 'x'.repeat(41) }, 'q'],
      ['/daogame/list', { cursor: '-1' }, 'cursor'],
      ['/daogame/list', { category: '../etc' }, 'category'],
      ['/daogame/detail', { id: '<script>' }, 'id'],
      ['/daogame/detail', {}, 'id'],
      ['/daogame/shell', { game: 'a b' }, 'game'],
    ];
    for (const [route, query, field] of cases) {
      const answer = await t.call<{ field: string }[]>('GET', route, { query });
      expect(answer.status, `${route} ${JSON.stringify(query)}`).toBe(400);
      expect(answer.attachment.map((problem) => problem.field)).toContain(field);
    }
  });

  it('serves the catalogue icons and nothing else from the icon folder', async () => {
    const icon = await t.app.inject({ method: 'GET', url: `${API_BASE}/daogame/icons/moon-farm.svg` });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['content-type']).toContain('image/svg+xml');
    expect(icon.body).toContain('<svg');
    for (const name of ['nothing.svg', '..%2Fcatalogue.ts', 'moon-farm.png']) {
      const missing = await t.app.inject({ method: 'GET', url: `${API_BASE}/daogame/icons/${name}` });
      expect(missing.json()).toMatchObject({ status: 404 });
    }
  });

  it('serves the demo game shell, labelled, framable by our own pages only, with no script', async () => {
    const shell = await t.app.inject({ method: 'GET', url: `${API_BASE}/daogame/shell?game=moon-farm&locale=zh-Hant` });
    expect(shell.statusCode).toBe(200);
    expect(shell.headers['content-type']).toContain('text/html');
    expect(shell.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    expect(shell.headers['content-security-policy']).toContain("default-src 'none'");
    expect(shell.body).toContain('Moon Farm');
    expect(shell.body).toContain('示範預覽');
    expect(shell.body).not.toContain('<script');
    // A person reads it: no configuration variable names, in any language (issue 23).
    for (const locale of ['en', 'zh-Hans', 'zh-Hant']) {
      const page = await t.app.inject({
        method: 'GET',
        url: `${API_BASE}/daogame/shell?game=moon-farm&locale=${locale}`,
      });
      expect(page.body).not.toMatch(/DAOGAME|_URL/);
    }
    expect(
      (await t.app.inject({ method: 'GET', url: `${API_BASE}/daogame/shell?game=moon-farm&locale=en` })).body,
    ).toContain('This is a local preview');
  });

  it('tells the client which origins the web-view may open and frames only those', async () => {
    const config = await t.call<AppConfig>('GET', '/app/config');
    expect(config.attachment.webViewAllowList).toEqual([
      'http://localhost:8080',
      'https://games.example.com',
      'https://docs.example.org',
    ]);
    expect(config.attachment.communityChannels.map((channel) => channel.id)).toEqual(['telegram', 'x', 'discord']);
    const page = await t.app.inject({ method: 'GET', url: `${API_BASE}/app/config` });
    expect(page.headers['content-security-policy']).toContain(
      "frame-src 'self' http://localhost:8080 https://games.example.com https://docs.example.org",
    );
  });
});

describe('the DAO games tab on the DAO game API', () => {
  let answers: StubAnswer[] = [];
  let stub: Awaited<ReturnType<typeof startStubApi>>;
  let live: TestApp;
  beforeAll(async () => {
    stub = await startStubApi(() => answers.shift() ?? { json: stubCatalogue() });
    live = await createTestApp({
      env: { DAOGAME_API_URL: stub.url, DAOGAME_API_KEY: 'k-123', DAOGAME_TIMEOUT_MS: '300' },
    });
  });
  afterAll(async () => {
    await live.close();
    await stub.close();
  });

  it("answers 580 with the message in the user's language when the API times out or answers garbage", async () => {
    answers = [{ hang: true }];
    const timedOut = await live.call('GET', '/daogame/home', { locale: 'zh_TW' });
    expect(timedOut).toMatchObject({ http: 200, status: 580, msg: 'API 請求錯誤' });
    answers = [{ status: 200, text: '<html>oops</html>' }];
    const garbage = await live.call('GET', '/daogame/rank', { locale: 'zh_CN' });
    expect(garbage).toMatchObject({ http: 200, status: 580, msg: 'API 请求错误' });
    answers = [{ status: 503, text: 'unavailable' }];
    const failed = await live.call('GET', '/daogame/list', { locale: 'en_US' });
    expect(failed).toMatchObject({ http: 200, status: 580, msg: 'Request failed' });
    answers = [{ status: 500, json: { code: 500, msg: 'Season reset in progress' } }];
    const told = await live.call('GET', '/daogame/home');
    expect(told).toMatchObject({ status: 580, msg: 'Season reset in progress' });
  });

  it('serves the live catalogue, keeping the key on the server', async () => {
    answers = [];
    const home = await live.call<DaogameHome>('GET', '/daogame/home');
    expect(home).toMatchObject({ status: 200, attachment: { source: 'live', featured: [{ id: 'turbo-drift' }] } });
    expect(JSON.stringify(home)).not.toContain('k-123');
    expect(stub.requests.every((request) => request.apiKey === 'k-123')).toBe(true);
    const page = await live.app.inject({ method: 'GET', url: `${API_BASE}/app/config` });
    expect(page.headers['content-security-policy']).toContain(
      `img-src 'self' data: blob: https://tile.openstreetmap.org ${new URL(stub.url).origin}`,
    );
  });
});
