import type { Language, Messages } from '@polaris/contract';
import { merge, type Tree } from './merge.ts';

export type { Tree };

interface FirstScreenFiles {
  main: Tree;
  areas: Record<string, Tree>;
}

interface RestFiles {
  areas: Record<string, Tree>;
  contract: Messages;
}

/** A language's strings: the web's own, and the contract's messages in it (the `contract` namespace). */
export interface Catalogue {
  web: Tree;
  contract: Messages;
}

/** The areas of every language that load first: what the shell and the activity home show. */
export const FIRST_SCREEN_AREAS: readonly string[] = ['activity', 'notices', 'appPlatform'];

/**
 * The web's strings, two chunks per language: `catalogues/<language>.ts`, what the first screen shows (the main
 * file and FIRST_SCREEN_AREAS), and `<language>.rest.ts`, every other area and the contract's messages. None ships
 * inside the app's script: the first-screen chunk of the visitor's language is preloaded by index.html's early
 * script (app/first-screen-boot.ts) while the app downloads, so each visitor downloads one language, not the
 * default's as well (docs/performance.md "First screen"). The first screen renders once its chunk is in; every
 * other page waits for the rest too.
 */
const FIRST_SCREEN: Record<Language, () => Promise<FirstScreenFiles>> = {
  en: () => import('./catalogues/en.ts'),
  'zh-Hans': () => import('./catalogues/zh-Hans.ts'),
  'zh-Hant': () => import('./catalogues/zh-Hant.ts'),
};

const REST: Record<Language, () => Promise<RestFiles>> = {
  en: () => import('./catalogues/en.rest.ts'),
  'zh-Hans': () => import('./catalogues/zh-Hans.rest.ts'),
  'zh-Hant': () => import('./catalogues/zh-Hant.rest.ts'),
};

/** A language's first-screen strings (the web's own only): what the first render of the activity home needs. */
export async function loadFirstScreen(language: Language): Promise<Tree> {
  const { main, areas } = await FIRST_SCREEN[language]();
  return merge(main, areas);
}

/** Every string of a language. */
export async function loadCatalogue(language: Language): Promise<Catalogue> {
  const [first, rest] = await Promise.all([FIRST_SCREEN[language](), REST[language]()]);
  return { web: merge(first.main, { ...first.areas, ...rest.areas }), contract: rest.contract };
}
