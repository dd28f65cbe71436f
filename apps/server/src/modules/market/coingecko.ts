import { CURRENCIES, type Currency, type MarketCandleDays, type MarketFiatRates } from '@polaris/contract';
import { z } from 'zod';
import { JsonApi, type JsonApiAdapterOptions } from '../../platform/json-api.ts';
import { SIGNIFICANT_DIGITS, toDecimalString } from './decimal.ts';
import {
  type CandleSeries,
  type MarketData,
  MarketUnavailableError,
  type SourceTicker,
  type TickerList,
  UNKNOWN_ERROR,
} from './market-data.ts';

const COINGECKO_DEFAULT_URL = 'https://api.coingecko.com/api/v3';
const COINGECKO_TIMEOUT_MS = 10_000;
export const COINGECKO_CACHE_MS = 60_000;
/** The market list covers the largest coins by market cap; search and detail look within it. */
const COINGECKO_LIST_SIZE = 100;
/** The pataca is pegged to the Hong Kong dollar (1 HKD = 1.03 MOP); CoinGecko's rate table has no MOP. */
const MOP_PER_HKD = 1.03;

const num = z.number().finite();

/** The fields we read of `/coins/markets`; CoinGecko writes null where it has no figure. */
const MarketsResponse = z.array(
  z.object({
    id: z.string(),
    symbol: z.string(),
    name: z.string(),
    image: z.string().nullish(),
    current_price: num.nullable(),
    market_cap: num.nullish(),
    total_volume: num.nullish(),
    price_change_percentage_24h: num.nullish(),
  }),
);

/** `/coins/{id}/ohlc`: [close time in ms, open, high, low, close]. */
const OhlcResponse = z.array(z.tuple([num, num, num, num, num]));

/** `/exchange_rates`: how many units of each currency one BTC buys. */
const ExchangeRatesResponse = z.object({
  rates: z.record(z.string(), z.object({ value: num, type: z.string().optional() })),
});

/** CoinGecko's error bodies: `{ status: { error_message } }` (rate limit, key) or `{ error }` (not found). */
function errorMessageOf(body: unknown): string {
  if (typeof body !== 'object' || body === null) return UNKNOWN_ERROR;
  const record = body as Record<string, unknown>;
  const status = record.status as Record<string, unknown> | undefined;
  for (const candidate of [record.error, status?.error_message, record.message]) {
    if (typeof candidate === 'string' && candidate.trim()) return candidate.trim();
  }
  return UNKNOWN_ERROR;
}

/** The log is told why a call failed, since the caller only sees CoinGecko's message or "Unknown error". */
export interface CoinGeckoOptions extends JsonApiAdapterOptions {
  baseUrl?: string;
}

/**
 * Quotes from the CoinGecko public API. Each answer is kept for 60 seconds (CoinGecko itself refreshes no
 * faster), and concurrent requests for the same thing share one call. Failures are not kept: the next
 * request tries again.
 */
export class CoinGeckoMarketData implements MarketData {
  readonly source = 'live' as const;
  private readonly now: () => Date;
  private readonly api: JsonApi;

  constructor(options: CoinGeckoOptions) {
    this.now = options.now ?? (() => new Date());
    this.api = new JsonApi({
      baseUrl: (options.baseUrl ?? COINGECKO_DEFAULT_URL).replace(/\/+$/, ''),
      headers: { 'x-cg-demo-api-key': options.apiKey },
      timeoutMs: options.timeoutMs ?? COINGECKO_TIMEOUT_MS,
      cacheMs: options.cacheMs ?? COINGECKO_CACHE_MS,
      now: this.now,
      // Timeouts, refused connections and unreadable answers carry no message from CoinGecko.
      unavailable: (cause) => new MarketUnavailableError(UNKNOWN_ERROR, { cause }),
      log: options.log,
      logMessage: 'market data call failed',
    });
  }

  private get<S extends z.ZodType>(path: string, schema: S): Promise<z.output<S>> {
    return this.api.get(path, ({ ok, status, body }) => {
      if (!ok) throw new MarketUnavailableError(errorMessageOf(body), { cause: `HTTP ${status}` });
      const parsed = schema.safeParse(body);
      if (!parsed.success) throw new MarketUnavailableError(UNKNOWN_ERROR, { cause: parsed.error });
      return parsed.data;
    });
  }

  tickers(): Promise<TickerList> {
    return this.api.cached('tickers', async () => {
      const query = `vs_currency=usd&order=market_cap_desc&per_page=${COINGECKO_LIST_SIZE}&page=1&sparkline=false`;
      const rows = await this.get(`/coins/markets?${query}`, MarketsResponse);
      const optional = (value: number | null | undefined, digits: number) =>
        value === null || value === undefined ? null : toDecimalString(value, digits);
      const items = rows.flatMap((row): SourceTicker[] => {
        // A coin without a price cannot be quoted; it is left out rather than shown as zero.
        if (row.current_price === null) return [];
        return [
          {
            id: row.id,
            symbol: row.symbol.toUpperCase(),
            name: row.name,
            priceUsd: toDecimalString(row.current_price, SIGNIFICANT_DIGITS.price),
            change24h: optional(row.price_change_percentage_24h, SIGNIFICANT_DIGITS.percent),
            volume24hUsd: optional(row.total_volume, SIGNIFICANT_DIGITS.volume),
            marketCapUsd: optional(row.market_cap, SIGNIFICANT_DIGITS.volume),
            // Coins without a logo carry CoinGecko's placeholder name ("missing_large.png"), not a URL.
            ...(row.image && /^https?:\/\//.test(row.image) ? { icon: row.image } : {}),
          },
        ];
      });
      return { source: this.source, updatedAt: this.now().toISOString(), items };
    });
  }

  candles(ticker: SourceTicker, days: MarketCandleDays): Promise<CandleSeries> {
    return this.api.cached(`ohlc:${ticker.id}:${days}`, async () => {
      const rows = await this.get(
        `/coins/${encodeURIComponent(ticker.id)}/ohlc?vs_currency=usd&days=${days}`,
        OhlcResponse,
      );
      const price = (value: number) => toDecimalString(value, SIGNIFICANT_DIGITS.price);
      return {
        source: this.source,
        updatedAt: this.now().toISOString(),
        candles: rows.map(([time, open, high, low, close]) => ({
          time: Math.floor(time / 1000),
          open: price(open),
          high: price(high),
          low: price(low),
          close: price(close),
        })),
      };
    });
  }

  /** CoinGecko's rates are per BTC; units per USD is the currency's rate over the dollar's. */
  fiatRates(): Promise<MarketFiatRates> {
    return this.api.cached('fiat', async () => {
      const { rates } = await this.get('/exchange_rates', ExchangeRatesResponse);
      const perBtc = (code: string) => rates[code.toLowerCase()]?.value;
      const usd = perBtc('USD');
      if (!usd) throw new MarketUnavailableError(UNKNOWN_ERROR, { cause: 'no USD rate' });
      const hkd = perBtc('HKD');
      const result = {} as Record<Currency, string>;
      for (const code of CURRENCIES) {
        const value = perBtc(code) ?? (code === 'MOP' && hkd ? hkd * MOP_PER_HKD : undefined);
        if (!value) throw new MarketUnavailableError(UNKNOWN_ERROR, { cause: `no ${code} rate` });
        result[code] = code === 'USD' ? '1' : toDecimalString(value / usd, SIGNIFICANT_DIGITS.rate);
      }
      return { source: this.source, updatedAt: this.now().toISOString(), base: 'USD', rates: result };
    });
  }
}
