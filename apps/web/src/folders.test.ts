import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The folder roles of docs/web-client.md ("Folders"), as import arrows that only point down:
 * main.tsx → routes/ → pages/ → components/ → app/ → api/ → lib/, i18n/. A file may import from its own folder's
 * layer or from a lower one, so nothing a page uses sits above a file that imports every page.
 */
const LAYERS: Record<string, number> = {
  'main.tsx': 6,
  // This test reads files; it imports nothing of the app.
  'folders.test.ts': 6,
  routes: 5,
  // Tests of a whole page (its buttons from the answer's `can`): they import a page, so they sit above pages/.
  'page-tests': 5,
  pages: 4,
  components: 3,
  app: 2,
  api: 1,
  // lib sits below api: storage, formats and the socket never call the server's routes themselves.
  lib: 0,
  i18n: 0,
};

const src = path.dirname(fileURLToPath(import.meta.url));

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(full) : [full];
  });
}

const sources = filesUnder(src)
  .filter((file) => /\.tsx?$/.test(file))
  .map((file) => path.relative(src, file).split(path.sep).join('/'));

const layerOf = (file: string) => LAYERS[file.split('/')[0] ?? ''];

/** The src-relative files a module imports (static and dynamic), from `@/…` and relative specifiers. */
function importsOf(file: string): string[] {
  const text = readFileSync(path.join(src, file), 'utf8');
  const specifiers = [...text.matchAll(/(?:from\s+|import\s*\(\s*|^import\s+)['"]([^'"]+)['"]/gm)].map((m) => m[1]);
  return specifiers.flatMap((specifier) => {
    if (specifier === undefined) return [];
    if (specifier.startsWith('@/')) return [specifier.slice(2)];
    if (specifier.startsWith('.')) return [path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier))];
    return [];
  });
}

describe('folders', () => {
  it('knows the layer of every source file', () => {
    expect(sources.filter((file) => layerOf(file) === undefined)).toEqual([]);
  });

  it('imports only from the same layer or a lower one (a lib test may drive the request layer)', () => {
    const libTestOfApi = (file: string, target: string) =>
      /\.test\.tsx?$/.test(file) && file.startsWith('lib/') && target.startsWith('api/');
    const upward = sources.flatMap((file) =>
      importsOf(file)
        .filter((target) => (layerOf(target) ?? 0) > (layerOf(file) ?? 0) && !libTestOfApi(file, target))
        .map((target) => `${file} → ${target}`),
    );
    expect(upward).toEqual([]);
  });

  it('keeps one page per folder under pages/: its index.tsx and its own stylesheet, nothing else', () => {
    const pagesDir = path.join(src, 'pages');
    const others = filesUnder(pagesDir)
      .map((file) => path.relative(src, file).split(path.sep).join('/'))
      .filter((file) => !/\/index\.tsx$/.test(file) && !/\.module\.css$/.test(file));
    expect(others).toEqual([]);
  });

  it('lets a page import no other page, nor another page folder’s stylesheet', () => {
    const crossing = sources
      .filter((file) => file.startsWith('pages/'))
      .flatMap((file) =>
        importsOf(file)
          .filter((target) => target.startsWith('pages/') && path.posix.dirname(target) !== path.posix.dirname(file))
          .map((target) => `${file} → ${target}`),
      );
    expect(crossing).toEqual([]);
  });

  it('reads the imports it checks', () => {
    expect(importsOf('main.tsx')).toContain('routes/router.tsx');
    expect(importsOf('routes/routes.ts')).toContain('pages/activity/index/index.tsx');
  });
});
