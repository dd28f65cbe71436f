import { CURRENCIES, type MarketDetail, type MarketFiatRates, type MarketTickers } from '@polaris/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { buildDemoDataset } from './demo-data/generate-demo.ts';
import { loadDemoDataset } from './local.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const decimal = /^-?\d+(\.\d+)?$/;

describe('market quotes from the shipped demo dataset', () => {
  it('lists twenty coins by market cap, every figure a decimal string, labelled as demo data', async () => {
    const list = await t.call<MarketTickers>('GET', '/market/tickers');
    expect(list).toMatchObject({ http: 200, status: 200, attachment: { source: 'demo' } });
    const { items, updatedAt } = list.attachment;
    expect(updatedAt).toBe('2025-06-30T00:00:00.000Z');
    expect(items).toHaveLength(20);
    expect(items.map((item) => item.symbol)).toEqual(
      expect.arrayContaining(['BTC', 'ETH', 'USDT', 'BNB', 'SOL', 'AVAX', 'POL', 'TON']),
    );
    expect(items.map((item) => item.symbol)).not.toContain('XDR');
    expect(items[0]).toEqual({
      symbol: 'BTC',
      name: 'Bitcoin',
      priceUsd: '107135.4',
      change24h: '0.62',
      volume24hUsd: '31200000000',
      marketCapUsd: '2131000000000',
    });
    for (const item of items) {
      for (const field of ['priceUsd', 'change24h', 'volume24hUsd', 'marketCapUsd'] as const) {
        expect(item[field], `${item.symbol} ${field}`).toMatch(decimal);
      }
    }
    const caps = items.map((item) => Number(item.marketCapUsd));
    expect(caps).toEqual([...caps].sort((a, b) => b - a));
  });

  it('searches symbols and names, trimmed and case-insensitive, exact symbol first', async () => {
    const eth = await t.call<MarketTickers>('GET', '/market/tickers', { query: { q: '  eth ' } });
    expect(eth.attachment.items.map((item) => item.symbol)).toEqual(['ETH', 'USDT']); // "Tether" contains "eth"
    const byName = await t.call<MarketTickers>('GET', '/market/tickers', { query: { q: 'Solana' } });
    expect(byName.attachment.items.map((item) => item.symbol)).toEqual(['SOL']);
    const oldTicker = await t.call<MarketTickers>('GET', '/market/tickers', { query: { q: 'matic' } });
    expect(oldTicker.attachment.items.map((item) => item.symbol)).toEqual(['POL']);
    const none = await t.call<MarketTickers>('GET', '/market/tickers', { query: { q: 'nothing-like-this' } });
    expect(none).toMatchObject({ status: 200, attachment: { source: 'demo', items: [] } });
  });

  it('refuses a search longer than 32 characters, naming q', async () => {
    const long = await t.call('GET', '/market/tickers', { query: { q: 'x'.repeat(33) } });
    expect(long).toMatchObject({ status: 400, attachment: [{ field: 'q' }] });
  });

  it('gives one coin with 30 daily candles by default, ending at its price', async () => {
    const detail = await t.call<MarketDetail>('GET', '/market/detail', { query: { symbol: 'eth' } });
    expect(detail.status).toBe(200);
    const coin = detail.attachment;
    expect(coin).toMatchObject({ source: 'demo', symbol: 'ETH', name: 'Ethereum', priceUsd: '2486.51', days: 30 });
    expect(coin).not.toHaveProperty('id');
    expect(coin.candles).toHaveLength(30);
    const last = coin.candles.at(-1)!;
    expect(last.close).toBe(coin.priceUsd);
    expect(last.time).toBe(Date.parse(coin.updatedAt) / 1000);
    for (const candle of coin.candles) {
      expect(Number(candle.high)).toBeGreaterThanOrEqual(Math.max(Number(candle.open), Number(candle.close)));
      expect(Number(candle.low)).toBeLessThanOrEqual(Math.min(Number(candle.open), Number(candle.close)));
    }
    const times = coin.candles.map((candle) => candle.time);
    expect(times.slice(1).map((time, index) => time - times[index]!)).toEqual(Array(29).fill(86_400));
  });

  it('answers each chart range with its number of candles: 24 hourly for one day, daily beyond', async () => {
    const counts: Record<string, number> = {};
    for (const days of ['1', '7', '30', '90']) {
      const detail = await t.call<MarketDetail>('GET', '/market/detail', { query: { symbol: 'BTC', days } });
      expect(detail.attachment.days).toBe(Number(days));
      counts[days] = detail.attachment.candles.length;
    }
    expect(counts).toEqual({ '1': 24, '7': 7, '30': 30, '90': 90 });
    const day = await t.call<MarketDetail>('GET', '/market/detail', { query: { symbol: 'BTC', days: '1' } });
    const [first, second] = day.attachment.candles;
    expect(second!.time - first!.time).toBe(3600);
    // The hourly candles start at the price 24 hours ago, which the 24h change is measured from.
    const dayAgo = Number(first!.open);
    expect(((107135.4 - dayAgo) / dayAgo) * 100).toBeCloseTo(0.62, 4);
  });

  it('answers 404 for a coin it does not know', async () => {
    const unknown = await t.call('GET', '/market/detail', { query: { symbol: 'XDR' } });
    expect(unknown).toMatchObject({ http: 200, status: 404, msg: 'The resource does not exist' });
  });

  it('refuses a chart range it does not offer, naming days', async () => {
    for (const days of ['5', 'abc', '-1', '30.5']) {
      const bad = await t.call('GET', '/market/detail', { query: { symbol: 'BTC', days } });
      expect(bad, days).toMatchObject({ status: 400, attachment: [{ field: 'days' }] });
      expect(bad.msg, days).toContain('days');
    }
    const missing = await t.call('GET', '/market/detail');
    expect(missing).toMatchObject({ status: 400, attachment: [{ field: 'symbol' }] });
  });

  it('gives units per US dollar for exactly the twelve app currencies', async () => {
    const fiat = await t.call<MarketFiatRates>('GET', '/market/fiat-rates');
    expect(fiat.status).toBe(200);
    expect(fiat.attachment).toMatchObject({ source: 'demo', base: 'USD', updatedAt: '2025-06-30T00:00:00.000Z' });
    expect(Object.keys(fiat.attachment.rates).sort()).toEqual([...CURRENCIES].sort());
    expect(fiat.attachment.rates.USD).toBe('1');
    expect(fiat.attachment.rates.CNY).toBe('7.1665');
    for (const rate of Object.values(fiat.attachment.rates)) expect(rate).toMatch(decimal);
  });

  it('lists the market routes in the OpenAPI document', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/rest/polarisex/openapi.json' });
    const doc = response.json() as { paths: Record<string, { get?: { parameters: { name: string }[] } }> };
    expect(doc.paths['/market/tickers']?.get).toBeDefined();
    expect(doc.paths['/market/fiat-rates']?.get).toBeDefined();
    expect(doc.paths['/market/detail']?.get?.parameters.map((parameter) => parameter.name)).toEqual(['symbol', 'days']);
  });
});

describe('the shipped dataset', () => {
  it('is exactly what the generator writes, so it can be rebuilt and never drifts by hand', () => {
    expect(loadDemoDataset()).toEqual(buildDemoDataset());
  });
});
