import { describe, expect, it } from 'vitest';
import { linkHourChoices, parseWords } from './rules.ts';

describe('room rules on the settings screen', () => {
  it('reads blocked words one per line or separated by commas (also the Chinese ones), without repeats', () => {
    expect(parseWords('scam\n pump , dump，詐騙、scam\n\n')).toEqual(['scam', 'pump', 'dump', '詐騙']);
    expect(parseWords('')).toEqual([]);
    expect(parseWords(Array.from({ length: 60 }, (_, i) => `w${i}`).join(','))).toHaveLength(50);
  });

  it('offers the link steps and keeps a value set between them', () => {
    expect(linkHourChoices(0)).toEqual([0, 1, 24, 72, 168]);
    expect(linkHourChoices(12)).toEqual([0, 1, 12, 24, 72, 168]);
  });
});
