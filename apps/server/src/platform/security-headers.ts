import type { IncomingMessage, ServerResponse } from 'node:http';
import { API_BASE } from '@polaris/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
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

/**
 * Helmet's headers for our settings, worked out once: they depend on the settings only (no nonces, no directive
 * computed per request), so what helmet's middleware would set on every response is recorded here by running it
 * once against a recorder. `@fastify/helmet` built helmet's middleware anew for each request, parsing every CSP
 * directive each time (about a tenth of a cheap request's CPU), in two hooks, one of them async.
 */
function securityHeaders(settings: SecurityHeaderSettings): { set: [string, string][]; removed: string[] } {
  const https = new URL(settings.publicUrl).protocol === 'https:';
  const options: HelmetOptions = {
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(settings) },
    // Share links open us from other sites; they learn our origin, never a path with an activity or code in it.
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // Helmet's same-origin default would stop a native shell (another origin) from showing our images, which it
    // loads without CORS. What we serve to such loads is public anyway: covers, avatars, icons; the API's answers
    // need the token header, which no plain image load carries.
    crossOriginResourcePolicy: { policy: settings.corsOrigins?.length ? 'cross-origin' : 'same-origin' },
    // Only where people reach us over https: HSTS on a plain-http address would lock a LAN install out.
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  };
  const set: [string, string][] = [];
  const removed: string[] = [];
  const recorder = {
    setHeader: (name: string, value: string | number | readonly string[]) => set.push([name, String(value)]),
    removeHeader: (name: string) => removed.push(name),
  };
  let failure: unknown = null;
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    failure = error ?? null;
  });
  if (failure) throw failure;
  return { set, removed };
}

/** Helmet's headers on every response (API, app shell, assets, 404s): CSP, nosniff, referrer policy, HSTS over https. */
export function installSecurityHeaders(app: FastifyInstance, settings: SecurityHeaderSettings): void {
  const { set, removed } = securityHeaders(settings);
  app.addHook('onRequest', (_request, reply, done) => {
    const raw = reply.raw;
    for (const name of removed) raw.removeHeader(name);
    for (const [name, value] of set) raw.setHeader(name, value);
    done();
  });
}

/** Whether a request carried a session token (header, or the query as old clients send it). */
function carriesToken(request: FastifyRequest): boolean {
  const header = request.headers.token;
  const query = (request.query as Record<string, unknown> | undefined)?.token;
  return (typeof header === 'string' && header !== '') || (typeof query === 'string' && query !== '');
}

/**
 * `Cache-Control: no-store` on what is someone's own (docs/api.md, "Caching"), in one place rather than per route:
 * every answer of a route that needs a session (files too: a CSV of attendees, an export), and every envelope answer
 * to a request that carried a session token, whatever the route (a shared cache or the browser's back-forward cache
 * must never hand one person's answer to another). A public route's file (a cover, a badge, a public feed) answered
 * to whoever asks keeps its own caching. `routes` is the router's table, which has each route before Fastify does:
 * the rule is decided once per route, as it is registered, and each API route gets a synchronous hook of its own
 * (an unknown API path's 404 is covered by one global hook that does nothing for a matched route).
 */
export function installNoStore(app: FastifyInstance, routes: readonly RegisteredRoute[]) {
  const api = `${API_BASE}/`;
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith(api)) return;
    const path = route.url.slice(API_BASE.length);
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const spec = routes.find((entry) => entry.path === path && methods.includes(entry.method));
    const fileType = spec?.produces?.split(';')[0];
    const hook =
      spec?.auth === 'user'
        ? noStoreAlways
        : (request: FastifyRequest, reply: FastifyReply, payload: unknown, done: HookDone) => {
            // A file route's success is its file; its failures, like every other route's answers, are the envelope.
            const file = fileType !== undefined && String(reply.getHeader('content-type') ?? '').startsWith(fileType);
            if (!file && carriesToken(request)) reply.header('cache-control', 'no-store');
            done(null, payload);
          };
    const existing = route.onSend ? (Array.isArray(route.onSend) ? route.onSend : [route.onSend]) : [];
    route.onSend = [...existing, hook];
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.is404 && request.url.startsWith(api) && carriesToken(request))
      reply.header('cache-control', 'no-store');
    done(null, payload);
  });
}

type HookDone = (error: Error | null, payload: unknown) => void;

function noStoreAlways(_request: FastifyRequest, reply: FastifyReply, payload: unknown, done: HookDone) {
  reply.header('cache-control', 'no-store');
  done(null, payload);
}
