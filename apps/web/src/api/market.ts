import type { MarketCandleDays } from '@polaris/contract';
import { marketApi } from '@polaris/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { isApiError } from '@/lib/api-error.ts';
import { api } from './request.ts';

/** Public market quotes (docs/market-data.md). */

export const marketKeys = {
  all: ['market'] as const,
  tickers: (q: string) => [...marketKeys.all, 'tickers', q] as const,
  detail: (symbol: string, days: MarketCandleDays) => [...marketKeys.all, 'detail', symbol, days] as const,
};

export function useTickers(q: string) {
  return useQuery({
    queryKey: marketKeys.tickers(q),
    queryFn: () => api.call(marketApi.tickers, { q: q || undefined }),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

export function useMarketDetail(symbol: string, days: MarketCandleDays) {
  return useQuery({
    queryKey: marketKeys.detail(symbol, days),
    enabled: symbol !== '',
    queryFn: () => api.call(marketApi.detail, { symbol, days }),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

/**
 * SPEC §8: market errors show the message or "Unknown error". The server's 580 carries the provider's text in
 * English; the one text we know in advance, "Unknown error", is shown in the user's language instead.
 */
export function marketErrorText(error: unknown, unknown: string): string {
  if (!isApiError(error)) return unknown;
  const text = error.message.trim();
  return text === '' || text === 'Unknown error' ? unknown : text;
}
