import { afterEach, describe, expect, it } from 'vitest';
import { type StubAnswer, type StubRequest, startStubApi, stubCatalogue, stubGame } from '../../test/daogame-stub.ts';
import { HttpDaogameData } from './http.ts';
import { PLACEHOLDER_ICON } from './local.ts';
import { API_ERROR, DaogameUnavailableError, REQUEST_FAILED } from './source.ts';

let stub: Awaited<ReturnType<typeof startStubApi>> | undefined;
afterEach(async () => {
  await stub?.close();
  stub = undefined;
});

async function adapter(answer: (request: StubRequest) => StubAnswer, options: { timeoutMs?: number } = {}) {
  stub = await startStubApi(answer);
  let now = Date.parse('2026-01-01T00:00:00Z');
  const data = new HttpDaogameData({
    baseUrl: stub.url,
    apiKey: 'secret-key',
    timeoutMs: options.timeoutMs ?? 2000,
    now: () => new Date(now),
  });
  return { data, stub, advance: (ms: number) => (now += ms) };
}

/** The error a call failed with, or a failed expectation when it did not fail. */
async function failureOf(promise: Promise<unknown>): Promise<DaogameUnavailableError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(DaogameUnavailableError);
  return error as DaogameUnavailableError;
}

describe('the DAO game API adapter', () => {
  it('sends the key and the language, and reads the catalogue in the API protocol', async () => {
    const { data, stub } = await adapter(() => ({
      json: stubCatalogue([stubGame(), stubGame({ id: 'far-away', icon: 'https://elsewhere.example/x.png' })]),
    }));
    const catalogue = await data.catalogue('zh-Hant');
    expect(stub.requests).toHaveLength(1);
    expect(stub.requests[0]).toMatchObject({ path: '/v1/games', apiKey: 'secret-key' });
    expect(stub.requests[0]?.query.get('lang')).toBe('zh-Hant');
    expect(catalogue.categories).toEqual([{ id: 'racing', name: 'Racing' }]);
    expect(catalogue.games[0]).toMatchObject({
      id: 'turbo-drift',
      name: 'Turbo Drift',
      categoryId: 'racing',
      score: '4.7',
      players: 1200,
      featured: true,
      // A path is resolved against the API; an icon on another host is not shown (the CSP allows the API only).
      icon: `${stub.url.replace('/v1', '')}/static/turbo-drift.png`,
    });
    expect(catalogue.games[1]?.icon).toBe(PLACEHOLDER_ICON);
  });

  it('reads one game, and answers null for a game the API does not know', async () => {
    const { data } = await adapter((request) =>
      request.path === '/v1/games/turbo-drift'
        ? { json: { code: 200, msg: 'success', data: stubGame() } }
        : { status: 404, json: { code: 404, msg: 'game not found' } },
    );
    await expect(data.game('turbo-drift', 'en')).resolves.toMatchObject({
      developer: 'Neon Works',
      releasedAt: '2024-05-01',
      description: 'A racing game.',
    });
    await expect(data.game('nothing-here', 'en')).resolves.toBeNull();
  });

  it('keeps an answer for a minute and shares one call between concurrent requests', async () => {
    const { data, stub, advance } = await adapter(() => ({ json: stubCatalogue() }));
    await Promise.all(Array.from({ length: 20 }, () => data.catalogue('en')));
    expect(stub.requests).toHaveLength(1);
    advance(59_000);
    await data.catalogue('en');
    expect(stub.requests).toHaveLength(1);
    await data.catalogue('zh-Hans');
    expect(stub.requests).toHaveLength(2);
    advance(2000);
    await data.catalogue('en');
    expect(stub.requests).toHaveLength(3);
  });

  it("passes the API's own message on for an error status, and says 'request failed' when it has none", async () => {
    const answers: StubAnswer[] = [
      { status: 500, json: { code: 500, msg: 'Maintenance until 12:00' } },
      { status: 200, json: { code: 401, msg: 'Invalid api key' } },
      { status: 502, text: '<html>Bad gateway</html>' },
      { status: 429, json: { code: 429 } },
      { status: 500, json: { code: 500, msg: 'x'.repeat(500) } },
    ];
    const { data } = await adapter(() => answers.shift()!);
    expect((await failureOf(data.catalogue('en'))).messageKey).toBe('Maintenance until 12:00');
    expect((await failureOf(data.catalogue('en'))).messageKey).toBe('Invalid api key');
    expect((await failureOf(data.catalogue('en'))).messageKey).toBe(REQUEST_FAILED);
    expect((await failureOf(data.catalogue('en'))).messageKey).toBe(REQUEST_FAILED);
    const tooLong = await failureOf(data.catalogue('en'));
    expect(tooLong.messageKey).toBe(REQUEST_FAILED);
    expect(tooLong.status).toBe(580);
  });

  it("says 'API request error' when the API times out, drops the connection or answers garbage", async () => {
    const answers: StubAnswer[] = [
      { hang: true },
      { destroy: true },
      { status: 200, text: 'this is not json' },
      { status: 200, json: [1, 2, 3] },
      { status: 200, json: { code: 200, data: { categories: [], games: [{ id: 'x' }] } } },
      { status: 200, json: { code: 200, data: { categories: [], games: [stubGame({ id: '../../etc' })] } } },
    ];
    const { data } = await adapter(() => answers.shift()!, { timeoutMs: 300 });
    const started = Date.now();
    expect((await failureOf(data.catalogue('en'))).messageKey).toBe(API_ERROR);
    expect(Date.now() - started).toBeLessThan(2000);
    for (let i = 0; i < 5; i += 1) expect((await failureOf(data.catalogue('en'))).messageKey).toBe(API_ERROR);
  });

  it('does not keep a failure: the next request tries again', async () => {
    const answers: StubAnswer[] = [{ status: 503, text: 'down' }, { json: stubCatalogue() }];
    const { data, stub } = await adapter(() => answers.shift()!);
    await failureOf(data.catalogue('en'));
    await expect(data.catalogue('en')).resolves.toMatchObject({ games: [{ id: 'turbo-drift' }] });
    expect(stub.requests).toHaveLength(2);
  });

  it("says 'API request error' when nothing listens at the configured address", async () => {
    const { data, stub } = await adapter(() => ({ json: stubCatalogue() }));
    await stub.close();
    expect((await failureOf(data.catalogue('en'))).messageKey).toBe(API_ERROR);
  });
});
