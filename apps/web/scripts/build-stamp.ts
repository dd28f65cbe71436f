// `npm start` builds the web app only when its sources changed since the last build (issue 23: a second start spent
// 97 s rebuilding the same app). The build leaves a stamp, apps/web/dist/build-stamp.json, holding a SHA-256 over
// every input of the build (the app's sources, the contract package it imports, the lockfile); a start whose inputs
// hash the same skips the build and says so. `FORCE_BUILD=1 npm start` and `npm run build` (`--force`) always build.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const STAMP_FILE = 'build-stamp.json';

/** What a build reads, relative to the repository root: folders are walked, files read. */
export const BUILD_INPUTS = [
  'package-lock.json',
  'apps/web/index.html',
  'apps/web/package.json',
  'apps/web/tsconfig.json',
  'apps/web/vite.config.ts',
  'apps/web/vite-licences.ts',
  'apps/web/vite-plugins.ts',
  'apps/web/vite-sw.ts',
  'apps/web/scripts/compress.mjs',
  'apps/web/src',
  'apps/web/public',
  'apps/web/sw',
  'packages/contract/package.json',
  'packages/contract/src',
];

function filesUnder(root: string, relative: string): string[] {
  const full = path.join(root, relative);
  if (!existsSync(full)) return [];
  if (!statSync(full).isDirectory()) return [relative];
  return readdirSync(full)
    .filter((name) => name !== 'node_modules' && !name.startsWith('.'))
    .flatMap((name) => filesUnder(root, path.join(relative, name)));
}

/** The hash of every input's path and content, in a fixed order: it changes when, and only when, an input does. */
export function sourceHash(root: string, inputs: readonly string[] = BUILD_INPUTS): string {
  const hash = createHash('sha256');
  const files = inputs.flatMap((input) => filesUnder(root, input)).sort();
  for (const file of files) {
    hash.update(`${file.split(path.sep).join('/')}\0`);
    hash.update(readFileSync(path.join(root, file)));
    hash.update('\0');
  }
  return hash.digest('hex');
}

/** Whether `dist` holds a finished build of exactly these inputs. */
export function upToDate(dist: string, hash: string): boolean {
  try {
    if (!existsSync(path.join(dist, 'index.html'))) return false;
    return (JSON.parse(readFileSync(path.join(dist, STAMP_FILE), 'utf8')) as { sources?: string }).sources === hash;
  } catch {
    return false;
  }
}

export function writeStamp(dist: string, hash: string, now = new Date()): void {
  writeFileSync(path.join(dist, STAMP_FILE), `${JSON.stringify({ sources: hash, builtAt: now.toISOString() })}\n`);
}

/** Builds unless the stamp says the build is current; answers whether it built. */
export function buildIfStale(root: string, options: { force?: boolean; build?: () => void } = {}): boolean {
  const dist = path.join(root, 'apps/web/dist');
  const hash = sourceHash(root);
  if (!options.force && upToDate(dist, hash)) {
    console.log(`Web app is up to date (apps/web/dist/${STAMP_FILE} matches its sources): skipping the build.`);
    return false;
  }
  (options.build ?? (() => execFileSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' })))();
  writeStamp(dist, hash);
  return true;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
  buildIfStale(root, { force: process.env.FORCE_BUILD === '1' || process.argv.includes('--force') });
}
