// The first screen's budget (docs/performance.md "First screen"), shared by the bench (`npm run bench:web`, the
// real measurement on a throttled phone) and the check on every build (e2e/first-screen.spec.ts), which adds up
// what the built activity home makes the browser download before it can render: the scripts index.html names
// (the entry and the early script) and preloads, every script they import statically, and one language's
// first-screen strings.
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/** JavaScript on the wire for the activity home, cold cache: bodies as sent (brotli) and their headers. */
export const TARGET_JS_KIB = 130;
/** Largest contentful paint of the activity home on the bench's throttled phone. */
export const TARGET_LCP_MS = 2200;
/** What one script response's headers cost on the wire (the bench counts them; about 400 B measured). */
export const HEADER_BYTES = 512;

export interface ScriptSize {
  file: string;
  /** The bytes a browser that accepts brotli receives: the precompressed `.br` copy when the build wrote one. */
  wireBytes: number;
}

const STATIC_IMPORT = /(?:^|[;}\s])import\s*(?:[\w$\s{},*]+from\s*)?["']\.\/([\w.-]+\.js)["']/g;

/**
 * The scripts the built first screen needs before it renders, by file (relative to `dist/assets`): the app's entry,
 * the early script and what index.html preloads, what each imports statically, and the first-screen strings of
 * `language` (the early script preloads them; listed in the `polaris-first-strings` meta element), or of the
 * language whose strings weigh the most when none is given.
 */
export function firstScreenScripts(dist: string, language?: string): ScriptSize[] {
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const named = [
    ...html.matchAll(/<script[^>]+type="module"[^>]+src="\.\/assets\/([^"]+\.js)"/g),
    ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="\.\/assets\/([^"]+\.js)"/g),
  ].map((match) => match[1] as string);
  const withImports = (files: readonly string[]): string[] => {
    const seen = new Set<string>();
    const queue = [...files];
    while (queue.length > 0) {
      const file = queue.shift() as string;
      if (seen.has(file)) continue;
      seen.add(file);
      const code = readFileSync(path.join(dist, 'assets', file), 'utf8');
      for (const match of code.matchAll(STATIC_IMPORT)) queue.push(match[1] as string);
    }
    return [...seen];
  };
  const app = withImports(named);
  const meta = /<meta name="polaris-first-strings" content="([^"]+)"/.exec(html)?.[1];
  const strings = Object.entries(JSON.parse((meta ?? '{}').replaceAll('&quot;', '"')) as Record<string, string[]>).map(
    ([name, files]) => ({
      name,
      files: withImports(files.map((file) => file.replace(/^\.\/assets\//, ''))).filter((file) => !app.includes(file)),
    }),
  );
  const sized = (files: readonly string[]): ScriptSize[] =>
    files.map((file) => {
      const plain = path.join(dist, 'assets', file);
      const brotli = `${plain}.br`;
      return { file, wireBytes: statSync(existsSync(brotli) ? brotli : plain).size };
    });
  const weight = (files: readonly string[]) => firstScreenJsBytes(sized(files));
  const chosen = language
    ? strings.find((entry) => entry.name === language)
    : strings.sort((a, b) => weight(b.files) - weight(a.files))[0];
  return sized([...app, ...(chosen?.files ?? [])]);
}

/** The total the budget is checked against: every script's compressed body and its headers. */
export function firstScreenJsBytes(scripts: readonly ScriptSize[]): number {
  return scripts.reduce((sum, script) => sum + script.wireBytes + HEADER_BYTES, 0);
}
