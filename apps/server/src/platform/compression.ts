import compress from '@fastify/compress';
import { API_BASE } from '@polaris/contract';
import type { FastifyInstance } from 'fastify';

/** Below this an answer goes as it is: a compressed frame would save less than it costs. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/**
 * API answers (JSON, CSV, `.ics`, the OpenAPI document) are compressed on the fly, brotli or gzip, whichever the
 * client prefers, above a kilobyte. Brotli runs at quality 4 (the library's default for dynamic bodies): at the
 * usual 11 it would cost more CPU than the bytes are worth. The web app's files are precompressed at build and
 * already carry their Content-Encoding, which this leaves alone; images are not compressible types.
 */
export async function installCompression(app: FastifyInstance) {
  // Before the plugin's own onRoute hook: the web app's files are served as built (precompressed, or too small
  // to be worth it), and request bodies are never accepted compressed (a small body must stay small: the body
  // limit and the signature of a signed call are about the bytes sent).
  app.addHook('onRoute', (route) => {
    const options = route as typeof route & { compress?: false; decompress?: false };
    if (!route.url.startsWith(API_BASE)) options.compress = false;
    options.decompress = false;
  });
  await app.register(compress, {
    global: true,
    threshold: COMPRESS_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
  });
}
