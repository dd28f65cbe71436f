import { withSchemas } from '../api-route.ts';
import { EmptyInput } from '../auth.ts';
import {
  MarketDetailInput,
  MarketDetailOutput,
  MarketFiatRatesOutput,
  MarketTickersInput,
  MarketTickersOutput,
} from '../market.ts';
import { marketApi as api } from './market.ts';

/** The market module's calls with their schemas: what the server registers and development builds parse with. */
export const marketSchemas = {
  tickers: withSchemas(api.tickers, MarketTickersInput, MarketTickersOutput),
  detail: withSchemas(api.detail, MarketDetailInput, MarketDetailOutput),
  fiatRates: withSchemas(api.fiatRates, EmptyInput, MarketFiatRatesOutput),
};
