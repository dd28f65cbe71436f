import { API_BASE } from '@polaris/contract';

/**
 * Where the API is (docs/native-apps.md "Where the API is").
 *
 * On the web the app and the API share one origin, so every URL stays relative. A native shell serves its bundled
 * copy from `capacitor://localhost` (iOS) or `https://localhost` (Android), where nothing answers `/rest`; that
 * copy's index.html names the API's origin in a meta element (scripts/native-copy.ts), and every call, the chat
 * socket and the server's relative image paths go there. The server lets the shells in through CORS (CORS_ORIGINS).
 */

/** The origin in the page's `polaris-api-origin` meta element, or '' (same origin) when there is none or it is bad. */
export function readApiOrigin(doc: Pick<Document, 'querySelector'> | undefined = globalThis.document): string {
  const value = doc?.querySelector<HTMLMetaElement>('meta[name="polaris-api-origin"]')?.content;
  if (!value) return '';
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.origin : '';
  } catch {
    return '';
  }
}

/** '' on the web (same origin); the API's origin in a native shell's copy. */
export const API_ORIGIN = readApiOrigin();

/** The URL of an API path such as `/wallet/assets`. */
export const apiUrl = (path: string, origin = API_ORIGIN) => `${origin}${API_BASE}${path}`;

/**
 * An address the server gave as a path on itself (`/rest/polarisex/...`, e.g. a demo game's icon), made absolute
 * when the API is elsewhere; full URLs pass unchanged.
 */
export function apiAsset(url: string, origin = API_ORIGIN): string {
  return origin && url.startsWith('/') && !url.startsWith('//') ? `${origin}${url}` : url;
}

/** The chat WebSocket's URL: same host as the page on the web, the API's host in a native build. */
export function socketUrl(
  query: URLSearchParams,
  origin = API_ORIGIN,
  page: Pick<Location, 'protocol' | 'host'> = window.location,
): string {
  const base = origin ? new URL(origin) : page;
  const scheme = base.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${base.host}${API_BASE}/ws?${query}`;
}

/** The origin people share and open links on: the page's own on the web, the API's (the hosted app) in a shell. */
export const webOrigin = (origin = API_ORIGIN) => origin || window.location.origin;
