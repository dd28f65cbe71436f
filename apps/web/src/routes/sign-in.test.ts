import { LANGUAGES } from '@polaris/contract';
import { describe, expect, it } from 'vitest';
import { loadCatalogue, type Tree } from '@/i18n/catalogue.ts';
import { pageFileOf, ROUTES } from './routes.ts';
import { SIGN_IN_TITLES } from './sign-in.ts';

/** Every page file's source, as the route table's glob names them. */
const sources = import.meta.glob<string>('../pages/**/index.tsx', { query: '?raw', import: 'default', eager: true });

const catalogues: Record<string, Tree> = Object.fromEntries(
  await Promise.all(LANGUAGES.map(async (language) => [language, (await loadCatalogue(language)).web])),
);
const lookup = (tree: Tree, key: string): unknown =>
  key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], tree);

/** What a page uses to keep guests out of what belongs to an account. */
const GUARDS = /<(RequireLogin|ManageShell|RoomShell)\b/;

describe('the guest wall, from the route table', () => {
  const signInRoutes = ROUTES.filter((route) => route.signIn);

  it('marks every page that guards itself for guests as sign-in-only, and only pages that exist', () => {
    const guarded = Object.entries(sources)
      .filter(([, source]) => GUARDS.test(source))
      .map(([file]) => file);
    const marked = new Set(signInRoutes.map((route) => pageFileOf(route.path)));
    expect(guarded.filter((file) => !marked.has(file))).toEqual([]);
    expect(guarded.length).toBeGreaterThanOrEqual(32);
    for (const route of signInRoutes) expect(route.load, route.path).toBeTypeOf('function');
    expect(signInRoutes).toHaveLength(Object.keys(SIGN_IN_TITLES).length);
  });

  it('names every sign-in-only route with a plain title in the three languages', () => {
    for (const route of signInRoutes) {
      for (const language of LANGUAGES) {
        const title = lookup(catalogues[language]!, route.signIn!.title);
        expect(typeof title, `${route.path} ${language} ${route.signIn!.title}`).toBe('string');
        expect((title as string).trim(), `${route.path} ${language}`).not.toBe('');
        expect(title as string, `${route.path} ${language}`).not.toMatch(/\{\{/);
      }
    }
  });

  it('says what the page is, addresses the user as 你, and offers both ways in', () => {
    for (const language of LANGUAGES) {
      const wall = lookup(catalogues[language]!, 'guestWall') as Record<string, string>;
      expect(wall.title).toContain('{{page}}');
      for (const key of ['title', 'titleGeneric', 'body', 'login', 'register']) {
        expect(wall[key], `${language} ${key}`).toBeTruthy();
        expect(wall[key], `${language} ${key}`).not.toContain('您');
      }
    }
    expect(lookup(catalogues['zh-Hant']!, 'guestWall.title')).toBe('登入後查看「{{page}}」');
  });
});
