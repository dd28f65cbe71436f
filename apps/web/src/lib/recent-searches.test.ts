import { describe, expect, it } from 'vitest';
import { clearSearches, RECENT_SEARCHES_MAX, recentSearches, rememberSearch } from './recent-searches.ts';
import { STORE_KEY } from './storage.ts';

function memory(): Storage {
  const map = new Map<string, string>();
  return {
    get length() {
      return map.size;
    },
    clear: () => map.clear(),
    getItem: (key) => map.get(key) ?? null,
    key: (index) => [...map.keys()][index] ?? null,
    removeItem: (key) => void map.delete(key),
    setItem: (key, value) => void map.set(key, value),
  };
}

describe('recent searches', () => {
  it('newest first, once whatever the case, trimmed, at most the limit', () => {
    const storage = memory();
    expect(recentSearches('daogame', storage)).toEqual([]);
    rememberSearch('daogame', ' nebula ', storage);
    rememberSearch('daogame', 'chess', storage);
    expect(rememberSearch('daogame', 'Nebula', storage)).toEqual(['Nebula', 'chess']);
    rememberSearch('daogame', '   ', storage);
    expect(recentSearches('daogame', storage)).toEqual(['Nebula', 'chess']);
    for (let i = 0; i < 12; i += 1) rememberSearch('daogame', `game ${i}`, storage);
    const list = recentSearches('daogame', storage);
    expect(list).toHaveLength(RECENT_SEARCHES_MAX);
    expect(list[0]).toBe('game 11');
  });

  it('lives in its slice of the one store, beside the others, and clears', () => {
    const storage = memory();
    storage.setItem(STORE_KEY, JSON.stringify({ settings: { language: 'en' } }));
    rememberSearch('daogame', 'dice', storage);
    const stored = JSON.parse(storage.getItem(STORE_KEY)!);
    expect(stored).toEqual({ settings: { language: 'en' }, recentSearches: { daogame: ['dice'] } });
    clearSearches('daogame', storage);
    expect(recentSearches('daogame', storage)).toEqual([]);
    expect(JSON.parse(storage.getItem(STORE_KEY)!).settings).toEqual({ language: 'en' });
  });

  it('ignores what is not a list of strings', () => {
    const storage = memory();
    storage.setItem(STORE_KEY, JSON.stringify({ recentSearches: { daogame: ['ok', 3, null] } }));
    expect(recentSearches('daogame', storage)).toEqual(['ok']);
    storage.setItem(STORE_KEY, JSON.stringify({ recentSearches: { daogame: 'nope' } }));
    expect(recentSearches('daogame', storage)).toEqual([]);
  });
});
