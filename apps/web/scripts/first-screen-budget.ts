// The first screen's budget (docs/performance.md "First screen"), shared by the bench (`npm run bench:web`, the
// real measurement on a throttled phone) and the check on every build (e2e/first-screen.spec.ts), which adds up
// what the built activity home makes the browser download before it can run: the entry script named in
// index.html, every script it imports statically, and the scripts index.html preloads.
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/** JavaScript on the wire for the activity home, cold cache: bodies as sent (brotli) and their headers. */
export const TARGET_JS_KIB = 130;
/** Largest contentful paint of the activity home on the bench's throttled phone. */
export const TARGET_LCP_MS = 2500;
/** What one script response's headers cost on the wire (the bench counts them; about 400 B measured). */
export const HEADER_BYTES = 512;

export interface ScriptSize {
  file: string;
  /** The bytes a browser that accepts brotli receives: the precompressed `.br` copy when the build wrote one. */
  wireBytes: number;
}

const STATIC_IMPORT = /(?:^|[;}\s])import\s*(?:[\w$\s{},*]+from\s*)?["']\.\/([\w.-]+\.js)["']/g;

/** The scripts the built first screen needs before it runs, by file (relative to `dist/assets`). */
export function firstScreenScripts(dist: string): ScriptSize[] {
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const named = [
    ...html.matchAll(/<script[^>]+type="module"[^>]+src="\.\/assets\/([^"]+\.js)"/g),
    ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="\.\/assets\/([^"]+\.js)"/g),
  ].map((match) => match[1] as string);
  const seen = new Set<string>();
  const queue = [...named];
  while (queue.length > 0) {
    const file = queue.shift() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    const code = readFileSync(path.join(dist, 'assets', file), 'utf8');
    for (const match of code.matchAll(STATIC_IMPORT)) queue.push(match[1] as string);
  }
  return [...seen].map((file) => {
    const plain = path.join(dist, 'assets', file);
    const brotli = `${plain}.br`;
    return { file, wireBytes: statSync(existsSync(brotli) ? brotli : plain).size };
  });
}

/** The total the budget is checked against: every script's compressed body and its headers. */
export function firstScreenJsBytes(scripts: readonly ScriptSize[]): number {
  return scripts.reduce((sum, script) => sum + script.wireBytes + HEADER_BYTES, 0);
}
