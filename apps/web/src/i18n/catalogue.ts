import type { Language } from '@polaris/contract';
import en from './en.json';
import zhHans from './zh-Hans.json';
import zhHant from './zh-Hant.json';

type Tree = { [key: string]: string | Tree };

/**
 * The web's strings: the main files here plus one folder per feature area (`areas/<area>/<language>.json`),
 * so features can add their strings without touching the same file. Each area owns top-level keys of its own;
 * a key defined twice is a mistake, and building the catalogue says so.
 */
const areaFiles = import.meta.glob<{ default: Tree }>('./areas/*/*.json', { eager: true });

function merge(language: Language, base: Tree): Tree {
  const result: Tree = { ...base };
  for (const [path, module] of Object.entries(areaFiles)) {
    if (!path.endsWith(`/${language}.json`)) continue;
    for (const [key, value] of Object.entries(module.default)) {
      if (key in result) throw new Error(`i18n: top-level key "${key}" in ${path} is already defined`);
      result[key] = value;
    }
  }
  return result;
}

export const CATALOGUE: Record<Language, Tree> = {
  en: merge('en', en),
  'zh-Hans': merge('zh-Hans', zhHans),
  'zh-Hant': merge('zh-Hant', zhHant),
};
