import { describe, expect, it } from 'vitest';
import { PATHS } from '@/app/paths.ts';
import { readStore, STORE_KEY } from '@/lib/storage.ts';
import { guideNext, guideRedirect, guideSeen, markGuideSeen } from './first-launch.ts';

function memoryStorage(): Storage {
  const data = new Map<string, string>();
  return {
    get length() {
      return data.size;
    },
    clear: () => data.clear(),
    getItem: (key) => data.get(key) ?? null,
    key: (index) => [...data.keys()][index] ?? null,
    removeItem: (key) => void data.delete(key),
    setItem: (key, value) => void data.set(key, value),
  };
}

describe('first launch', () => {
  it('shows the guide once, on a cold start of the home only', () => {
    const storage = memoryStorage();
    expect(guideSeen(storage)).toBe(false);
    expect(guideRedirect('/', '/', storage)).toBe(`${PATHS.guide}?next=${encodeURIComponent('/')}`);
    expect(guideRedirect('/?tab=1', '/?tab=1', storage)).toBe(`${PATHS.guide}?next=${encodeURIComponent('/?tab=1')}`);
    expect(guideRedirect(PATHS.guide, '/', storage)).toBeNull();
    markGuideSeen(storage);
    expect(guideRedirect('/', '/', storage)).toBeNull();
  });

  it('lets a deep link open its page, and the home reached from it, without the guide', () => {
    const storage = memoryStorage();
    const link = `${PATHS.activityDetails}?id=AbCdEfGhIjKl`;
    expect(guideRedirect(link, link, storage)).toBeNull();
    expect(guideRedirect('/pages/daogame/index?x=1', '/pages/daogame/index?x=1', storage)).toBeNull();
    // The visitor who came by a link and then taps the home tab is not stopped either.
    expect(guideRedirect('/', link, storage)).toBeNull();
    expect(guideSeen(storage)).toBe(false);
  });

  it('keeps the flag in the one namespaced store beside the other slices', () => {
    const storage = memoryStorage();
    storage.setItem(STORE_KEY, JSON.stringify({ settings: { currency: 'EUR' } }));
    markGuideSeen(storage);
    expect(readStore(storage)).toEqual({ settings: { currency: 'EUR' }, guide: { seen: true } });
  });

  it('continues only to a page of ours', () => {
    expect(guideNext('/pages/daogame/index')).toBe('/pages/daogame/index');
    expect(guideNext(null)).toBe(PATHS.activityHome);
    expect(guideNext('https://evil.example.com')).toBe(PATHS.activityHome);
    expect(guideNext('//evil.example.com')).toBe(PATHS.activityHome);
  });
});
