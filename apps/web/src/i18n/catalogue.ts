import type { Language } from '@polaris/contract';
import * as defaultLanguage from './catalogues/zh-Hant.ts';
import { merge, type Tree } from './merge.ts';

export type { Tree };

interface LanguageFiles {
  main: Tree;
  areas: Record<string, Tree>;
}

/** The language every first visit shows (DEFAULT_LANGUAGE; i18n.test.ts checks they agree). */
export const BUNDLED_LANGUAGE: Language = 'zh-Hant';

/**
 * The web's strings, one set of files per language (catalogues/<language>.ts). The default language ships with
 * the app itself: it is what a first visit shows, and fetching it separately would hold the first screen back
 * by a round trip. The other two are chunks of their own, loaded when someone has chosen them
 * (docs/performance.md "First screen").
 */
const LOADERS: Record<Language, () => Promise<LanguageFiles>> = {
  en: () => import('./catalogues/en.ts'),
  'zh-Hans': () => import('./catalogues/zh-Hans.ts'),
  'zh-Hant': async () => defaultLanguage,
};

export async function loadCatalogue(language: Language): Promise<Tree> {
  const { main, areas } = await LOADERS[language]();
  return merge(main, areas);
}
