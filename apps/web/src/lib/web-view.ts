/**
 * The web-view page opens only http(s) URLs whose origin is on the allow-list the server sends in
 * `/app/config` (WEBVIEW_ALLOWLIST plus our own origin and the game shell's). Anything else, a
 * `javascript:` or `data:` URL included, shows "cannot open link" (SPEC §8).
 */
export function allowedWebViewUrl(raw: string | null | undefined, allowList: readonly string[]): URL | null {
  if (!raw || raw.length > 2000) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  // Credentials in a URL are a classic way to dress one host up as another.
  if (url.username || url.password) return null;
  return allowList.includes(url.origin) ? url : null;
}
