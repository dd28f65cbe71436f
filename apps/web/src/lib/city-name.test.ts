import { describe, expect, it } from 'vitest';
import { cityLabel } from './city-name.ts';

const taipei = { en: 'Taipei', 'zh-Hant': '臺北', 'zh-Hans': '台北' };

describe('cityLabel', () => {
  it('names a catalogue city in the reader language and free text as typed', () => {
    expect(cityLabel('taipei', taipei, 'zh-Hant')).toBe('臺北');
    expect(cityLabel('taipei', taipei, 'zh-Hans')).toBe('台北');
    expect(cityLabel('taipei', taipei, 'en')).toBe('Taipei');
    expect(cityLabel('Springfield Gardens', null, 'zh-Hant')).toBe('Springfield Gardens');
    expect(cityLabel(null, null, 'en')).toBe('');
  });
});
