// @vitest-environment node
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { hasMessage, LANGUAGES, MESSAGES } from '@polaris/contract';
import { describe, expect, it } from 'vitest';
import { FIRST_SCREEN_AREAS, loadCatalogue, loadFirstScreen } from './catalogue.ts';

type Tree = { [key: string]: string | Tree };

function leafKeys(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : leafKeys(value, `${prefix}${key}.`),
  );
}

function has(tree: Tree, key: string): boolean {
  let node: string | Tree | undefined = tree;
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  return typeof node === 'string';
}

const locales: Record<string, Tree> = Object.fromEntries(
  await Promise.all(LANGUAGES.map(async (language) => [language, (await loadCatalogue(language)).web])),
);
const en = locales.en!;
const srcDir = fileURLToPath(new URL('..', import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

describe('locale files', () => {
  it("load each language's first screen apart from the rest: the first screen's areas, each as in the full catalogue", async () => {
    for (const language of LANGUAGES) {
      const first = await loadFirstScreen(language);
      const full = (await loadCatalogue(language)).web;
      const areaKeys = (area: string) =>
        Object.keys(JSON.parse(readFileSync(join(srcDir, 'i18n/areas', area, `${language}.json`), 'utf8')));
      const main = Object.keys(JSON.parse(readFileSync(join(srcDir, 'i18n', `${language}.json`), 'utf8')));
      expect(Object.keys(first).sort(), language).toEqual([...main, ...FIRST_SCREEN_AREAS.flatMap(areaKeys)].sort());
      for (const key of Object.keys(first)) expect(first[key], key).toEqual(full[key]);
      expect(Object.keys(full).length).toBeGreaterThan(Object.keys(first).length);
    }
  });

  it("carry the contract's messages of their own language, and only those", async () => {
    for (const language of LANGUAGES) {
      expect((await loadCatalogue(language)).contract, language).toEqual(MESSAGES[language]);
    }
  });

  it("ship no language inside the app's script: every catalogue loads by import()", () => {
    // Each visitor downloads the strings of their own language only (the early script preloads them).
    const staticImports = sourceFiles(srcDir).flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/^import [^;]*? from '([^']+)';$/gms)].map((m) => m[1]),
    );
    const catalogue = readFileSync(join(srcDir, 'i18n/catalogue.ts'), 'utf8');
    for (const language of LANGUAGES) {
      expect(staticImports.filter((specifier) => specifier?.includes(`catalogues/${language}`))).toEqual([]);
      expect(catalogue).toContain(`import('./catalogues/${language}.ts')`);
      expect(catalogue).toContain(`import('./catalogues/${language}.rest.ts')`);
    }
  });

  for (const [name, tree] of Object.entries(locales)) {
    for (const [otherName, other] of Object.entries(locales)) {
      if (name === otherName) continue;
      it(`${otherName} has every key of ${name}`, () => {
        expect(leafKeys(tree).filter((key) => !has(other, key))).toEqual([]);
      });
    }
  }

  it('has no empty message', () => {
    for (const tree of Object.values(locales)) {
      expect(
        leafKeys(tree).filter((key) => {
          let node: string | Tree | undefined = tree;
          for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
          return typeof node === 'string' && node.trim() === '';
        }),
      ).toEqual([]);
    }
  });
});

describe('keys used in the source', () => {
  const used = new Map<string, string>();
  for (const file of sourceFiles(srcDir)) {
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(/\bt\(\s*['"]([^'"]+)['"]/g)) {
      if (match[1]) used.set(match[1], file.slice(srcDir.length));
    }
  }

  it('finds the keys (the scan itself works)', () => {
    expect(used.size).toBeGreaterThan(20);
  });

  it('are all present in en.json, or in the shared contract catalogue for contract: keys', () => {
    const missing = [...used].filter(([key]) =>
      key.startsWith('contract:') ? !hasMessage(key.slice('contract:'.length)) : !has(en, key),
    );
    expect(missing).toEqual([]);
  });
});
