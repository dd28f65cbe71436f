import { readFileSync } from 'node:fs';
import path from 'node:path';
import { CURRENCIES, type MarketCandleDays, type MarketFiatRates, marketDecimal } from '@polaris/contract';
import { z } from 'zod';
import type { CandleSeries, MarketData, SourceTicker, TickerList } from './market-data.ts';

export const DEMO_DATASET_PATH = path.join(import.meta.dirname, 'demo-data/demo-market.json');

/** One candle as CoinGecko's OHLC endpoint writes it: close time, then open, high, low, close. */
const CandleTuple = z.tuple([z.number().int(), marketDecimal, marketDecimal, marketDecimal, marketDecimal]);

/** The shipped dataset, written by `demo-data/generate-demo.ts` and checked on load. */
export const DemoDataset = z.object({
  asOf: z.iso.datetime(),
  note: z.string(),
  coins: z.array(
    z.object({
      id: z.string(),
      symbol: z.string(),
      name: z.string(),
      priceUsd: marketDecimal,
      change24h: marketDecimal,
      volume24hUsd: marketDecimal,
      marketCapUsd: marketDecimal,
      /** 90 daily candles, the last closing at `asOf`. */
      daily: z.array(CandleTuple),
      /** 24 hourly candles for the one-day chart, the last closing at `asOf`. */
      hourly: z.array(CandleTuple),
    }),
  ),
  fiat: z.record(z.enum(CURRENCIES), marketDecimal),
});
export type DemoDataset = z.infer<typeof DemoDataset>;
export type CandleTuple = z.infer<typeof CandleTuple>;

export function loadDemoDataset(file = DEMO_DATASET_PATH): DemoDataset {
  return DemoDataset.parse(JSON.parse(readFileSync(file, 'utf8')));
}

const toCandle = ([time, open, high, low, close]: CandleTuple) => ({ time, open, high, low, close });

/**
 * The default source: the dataset shipped with the server, so the market screens work with no account and
 * no network. Every answer says `source: 'demo'` and carries the dataset's own date, so the screen can
 * label it "demo data" rather than pass it off as today's market.
 */
export class LocalMarketData implements MarketData {
  readonly source = 'demo' as const;
  private readonly list: TickerList;

  constructor(private readonly dataset: DemoDataset = loadDemoDataset()) {
    this.list = {
      source: this.source,
      updatedAt: dataset.asOf,
      items: dataset.coins.map(
        ({ id, symbol, name, priceUsd, change24h, volume24hUsd, marketCapUsd }): SourceTicker => ({
          id,
          symbol,
          name,
          priceUsd,
          change24h,
          volume24hUsd,
          marketCapUsd,
        }),
      ),
    };
  }

  async tickers(): Promise<TickerList> {
    return this.list;
  }

  /** One day is drawn from the hourly candles; longer ranges are the last `days` daily candles. */
  async candles(ticker: SourceTicker, days: MarketCandleDays): Promise<CandleSeries> {
    const coin = this.dataset.coins.find((entry) => entry.id === ticker.id);
    const tuples = !coin ? [] : days === 1 ? coin.hourly : coin.daily.slice(-days);
    return { source: this.source, updatedAt: this.dataset.asOf, candles: tuples.map(toCandle) };
  }

  async fiatRates(): Promise<MarketFiatRates> {
    return { source: this.source, updatedAt: this.dataset.asOf, base: 'USD', rates: this.dataset.fiat };
  }
}
