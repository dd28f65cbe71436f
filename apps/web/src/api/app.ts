import { appApi } from '@polaris/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from './request.ts';

/** What the client needs at start: the contract's type, as the server answers it. */

const appKeys = { config: ['app', 'config'] as const };

/**
 * Fetched once at boot. Silent: the config only decides whether money pages are blocked, and a
 * server that is down will be reported by the call the user actually makes.
 */
export function useAppConfig() {
  return useQuery({
    queryKey: appKeys.config,
    queryFn: () => api.call(appApi.config, undefined, { silent: true }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}
