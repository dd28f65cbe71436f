import type { Language, Messages } from '@polaris/contract';
import * as defaultLanguage from './catalogues/zh-Hant.ts';
import { merge, type Tree } from './merge.ts';

export type { Tree };

interface LanguageFiles {
  main: Tree;
  areas: Record<string, Tree>;
  contract: Messages;
}

/** A language's strings: the web's own, and the contract's messages in it (the `contract` namespace). */
export interface Catalogue {
  web: Tree;
  contract: Messages;
}

/** The language every first visit shows (DEFAULT_LANGUAGE; i18n.test.ts checks they agree). */
export const BUNDLED_LANGUAGE: Language = 'zh-Hant';

/** The areas of the bundled language that ship with the app: what the shell and the activity home show. */
export const FIRST_SCREEN_AREAS: readonly string[] = ['activity', 'notices', 'appPlatform'];

/**
 * The web's strings, one set of files per language (catalogues/<language>.ts). The default language's first-screen
 * areas ship with the app itself: they are what a first visit shows, and fetching them separately would hold the
 * first screen back by a round trip. Its other areas, and the other two languages, are chunks of their own, loaded
 * when a page needs them or someone has chosen them (docs/performance.md "First screen").
 */
const LOADERS: Record<Language, () => Promise<LanguageFiles>> = {
  en: () => import('./catalogues/en.ts'),
  'zh-Hans': () => import('./catalogues/zh-Hans.ts'),
  'zh-Hant': async () => {
    const rest = await import('./catalogues/zh-Hant.rest.ts');
    return { ...defaultLanguage, areas: { ...defaultLanguage.areas, ...rest.areas } };
  },
};

/** Every string of a language. */
export async function loadCatalogue(language: Language): Promise<Catalogue> {
  const { main, areas, contract } = await LOADERS[language]();
  return { web: merge(main, areas), contract };
}

/** The bundled language's first-screen strings, at once: what the first render of the activity home needs. */
export function firstScreenCatalogue(): Catalogue {
  return { web: merge(defaultLanguage.main, defaultLanguage.areas), contract: defaultLanguage.contract };
}
