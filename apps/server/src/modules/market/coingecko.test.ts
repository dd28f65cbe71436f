import { readFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { CURRENCIES, type MarketDetail, type MarketFiatRates, type MarketTickers } from '@polaris/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { COINGECKO_CACHE_MS, CoinGeckoMarketData } from './coingecko.ts';
import { MarketUnavailableError } from './market-data.ts';

const fixture = (name: string) => readFileSync(path.join(import.meta.dirname, 'fixtures', name), 'utf8');
const RECORDED: Record<string, string> = {
  '/api/v3/coins/markets': fixture('coingecko-markets.json'),
  '/api/v3/coins/bitcoin/ohlc': fixture('coingecko-ohlc-bitcoin-7.json'),
  '/api/v3/exchange_rates': fixture('coingecko-exchange-rates.json'),
};
const API_KEY = 'CG-test-key-123';

interface Reply {
  status: number;
  body: string;
  /** Never answer, to exercise the client's timeout. */
  hang?: boolean;
}

/** A stand-in for api.coingecko.com on 127.0.0.1 that answers with recorded responses and notes each request. */
class RecordedCoinGecko {
  readonly requests: { path: string; query: URLSearchParams; headers: IncomingHttpHeaders }[] = [];
  private readonly overrides = new Map<string, Reply>();
  private readonly server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    this.requests.push({ path: url.pathname, query: url.searchParams, headers: request.headers });
    const recorded = RECORDED[url.pathname];
    const reply =
      this.overrides.get(url.pathname) ??
      (recorded ? { status: 200, body: recorded } : { status: 404, body: '{"error":"Not found"}' });
    if (reply.hang) return;
    response.writeHead(reply.status, { 'content-type': 'application/json' }).end(reply.body);
  });

  get baseUrl() {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/api/v3`;
  }

  start() {
    return new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
  }

  stop() {
    this.server.closeAllConnections();
    return new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** Answer `path` with this reply instead of the recording, until `reset()`. */
  answer(pathname: string, reply: Reply) {
    this.overrides.set(`/api/v3${pathname}`, reply);
  }

  reset() {
    this.requests.length = 0;
    this.overrides.clear();
  }

  calls(pathname: string) {
    return this.requests.filter((request) => request.path === `/api/v3${pathname}`);
  }
}

const peer = new RecordedCoinGecko();
let t: TestApp;
beforeAll(async () => {
  await peer.start();
  t = await createTestApp({ env: { MARKET_API_KEY: API_KEY, MARKET_API_URL: peer.baseUrl } });
});
afterAll(async () => {
  await t.close();
  await peer.stop();
});
beforeEach(() => {
  peer.reset();
  // Each test starts after the previous answers have left the cache.
  t.clock.advance(COINGECKO_CACHE_MS + 1);
});

describe('market quotes from CoinGecko', () => {
  it('lists coins with the key header sent, figures as decimal strings, labelled live', async () => {
    const list = await t.call<MarketTickers>('GET', '/market/tickers');
    expect(list).toMatchObject({ status: 200, attachment: { source: 'live' } });
    const [request] = peer.calls('/coins/markets');
    expect(request?.headers['x-cg-demo-api-key']).toBe(API_KEY);
    expect(request?.query.get('vs_currency')).toBe('usd');
    expect(request?.query.get('order')).toBe('market_cap_desc');

    const items = list.attachment.items;
    expect(items.map((item) => item.symbol)).toEqual(['BTC', 'ETH', 'USDT', 'BNB', 'SOL', 'SHIB', 'EXL']);
    expect(items[0]).toEqual({
      symbol: 'BTC',
      name: 'Bitcoin',
      priceUsd: '107412',
      change24h: '1.286',
      volume24hUsd: '29874655120',
      marketCapUsd: '2136087542118',
      icon: 'https://coin-images.coingecko.com/coins/images/1/large/bitcoin.png?1696501400',
    });
    expect(items.find((item) => item.symbol === 'SHIB')).toMatchObject({
      priceUsd: '0.00001151',
      change24h: '-1.315',
    });
    expect(items.find((item) => item.symbol === 'USDT')).toMatchObject({ priceUsd: '1.000117' });
    // CoinGecko has no 24h figures and no logo for a fresh listing: null and absent, not zero.
    const fresh = items.find((item) => item.symbol === 'EXL');
    expect(fresh).toMatchObject({ priceUsd: '0.0421', change24h: null, marketCapUsd: null, volume24hUsd: '18231.5' });
    expect(fresh).not.toHaveProperty('icon');
  });

  it('searches within the market list', async () => {
    const found = await t.call<MarketTickers>('GET', '/market/tickers', { query: { q: 'sol' } });
    expect(found.attachment.items.map((item) => item.name)).toEqual(['Solana']);
  });

  it('gives a coin with candles from its OHLC endpoint, times in unix seconds', async () => {
    const detail = await t.call<MarketDetail>('GET', '/market/detail', { query: { symbol: 'btc', days: '7' } });
    expect(detail.status).toBe(200);
    expect(detail.attachment).toMatchObject({ source: 'live', symbol: 'BTC', priceUsd: '107412', days: 7 });
    const [request] = peer.calls('/coins/bitcoin/ohlc');
    expect(request?.query.get('days')).toBe('7');
    expect(request?.query.get('vs_currency')).toBe('usd');
    expect(request?.headers['x-cg-demo-api-key']).toBe(API_KEY);
    const candles = detail.attachment.candles;
    expect(candles).toHaveLength(42);
    expect(candles[0]).toEqual({
      time: 1750766400,
      open: '105840',
      high: '105948.26',
      low: '105650.97',
      close: '105698.77',
    });
    expect(candles.at(-1)?.time).toBe(1751356800);
  });

  it('answers 404 for a symbol not in the market list, without asking for candles', async () => {
    const unknown = await t.call('GET', '/market/detail', { query: { symbol: 'NOPE' } });
    expect(unknown).toMatchObject({ status: 404 });
    expect(peer.calls('/coins/markets')).toHaveLength(1);
    expect(peer.requests.filter((request) => request.path.endsWith('/ohlc'))).toHaveLength(0);
  });

  it('turns BTC-based rates into units per US dollar for the twelve currencies, MOP through its HKD peg', async () => {
    const fiat = await t.call<MarketFiatRates>('GET', '/market/fiat-rates');
    expect(fiat.attachment).toMatchObject({ source: 'live', base: 'USD' });
    expect(Object.keys(fiat.attachment.rates).sort()).toEqual([...CURRENCIES].sort());
    expect(fiat.attachment.rates).toMatchObject({
      USD: '1',
      CNY: '7.1632',
      EUR: '0.8497',
      HKD: '7.8499',
      MOP: '8.085397',
      TWD: '29.04',
      VND: '26118',
      RUB: '78.52',
    });
    expect(peer.calls('/exchange_rates')[0]?.headers['x-cg-demo-api-key']).toBe(API_KEY);
  });

  it('asks CoinGecko once a minute at most, and again once the minute is over', async () => {
    await t.call('GET', '/market/tickers');
    await t.call('GET', '/market/tickers', { query: { q: 'eth' } });
    await t.call('GET', '/market/detail', { query: { symbol: 'BTC', days: '7' } });
    await Promise.all([t.call('GET', '/market/fiat-rates'), t.call('GET', '/market/fiat-rates')]);
    expect(peer.calls('/coins/markets')).toHaveLength(1);
    expect(peer.calls('/exchange_rates')).toHaveLength(1);
    t.clock.advance(30_000);
    await t.call('GET', '/market/tickers');
    expect(peer.calls('/coins/markets')).toHaveLength(1);
    t.clock.advance(COINGECKO_CACHE_MS);
    await t.call('GET', '/market/tickers');
    expect(peer.calls('/coins/markets')).toHaveLength(2);
  });

  it("shows CoinGecko's own error message, in whatever language was asked", async () => {
    const limited =
      "You've exceeded the Rate Limit. Please visit https://www.coingecko.com/en/api/pricing to subscribe to our API plans for higher rate limits.";
    peer.answer('/coins/markets', {
      status: 429,
      body: JSON.stringify({ status: { error_code: 429, error_message: limited } }),
    });
    const english = await t.call('GET', '/market/tickers');
    expect(english).toMatchObject({ http: 200, status: 580, msg: limited, attachment: null });
    const chinese = await t.call('GET', '/market/tickers', { locale: 'zh_HK' });
    expect(chinese).toMatchObject({ status: 580, msg: limited });

    peer.answer('/coins/bitcoin/ohlc', { status: 404, body: '{"error":"coin not found"}' });
    peer.answer('/coins/markets', { status: 200, body: RECORDED['/api/v3/coins/markets']! });
    const missing = await t.call('GET', '/market/detail', { query: { symbol: 'BTC' } });
    expect(missing).toMatchObject({ status: 580, msg: 'coin not found' });
  });

  it('says "Unknown error" when CoinGecko fails without a message, and tries again on the next request', async () => {
    peer.answer('/exchange_rates', { status: 502, body: '<html><body>Bad gateway</body></html>' });
    expect(await t.call('GET', '/market/fiat-rates')).toMatchObject({ status: 580, msg: 'Unknown error' });
    peer.answer('/exchange_rates', { status: 500, body: '{}' });
    expect(await t.call('GET', '/market/fiat-rates')).toMatchObject({ status: 580, msg: 'Unknown error' });
    // A 200 whose body is not what CoinGecko documents is no better than an error.
    peer.answer('/exchange_rates', { status: 200, body: '{"rates":{"usd":{"value":"lots"}}}' });
    expect(await t.call('GET', '/market/fiat-rates')).toMatchObject({ status: 580, msg: 'Unknown error' });
    peer.reset();
    expect(await t.call('GET', '/market/fiat-rates')).toMatchObject({ status: 200, attachment: { source: 'live' } });
    expect(peer.calls('/exchange_rates')).toHaveLength(1);
  });
});

describe('the CoinGecko client on its own', () => {
  it('gives up after its timeout with "Unknown error"', async () => {
    peer.answer('/coins/markets', { status: 200, body: '', hang: true });
    const client = new CoinGeckoMarketData({ baseUrl: peer.baseUrl, apiKey: API_KEY, timeoutMs: 100 });
    const started = Date.now();
    const failure = await client.tickers().catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(MarketUnavailableError);
    expect((failure as MarketUnavailableError).status).toBe(580);
    expect((failure as MarketUnavailableError).messageKey).toBe('Unknown error');
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('says "Unknown error" when CoinGecko cannot be reached', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const client = new CoinGeckoMarketData({ baseUrl: `http://127.0.0.1:${port}/api/v3`, apiKey: API_KEY });
    await expect(client.fiatRates()).rejects.toMatchObject({ status: 580, messageKey: 'Unknown error' });
  });

  it('waits the default ten seconds before giving up', async () => {
    peer.answer('/coins/markets', { status: 200, body: '', hang: true });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const client = new CoinGeckoMarketData({ baseUrl: peer.baseUrl, apiKey: API_KEY });
      let settled = false;
      const outcome = client.tickers().then(
        () => 'answered',
        (error: unknown) => error,
      );
      void outcome.finally(() => {
        settled = true;
      });
      await vi.advanceTimersByTimeAsync(9_999);
      expect(settled).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      const failure = await outcome;
      expect(failure).toBeInstanceOf(MarketUnavailableError);
      expect((failure as MarketUnavailableError).messageKey).toBe('Unknown error');
    } finally {
      vi.useRealTimers();
    }
  });
});
