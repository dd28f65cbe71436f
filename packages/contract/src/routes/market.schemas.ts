import { withSchemas } from '../api-route.ts';
import { EmptyInput } from '../auth.ts';
import * as s from '../market.ts';
import { marketApi as api } from './market.ts';

/** The market module's calls with their schemas: what the server registers and development builds parse with. */
export const marketSchemas = {
  tickers: withSchemas(api.tickers, s.MarketTickersInput, s.MarketTickersOutput),
  detail: withSchemas(api.detail, s.MarketDetailInput, s.MarketDetailOutput),
  fiatRates: withSchemas(api.fiatRates, EmptyInput, s.MarketFiatRatesOutput),
};
