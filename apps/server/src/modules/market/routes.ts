import {
  EmptyInput,
  MarketDetailInput,
  MarketDetailOutput,
  MarketFiatRatesOutput,
  MarketTickersInput,
  MarketTickersOutput,
} from '@polaris/contract';
import type { Router } from '../../platform/router.ts';
import type { MarketService } from './service.ts';

const tags = ['market'];

export function marketRoutes(router: Router, market: MarketService): void {
  router.route({
    method: 'GET',
    path: '/market/tickers',
    summary: 'Coin quotes in USD, largest market cap first; `q` searches symbols and names',
    tags,
    auth: 'public',
    input: MarketTickersInput,
    output: MarketTickersOutput,
    handler: ({ input }) => market.tickers(input.q),
  });

  router.route({
    method: 'GET',
    path: '/market/detail',
    summary: 'One coin with its price candles over 1, 7, 30 or 90 days',
    tags,
    auth: 'public',
    input: MarketDetailInput,
    output: MarketDetailOutput,
    handler: ({ input }) => market.detail(input.symbol, input.days),
  });

  router.route({
    method: 'GET',
    path: '/market/fiat-rates',
    summary: 'Units of each app currency per 1 USD',
    tags,
    auth: 'public',
    input: EmptyInput,
    output: MarketFiatRatesOutput,
    handler: () => market.fiatRates(),
  });
}
