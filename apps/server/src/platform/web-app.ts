import { readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const REVALIDATE = 'no-cache';

/**
 * Serves the built web app (apps/web/dist). The build writes a brotli (.br) and a gzip (.gz) copy beside every
 * compressible file (apps/web/scripts/compress.mjs); `preCompressed` picks the best the browser accepts
 * (br, then gzip, then the file itself), sets Content-Encoding and `Vary: accept-encoding`, so nothing is
 * compressed per request. Vite names everything under assets/ by its content hash, so those files never change
 * and are cached for a year; index.html and the other unhashed files (icons, manifest) are revalidated each time.
 */
export async function serveWebApp(app: FastifyInstance, webDist: string) {
  const assets = path.join(webDist, 'assets') + path.sep;
  const shell = path.join(webDist, 'index.html');
  await app.register(fastifyStatic, {
    root: webDist,
    wildcard: false,
    preCompressed: true,
    // The copies are reached through their originals only, never by their own names.
    globIgnore: ['**/*.br', '**/*.gz'],
    setHeaders: (reply, filePath) => {
      reply.header('cache-control', filePath.startsWith(assets) ? IMMUTABLE : REVALIDATE);
      // With preCompressed, the path is the copy sent (index.html.br).
      if (filePath.replace(/\.(br|gz)$/, '') === shell) {
        const link = preloadLinks(readFileSync(shell, 'utf8'));
        if (link) reply.header('link', link);
      }
    },
  });
}

/**
 * The scripts and stylesheet index.html names, as a `Link` header (docs/performance.md "First screen"): the browser
 * starts fetching them when the page's headers arrive, before it has parsed the page, which on a slow phone is
 * later. Read from the file each time: it is small, and a new build replaces it under a running server.
 */
export function preloadLinks(html: string): string {
  const links: string[] = [];
  for (const [tag] of html.matchAll(/<(?:script|link)\b[^>]*>/g)) {
    const src = /\s(?:src|href)="(\.\/assets\/[^"]+)"/.exec(tag)?.[1];
    if (!src) continue;
    const crossorigin = /\scrossorigin\b/.test(tag) ? '; crossorigin' : '';
    if (/^<script[^>]*type="module"/.test(tag) || /rel="modulepreload"/.test(tag)) {
      links.push(`<${src}>; rel=modulepreload${crossorigin}`);
    } else if (/rel="stylesheet"/.test(tag)) {
      links.push(`<${src}>; rel=preload; as=style${crossorigin}`);
    }
  }
  return links.join(', ');
}
