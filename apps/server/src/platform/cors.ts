import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';

/**
 * Where other origins may call the API from (docs/native-apps.md "Where the API is"): the native shells serve the
 * app from `capacitor://localhost` (iOS) and `https://localhost` (Android), so their calls are cross-origin.
 * Only the listed origins are answered; any other page gets no CORS headers and its browser keeps the answer from
 * it. Credentials are never allowed: the session travels in the `token` header, which the calling page must
 * already hold, so no cookie or ambient login is exposed by letting these origins in.
 */
export const DEFAULT_CORS_ORIGINS = ['capacitor://localhost', 'https://localhost'];

/** `scheme://host[:port]`, exactly what a browser sends in `Origin` (custom schemes such as capacitor:// included). */
const ORIGIN = /^[a-z][a-z0-9+.-]*:\/\/[a-z0-9.-]+(:\d{1,5})?$/;

/** CORS_ORIGINS: a comma-separated list of origins, `none` for none; unset means the shells' two. */
export function parseCorsOrigins(value: string | undefined): string[] {
  if (value === undefined || value.trim() === '') return DEFAULT_CORS_ORIGINS;
  if (value.trim() === 'none') return [];
  const origins = value
    .split(',')
    .map((origin) => origin.trim().toLowerCase().replace(/\/$/, ''))
    .filter(Boolean);
  const bad = origins.find((origin) => !ORIGIN.test(origin));
  if (bad) throw new Error(`"${bad}" is not an origin (scheme://host[:port], nothing after it)`);
  return origins;
}

export async function installCors(app: FastifyInstance, origins: readonly string[]) {
  if (origins.length === 0) return;
  const allowed = new Set(origins);
  await app.register(cors, {
    origin: (origin, callback) => callback(null, origin !== undefined && allowed.has(origin)),
    methods: ['GET', 'POST'],
    credentials: false,
    // A download's file name (request.ts `download`) is the one response header the app reads.
    exposedHeaders: ['content-disposition'],
    // Preflights are cached for ten minutes, so a shell does not send one before every signed call.
    maxAge: 600,
  });
}
