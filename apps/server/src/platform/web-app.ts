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
  await app.register(fastifyStatic, {
    root: webDist,
    wildcard: false,
    preCompressed: true,
    // The copies are reached through their originals only, never by their own names.
    globIgnore: ['**/*.br', '**/*.gz'],
    setHeaders: (reply, filePath) => {
      reply.header('cache-control', filePath.startsWith(assets) ? IMMUTABLE : REVALIDATE);
    },
  });
}
