import type { MarketCandleDays, MarketDetail, MarketFiatRates, MarketTickers } from '@polaris/contract';
import { Status } from '@polaris/contract';
import { AppError } from '../../platform/errors.ts';
import { CoinGeckoMarketData, type CoinGeckoOptions } from './coingecko.ts';
import { LocalMarketData } from './local.ts';
import type { MarketData, SourceTicker } from './market-data.ts';

/** The real API when a key is configured; otherwise the shipped demo dataset. */
export function marketDataFrom(
  config: { marketApiKey: string | undefined; marketApiUrl: string },
  options: Pick<CoinGeckoOptions, 'now' | 'log'> = {},
): MarketData {
  if (!config.marketApiKey) return new LocalMarketData();
  return new CoinGeckoMarketData({ ...options, baseUrl: config.marketApiUrl, apiKey: config.marketApiKey });
}

/** Exact symbol first, then symbols that start with the query, then names and symbols that contain it. */
function searchRank(ticker: SourceTicker, query: string): number {
  const symbol = ticker.symbol.toLowerCase();
  if (symbol === query) return 0;
  if (symbol.startsWith(query)) return 1;
  if (symbol.includes(query) || ticker.name.toLowerCase().includes(query)) return 2;
  return -1;
}

export class MarketService {
  constructor(private readonly data: MarketData) {}

  async tickers(query: string | undefined): Promise<MarketTickers> {
    const list = await this.data.tickers();
    const needle = query?.toLowerCase();
    if (!needle) return list;
    const items = list.items
      .map((ticker) => ({ ticker, rank: searchRank(ticker, needle) }))
      .filter((entry) => entry.rank >= 0)
      .sort((a, b) => a.rank - b.rank)
      .map((entry) => entry.ticker);
    return { ...list, items };
  }

  /** One coin with its candles. Where two coins share a symbol, the larger by market cap is meant. */
  async detail(symbol: string, days: MarketCandleDays): Promise<MarketDetail> {
    const list = await this.data.tickers();
    const ticker = list.items.find((entry) => entry.symbol === symbol);
    if (!ticker) throw new AppError(Status.notFound, 'http.404');
    const series = await this.data.candles(ticker, days);
    return { ...ticker, source: series.source, updatedAt: series.updatedAt, days, candles: series.candles };
  }

  fiatRates(): Promise<MarketFiatRates> {
    return this.data.fiatRates();
  }
}
