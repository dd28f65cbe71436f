import { marketSchemas } from '@polaris/contract/schemas';
import type { Router } from '../../platform/router.ts';
import type { MarketService } from './service.ts';

const tags = ['market'];

export function marketRoutes(router: Router, market: MarketService): void {
  router.route({
    ...marketSchemas.tickers,
    summary: 'Coin quotes in USD, largest market cap first; `q` searches symbols and names',
    tags,
    auth: 'public',
    handler: ({ input }) => market.tickers(input.q),
  });

  router.route({
    ...marketSchemas.detail,
    summary: 'One coin with its price candles over 1, 7, 30 or 90 days',
    tags,
    auth: 'public',
    handler: ({ input }) => market.detail(input.symbol, input.days),
  });

  router.route({
    ...marketSchemas.fiatRates,
    summary: 'Units of each app currency per 1 USD',
    tags,
    auth: 'public',
    handler: () => market.fiatRates(),
  });
}
