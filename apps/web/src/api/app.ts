import type { OidcProvider } from '@polaris/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from './request.ts';

export interface AppConfig {
  regionBlocked: boolean;
  country: string | null;
  version: string;
  publicUrl: string;
  /** Where share links live (server env SHORT_LINK_HOST, by default publicUrl): `/s/<code>`. */
  shortLinkHost: string;
  /** Map tile URL template with {z}/{x}/{y} (server env MAP_TILE_URL). */
  mapTileUrl: string;
  /** Sign-in providers the server has configured; only their buttons are shown. */
  signInProviders?: OidcProvider[];
  /** Origins the web-view page may open (server env WEBVIEW_ALLOWLIST, plus ours and the game shell's). */
  webViewAllowList: string[];
  /** Official channels for join-community (server env COMMUNITY_CHANNELS). */
  communityChannels: { id: string; name: string; url: string }[];
}

const appKeys = { config: ['app', 'config'] as const };

/**
 * Fetched once at boot. Silent: the config only decides whether money pages are blocked, and a
 * server that is down will be reported by the call the user actually makes.
 */
export function useAppConfig() {
  return useQuery({
    queryKey: appKeys.config,
    queryFn: () => api.get<AppConfig>('/app/config', undefined, { silent: true }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}
