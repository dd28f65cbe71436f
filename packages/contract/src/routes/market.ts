import { route } from '../api-route.ts';
import type { EmptyInput } from '../auth.ts';
import type {
  MarketDetailInput,
  MarketDetailOutput,
  MarketFiatRatesOutput,
  MarketTickersInput,
  MarketTickersOutput,
} from '../market.ts';

/** The market module's calls (apps/server/src/modules/market): paths and types only; schemas in market.schemas.ts. */
export const marketApi = {
  tickers: route<typeof MarketTickersInput, typeof MarketTickersOutput>('GET', '/market/tickers'),
  detail: route<typeof MarketDetailInput, typeof MarketDetailOutput>('GET', '/market/detail'),
  fiatRates: route<typeof EmptyInput, typeof MarketFiatRatesOutput>('GET', '/market/fiat-rates'),
};
