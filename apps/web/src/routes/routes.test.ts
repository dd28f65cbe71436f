import { describe, expect, it } from 'vitest';
import { PATHS } from '@/app/paths.ts';
import { PAGE_FILES } from './page-loaders.ts';
import { pageFileOf, ROUTES } from './routes.ts';
import source from './routes.ts?raw';

/** Every page file, named as the route table's glob names them. */
const pageFiles = Object.keys(import.meta.glob('../pages/**/index.tsx'));

describe('route table', () => {
  it('has one route per path of the map, in the spec order, and no path twice', () => {
    const paths = Object.values(PATHS);
    expect(new Set(paths).size).toBe(paths.length);
    expect(ROUTES.map((route) => route.path)).toEqual(paths);
  });

  it('registers the activity home once, as the page that ships with the shell', () => {
    const homes = ROUTES.filter((route) => route.path === PATHS.activityHome);
    expect(homes).toHaveLength(1);
    expect(homes[0]?.page).toBeTypeOf('function');
    expect(homes[0]?.load).toBeUndefined();
  });

  it('keeps the table of page chunks out of the first screen: the route table reaches it by import() only', () => {
    expect(source).toMatch(/import\('\.\/page-loaders\.ts'\)/);
    expect(source).not.toMatch(/^import \{[^}]*\} from '\.\/page-loaders\.ts'/m);
    expect(source).not.toContain('import.meta.glob');
  });

  it('finds a page by the folder its path names', () => {
    expect(pageFileOf(PATHS.createActivity)).toBe('../pages/activity/create/index.tsx');
    expect(pageFileOf(PATHS.community)).toBe('../pages/chatroom/index.tsx');
    expect(pageFileOf(PATHS.chooseLocation)).toBe('../pages/choose-location/index.tsx');
  });

  it('reaches every page file through a path of the map', () => {
    const reached = new Set(
      ROUTES.filter((route) => route.load && PAGE_FILES[pageFileOf(route.path)]).map((route) => pageFileOf(route.path)),
    );
    const orphans = pageFiles.filter((file) => file !== '../pages/activity/index/index.tsx' && !reached.has(file));
    expect(orphans).toEqual([]);
    expect(reached.size).toBe(pageFiles.length - 1);
  });

  it('has a page for the paths built so far and the honest "not available yet" page for the rest', async () => {
    const built = ROUTES.filter((route) => PAGE_FILES[pageFileOf(route.path)] || route.page).map((route) => route.path);
    expect(built).toEqual(
      expect.arrayContaining([
        PATHS.activityHome,
        PATHS.community,
        PATHS.me,
        PATHS.login,
        PATHS.register,
        PATHS.agreement,
        PATHS.activityDetails,
        PATHS.transfer,
      ]),
    );
    expect(built).toContain(PATHS.loginHyper);
    const details = ROUTES.find((route) => route.path === PATHS.activityDetails);
    await expect(details?.load?.().then((module) => typeof module?.default)).resolves.toBe('function');
  });
});
