import { route } from '../api-route.ts';
import type { EmptyInput } from '../auth.ts';
import type * as s from '../market.ts';

/** The market module's calls (apps/server/src/modules/market): paths and types only; schemas in market.schemas.ts. */
export const marketApi = {
  tickers: route<typeof s.MarketTickersInput, typeof s.MarketTickersOutput>('GET', '/market/tickers'),
  detail: route<typeof s.MarketDetailInput, typeof s.MarketDetailOutput>('GET', '/market/detail'),
  fiatRates: route<typeof EmptyInput, typeof s.MarketFiatRatesOutput>('GET', '/market/fiat-rates'),
};
