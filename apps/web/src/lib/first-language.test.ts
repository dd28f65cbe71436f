import { describe, expect, it } from 'vitest';
import { languageFromBrowser, withFirstLaunchDefaults } from './storage.ts';

describe('the first language', () => {
  it('follows the browser’s preferred languages in order, and SPEC’s default when none is ours', () => {
    expect(languageFromBrowser(['en-US', 'zh-TW'])).toBe('en');
    expect(languageFromBrowser(['en'])).toBe('en');
    expect(languageFromBrowser(['zh-TW'])).toBe('zh-Hant');
    expect(languageFromBrowser(['zh-HK'])).toBe('zh-Hant');
    expect(languageFromBrowser(['zh-Hant-TW'])).toBe('zh-Hant');
    expect(languageFromBrowser(['zh'])).toBe('zh-Hant');
    expect(languageFromBrowser(['zh-CN'])).toBe('zh-Hans');
    expect(languageFromBrowser(['zh-Hans-SG'])).toBe('zh-Hans');
    expect(languageFromBrowser(['fr-FR', 'de', 'en-GB'])).toBe('en');
    expect(languageFromBrowser(['fr-FR', 'ja'])).toBe('zh-Hant');
    expect(languageFromBrowser(['english', 'zhx'])).toBe('zh-Hant');
    expect(languageFromBrowser([])).toBe('zh-Hant');
    expect(languageFromBrowser(undefined)).toBe('zh-Hant');
  });

  it('is only a default: a language the person chose is kept', () => {
    expect(withFirstLaunchDefaults(undefined, ['en-US']).language).toBe('en');
    expect(withFirstLaunchDefaults({ language: 'zh-Hans' }, ['en-US']).language).toBe('zh-Hans');
    expect(withFirstLaunchDefaults({ language: 'klingon' as never }, ['zh-CN']).language).toBe('zh-Hans');
  });
});
