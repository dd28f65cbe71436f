import helmet from '@fastify/helmet';
import { API_BASE } from '@polaris/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RegisteredRoute } from './router.ts';

export interface SecurityHeaderSettings {
  /** The address people use; https turns on HSTS and upgrade-insecure-requests. */
  publicUrl: string;
  /** Map tile URL template; its origin is the only outside host images may come from. */
  mapTileUrl: string;
  /** Origins the web-view page frames (docs/static-pages.md); only these may appear in an iframe. */
  webViewAllowList?: readonly string[];
  /** The DAO game API, whose game icons the tab shows (docs/daogame.md). */
  daogameApiUrl?: string | undefined;
  /** Origins allowed to call the API (platform/cors.ts); when there are any, they may also load our images. */
  corsOrigins?: readonly string[];
}

const originOf = (url: string) => new URL(url).origin;

/**
 * The Content-Security-Policy of every response (docs/decisions.md "Security headers"):
 * - scripts only from our origin, never inline or eval'd, so injected markup cannot run;
 * - styles from our origin plus inline: libraries may write `style` attributes or a <style> element
 *   (lightweight-charts does, for its logo), and a style cannot run script; what CSS could leak (via url())
 *   can only reach hosts img-src allows;
 * - images from our origin, data: (QR codes), blob: (a cover photo previewed before upload) and the tile host;
 * - fetches and the WebSocket to our own origin only: the market data comes through our server;
 * - nobody may frame us (clickjacking), no plugins, forms and <base> stay on our origin.
 */
function contentSecurityPolicy(settings: SecurityHeaderSettings): Record<string, string[]> {
  const self = new URL(settings.publicUrl);
  const websocket = `${self.protocol === 'https:' ? 'wss:' : 'ws:'}//${self.host}`;
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': [
      "'self'",
      'data:',
      'blob:',
      originOf(settings.mapTileUrl),
      ...(settings.daogameApiUrl ? [originOf(settings.daogameApiUrl)] : []),
    ],
    'font-src': ["'self'", 'data:'],
    // 'self' covers the same-origin WebSocket in current browsers; the explicit ws(s) origin is for older ones.
    'connect-src': ["'self'", websocket],
    'media-src': ["'self'", 'blob:'],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
    'frame-src': ["'self'", ...(settings.webViewAllowList ?? [])],
  };
  if (self.protocol === 'https:') directives['upgrade-insecure-requests'] = [];
  return directives;
}

/** Helmet on every response (API, app shell, assets, 404s): CSP, nosniff, referrer policy, HSTS over https. */
export async function installSecurityHeaders(app: FastifyInstance, settings: SecurityHeaderSettings) {
  const https = new URL(settings.publicUrl).protocol === 'https:';
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(settings) },
    // Share links open us from other sites; they learn our origin, never a path with an activity or code in it.
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // Helmet's same-origin default would stop a native shell (another origin) from showing our images, which it
    // loads without CORS. What we serve to such loads is public anyway: covers, avatars, icons; the API's answers
    // need the token header, which no plain image load carries.
    crossOriginResourcePolicy: { policy: settings.corsOrigins?.length ? 'cross-origin' : 'same-origin' },
    // Only where people reach us over https: HSTS on a plain-http address would lock a LAN install out.
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  });
}

/** Whether a request carried a session token (header, or the query as old clients send it). */
function carriesToken(request: FastifyRequest): boolean {
  const header = request.headers.token;
  const query = (request.query as Record<string, unknown> | undefined)?.token;
  return (typeof header === 'string' && header !== '') || (typeof query === 'string' && query !== '');
}

/**
 * `Cache-Control: no-store` on what is someone's own (docs/api.md, "Caching"), in one hook rather than per route:
 * every answer of a route that needs a session (files too: a CSV of attendees, an export), and every envelope answer
 * to a request that carried a session token, whatever the route (a shared cache or the browser's back-forward cache
 * must never hand one person's answer to another). A public route's file (a cover, a badge, a public feed) answered
 * to whoever asks keeps its own caching. `routes` is the router's table, read as it fills.
 */
export function installNoStore(app: FastifyInstance, routes: readonly RegisteredRoute[]) {
  let byUrl: Map<string, RegisteredRoute> | null = null;
  const routeOf = (request: FastifyRequest) => {
    if (!byUrl || byUrl.size !== routes.length) {
      byUrl = new Map(routes.map((route) => [`${route.method} ${API_BASE}${route.path}`, route]));
    }
    return byUrl.get(`${request.method} ${request.routeOptions.url}`);
  };
  app.addHook('onSend', async (request, reply, payload) => {
    if (!request.url.startsWith(`${API_BASE}/`)) return payload;
    const route = routeOf(request);
    const type = String(reply.getHeader('content-type') ?? '');
    // A file route's success is its file; its failures, like every other route's answers, are the envelope.
    const file = route?.produces !== undefined && type.startsWith(route.produces.split(';')[0]!);
    if (route?.auth === 'user' || (carriesToken(request) && !file)) reply.header('cache-control', 'no-store');
    return payload;
  });
}
