import { API_BASE } from '@polaris/contract';
import { z } from 'zod';

/** One official channel of join-community: shown by name, with its link as a QR code and a copy button. */
export interface CommunityChannel {
  id: string;
  name: string;
  url: string;
}

/**
 * The channels shown when COMMUNITY_CHANNELS is not set. They are the product's public handles as the operator
 * would publish them; an install for another community sets its own (docs/static-pages.md).
 */
export const DEFAULT_COMMUNITY_CHANNELS: readonly CommunityChannel[] = [
  { id: 'telegram', name: 'Telegram', url: 'https://t.me/polarisex' },
  { id: 'x', name: 'X', url: 'https://x.com/polarisex' },
  { id: 'discord', name: 'Discord', url: 'https://discord.gg/polarisex' },
];

const Channels = z
  .array(
    z.object({
      id: z
        .string()
        .trim()
        .regex(/^[a-z0-9_-]{1,32}$/),
      name: z.string().trim().min(1).max(40),
      url: z.url({ protocol: /^(https?|mailto)$/ }).max(500),
    }),
  )
  .max(12);

/** `COMMUNITY_CHANNELS`: a JSON array of `{ id, name, url }`; a malformed value stops the server at start. */
export function parseCommunityChannels(value: string | undefined): CommunityChannel[] {
  if (value === undefined || value.trim() === '') return [...DEFAULT_COMMUNITY_CHANNELS];
  let json: unknown;
  try {
    json = JSON.parse(value);
  } catch {
    throw new Error('COMMUNITY_CHANNELS must be a JSON array of { id, name, url }');
  }
  const parsed = Channels.safeParse(json);
  if (!parsed.success) throw new Error(`COMMUNITY_CHANNELS: ${parsed.error.issues[0]?.message ?? 'invalid'}`);
  return parsed.data;
}

/** `WEBVIEW_ALLOWLIST`: comma-separated http(s) origins; a path after an origin is ignored, anything else refused. */
export function parseOrigins(value: string): string[] {
  return value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry) => {
      let url: URL | null = null;
      try {
        url = new URL(entry);
      } catch {
        url = null;
      }
      if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:')) {
        throw new Error(`WEBVIEW_ALLOWLIST: ${entry} is not an http(s) origin`);
      }
      return url.origin;
    });
}

/** The configuration of the game shell, the web-view allow-list and join-community, derived from the environment. */
export function staticPageConfig(
  env: {
    DAOGAME_API_URL?: string | undefined;
    DAOGAME_API_KEY?: string | undefined;
    DAOGAME_SHELL_URL?: string | undefined;
    DAOGAME_TIMEOUT_MS: number;
    WEBVIEW_ALLOWLIST: string;
    COMMUNITY_CHANNELS?: string | undefined;
  },
  publicUrl: string,
) {
  const daogameShellUrl = env.DAOGAME_SHELL_URL ?? `${publicUrl}${API_BASE}/daogame/shell`;
  // Our own origin and the game shell's are always allowed: "play" must open wherever the shell is configured.
  const origins = [new URL(publicUrl).origin, new URL(daogameShellUrl).origin, ...parseOrigins(env.WEBVIEW_ALLOWLIST)];
  return {
    daogameApiUrl: env.DAOGAME_API_URL?.replace(/\/+$/, ''),
    daogameApiKey: env.DAOGAME_API_KEY,
    daogameTimeoutMs: env.DAOGAME_TIMEOUT_MS,
    daogameShellUrl,
    webViewAllowList: [...new Set(origins)],
    communityChannels: parseCommunityChannels(env.COMMUNITY_CHANNELS),
  };
}
