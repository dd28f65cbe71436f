// Writes a brotli (.br, quality 11) and a gzip (.gz, level 9) copy beside every compressible file of the built app,
// so the server sends compressed bytes without compressing per request (@fastify/static `preCompressed`).
// Runs after `vite build` (apps/web's build script). A copy that would not be smaller is not written: the server
// then falls back to the next encoding or the file itself. Usage: node scripts/compress.mjs [dist folder]
import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt|xml|map)$/;
const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

const dist = path.resolve(process.argv[2] ?? path.join(import.meta.dirname, '../dist'));

async function filesUnder(folder) {
  const entries = await readdir(folder, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
}

async function compress(file) {
  const bytes = await readFile(file);
  const [br, gz] = await Promise.all([
    brotli(bytes, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    }),
    gzipAsync(bytes, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  const written = { raw: bytes.length, br: 0, gz: 0 };
  for (const [extension, packed] of [
    ['br', br],
    ['gz', gz],
  ]) {
    const target = `${file}.${extension}`;
    if (packed.length < bytes.length) {
      await writeFile(target, packed);
      written[extension] = packed.length;
    } else {
      await rm(target, { force: true });
    }
  }
  return written;
}

const all = await filesUnder(dist);
// A rebuild into the same folder must not leave copies of files that are gone or changed.
await Promise.all(all.filter((file) => /\.(br|gz)$/.test(file)).map((file) => rm(file, { force: true })));
const targets = all.filter((file) => COMPRESSIBLE.test(file));
const totals = { raw: 0, br: 0, gz: 0 };
// A few at a time: zlib runs on libuv's thread pool, and quality 11 is CPU-heavy.
for (let i = 0; i < targets.length; i += 8) {
  for (const written of await Promise.all(targets.slice(i, i + 8).map(compress))) {
    totals.raw += written.raw;
    totals.br += written.br;
    totals.gz += written.gz;
  }
}
const kib = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;
console.log(
  `compressed ${targets.length} files in ${path.relative(process.cwd(), dist) || '.'}: ${kib(totals.raw)} → brotli ${kib(totals.br)}, gzip ${kib(totals.gz)}`,
);
