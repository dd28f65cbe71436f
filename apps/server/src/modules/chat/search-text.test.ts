import { describe, expect, it } from 'vitest';
import { highlights, normalise, queryGrams, textGrams } from './search-text.ts';

describe('search text', () => {
  it('splits Chinese into neighbouring pairs and words into their prefixes', () => {
    expect(textGrams(normalise('我們在台北見'))).toEqual(['我們', '們在', '在台', '台北', '北見']);
    expect(textGrams(normalise('Meet at 台北'))).toEqual(['me', 'mee', 'meet', 'at', '台北', 'meet at']);
    expect(queryGrams(normalise('台北'))).toEqual(['台北']);
    expect(queryGrams(normalise('meeting 台北'))).toEqual(['meeting', '台北']);
  });

  it('normalises width and case, so a query finds what its text holds whatever it was typed with', () => {
    expect(normalise('ＭＥＥＴ ｶﾌｪ')).toBe('meet カフェ');
    const text = normalise('See you at the Ｃａｆé');
    for (const gram of queryGrams(normalise('CAF'))) expect(textGrams(text)).toContain(gram);
  });

  it('pairs neighbouring words, so a phrase of common words is found by its pairs', () => {
    expect(queryGrams(normalise('See you'))).toEqual(['see yo', 'see', 'you']);
    expect(textGrams(normalise('see you at 9'))).toEqual(expect.arrayContaining(['see yo', 'you at']));
    expect(queryGrams(normalise('zk-rollup'))).toEqual(['rollup', 'zk ro', 'zk']);
    for (const gram of queryGrams(normalise('see yo'))) expect(textGrams(normalise('see you'))).toContain(gram);
  });

  it('gives no gram for single characters, so such a query is refused', () => {
    expect(queryGrams(normalise('a 台'))).toEqual([]);
  });

  it('caps a long word at its prefix, and a query at its most selective grams', () => {
    expect(textGrams('internationalisation')).toContain('internatio');
    expect(textGrams('internationalisation')).not.toContain('internation');
    expect(queryGrams('internationalisation')).toEqual(['internatio']);
    expect(queryGrams('一二三四五六七八九十')).toHaveLength(6);
  });

  it('highlights in the original text, a character that normalised to several units as a whole', () => {
    expect(highlights('我們在台北見', '台北')).toEqual([{ start: 3, end: 5 }]);
    expect(highlights('Ｍeet and MEET', 'meet')).toEqual([
      { start: 0, end: 4 },
      { start: 9, end: 13 },
    ]);
    // ﬁ (one unit) normalises to "fi": a query of "f" marks the whole ligature.
    expect(highlights('a ﬁne day', 'f')).toEqual([{ start: 2, end: 3 }]);
    // Outside the basic plane (two units each) the ranges are still in UTF-16 units.
    expect(highlights('😀 台北', '台北')).toEqual([{ start: 3, end: 5 }]);
  });
});
