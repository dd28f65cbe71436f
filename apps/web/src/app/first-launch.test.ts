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
  it('sends the first visit to the guide once, carrying the page it asked for', () => {
    const storage = memoryStorage();
    expect(guideSeen(storage)).toBe(false);
    expect(guideRedirect('/pages/daogame/index?x=1', storage)).toBe(
      `${PATHS.guide}?next=${encodeURIComponent('/pages/daogame/index?x=1')}`,
    );
    expect(guideRedirect(PATHS.guide, storage)).toBeNull();
    markGuideSeen(storage);
    expect(guideRedirect('/', storage)).toBeNull();
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
