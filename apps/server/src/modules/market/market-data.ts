import {
  type MarketCandle,
  type MarketCandleDays,
  type MarketFiatRates,
  type MarketSource,
  type MarketTicker,
  type MarketTickers,
  Status,
} from '@polaris/contract';
import { AppError } from '../../platform/errors.ts';

/** A ticker as an adapter knows it: `id` is the source's own key for the coin and never leaves the server. */
export interface SourceTicker extends MarketTicker {
  id: string;
}

export interface TickerList extends Omit<MarketTickers, 'items'> {
  items: SourceTicker[];
}

export interface CandleSeries {
  source: MarketSource;
  updatedAt: string;
  candles: MarketCandle[];
}

/**
 * Where quotes come from. The local default serves the shipped dataset (`source: 'demo'`); the CoinGecko
 * adapter calls the real API (`source: 'live'`). Tickers are ordered by market cap, largest first.
 */
export interface MarketData {
  readonly source: MarketSource;
  tickers(): Promise<TickerList>;
  /** Candles for a coin from `tickers()`, oldest first. */
  candles(ticker: SourceTicker, days: MarketCandleDays): Promise<CandleSeries>;
  fiatRates(): Promise<MarketFiatRates>;
}

/** The message SPEC §8 shows when the market-data source gave no message of its own. */
export const UNKNOWN_ERROR = 'Unknown error';

/**
 * The market-data source failed. SPEC §8 has the screen show the source's own message, or "Unknown error".
 * The shared catalogue has no key for a message we cannot know in advance, so this error carries the literal
 * text as its message key: `translate()` returns an unknown key unchanged, and the envelope's `msg` is the
 * text as the source wrote it (in English, whatever the request's language). Status 580: the feature is
 * unavailable for now.
 */
export class MarketUnavailableError extends AppError {
  constructor(message: string, options: { cause?: unknown } = {}) {
    super(Status.unavailable, message.trim() || UNKNOWN_ERROR);
    this.name = 'MarketUnavailableError';
    if (options.cause !== undefined) this.cause = options.cause;
  }
}
