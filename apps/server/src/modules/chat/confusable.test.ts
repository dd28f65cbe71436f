import { describe, expect, it } from 'vitest';
import { confusableKey, looksAlike } from './confusable.ts';

describe('confusableKey', () => {
  it('ignores width, case, spaces and zero-width characters', () => {
    expect(confusableKey('ＡＮＮ Ｌｅｅ')).toBe(confusableKey('annlee'));
    expect(confusableKey('A\u200Bnn\u00A0Lee')).toBe(confusableKey('annlee'));
    expect(confusableKey('  Ann\tLee ')).toBe(confusableKey('ANNLEE'));
  });

  it('writes Cyrillic and Greek look-alikes and digits as the letters they pass for', () => {
    // Cyrillic а, е, о, р, с, х and Greek ο.
    expect(looksAlike('Сара Ехро', 'Capa Expo')).toBe(true);
    expect(looksAlike('Bοb', 'Bob')).toBe(true);
    expect(looksAlike('B0b', 'Bob')).toBe(true);
    expect(looksAlike('PayPaI', 'Paypal')).toBe(true);
    expect(looksAlike('1una', 'Luna')).toBe(true);
    expect(looksAlike('rnoderator', 'Moderator')).toBe(true);
  });

  it('tells different names apart and never matches an empty one', () => {
    expect(looksAlike('Ann', 'Anna')).toBe(false);
    expect(looksAlike('Bob', 'Rob')).toBe(false);
    expect(looksAlike('', '')).toBe(false);
    expect(looksAlike(null, 'Ann')).toBe(false);
    expect(looksAlike('\u200B', ' ')).toBe(false);
    expect(looksAlike('小明', '小明')).toBe(true);
    expect(looksAlike('小明', '小朋')).toBe(false);
  });
});
