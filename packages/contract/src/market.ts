import { z } from 'zod';
import { CURRENCIES } from './constants.ts';
import { text } from './text.ts';

/** Request and response schemas of the market quotes endpoints (SPEC §1 "market quotes", §2 /pages/market). */

/** `demo`: the dataset shipped with the server, to be labelled "demo data" on screen. `live`: the market-data API. */
export const MARKET_SOURCES = ['demo', 'live'] as const;
export type MarketSource = (typeof MARKET_SOURCES)[number];

/** Chart ranges the detail screen offers, in days. */
export const MARKET_CANDLE_DAYS = [1, 7, 30, 90] as const;
export type MarketCandleDays = (typeof MARKET_CANDLE_DAYS)[number];
export const DEFAULT_MARKET_CANDLE_DAYS: MarketCandleDays = 30;

export const MARKET_QUERY_MAX = 32;

/** A number as a plain decimal string ("-0.62", "0.00001162"); never a float, never exponent notation. */
export const marketDecimal = z.string().regex(/^-?\d+(\.\d+)?$/);

export const MarketTickersInput = z.object({
  /** Matches a symbol or a name, case-insensitively. */
  q: text().max(MARKET_QUERY_MAX).optional(),
});

export const MarketDetailInput = z.object({
  symbol: z
    .string()
    .trim()
    .toUpperCase()
    .min(1)
    .max(16)
    .regex(/^[A-Z0-9._-]+$/, { error: 'validation.invalid' }),
  /** Query strings carry text, JSON bodies numbers: both are read as a number, then held to the offered ranges. */
  days: z.coerce
    .number()
    .pipe(z.literal(MARKET_CANDLE_DAYS, { error: 'validation.invalid' }))
    .default(DEFAULT_MARKET_CANDLE_DAYS),
});

export const MarketTicker = z.object({
  symbol: z.string(),
  name: z.string(),
  priceUsd: marketDecimal,
  /** Percent over 24 hours; null when the source has no figure for the coin. */
  change24h: marketDecimal.nullable(),
  volume24hUsd: marketDecimal.nullable(),
  marketCapUsd: marketDecimal.nullable(),
  /** Logo URL when the source has one. */
  icon: z.string().optional(),
});
export type MarketTicker = z.infer<typeof MarketTicker>;

export const MarketCandle = z.object({
  /** Unix seconds at which the candle closes. */
  time: z.number().int(),
  open: marketDecimal,
  high: marketDecimal,
  low: marketDecimal,
  close: marketDecimal,
});
export type MarketCandle = z.infer<typeof MarketCandle>;

const sourceFields = {
  source: z.enum(MARKET_SOURCES),
  /** ISO 8601: when the source's figures are from. */
  updatedAt: z.string(),
};

export const MarketTickersOutput = z.object({
  ...sourceFields,
  items: z.array(MarketTicker),
});
export type MarketTickers = z.infer<typeof MarketTickersOutput>;

export const MarketDetailOutput = MarketTicker.extend({
  ...sourceFields,
  days: z.literal(MARKET_CANDLE_DAYS),
  candles: z.array(MarketCandle),
});
export type MarketDetail = z.infer<typeof MarketDetailOutput>;

export const MarketFiatRatesOutput = z.object({
  ...sourceFields,
  base: z.literal('USD'),
  /** Units of each SPEC §3 currency per 1 USD; every currency is present. */
  rates: z.record(z.enum(CURRENCIES), marketDecimal),
});
export type MarketFiatRates = z.infer<typeof MarketFiatRatesOutput>;
