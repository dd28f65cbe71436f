import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { DEFAULT_COMMUNITY_CHANNELS, parseCommunityChannels, parseOrigins } from './static-pages.ts';

describe('static page configuration', () => {
  it('keeps the origins of WEBVIEW_ALLOWLIST and refuses what is not an http(s) origin', () => {
    expect(parseOrigins(' https://a.example/path?x=1 ,http://b.example:8080,, ')).toEqual([
      'https://a.example',
      'http://b.example:8080',
    ]);
    expect(() => parseOrigins('javascript:alert(1)')).toThrow(/WEBVIEW_ALLOWLIST/);
    expect(() => parseOrigins('not a url')).toThrow(/WEBVIEW_ALLOWLIST/);
  });

  it('always allows our own origin and the game shell', () => {
    const config = loadConfig({ PUBLIC_URL: 'https://app.example', DAOGAME_SHELL_URL: 'https://play.example/shell' });
    expect(config.webViewAllowList).toEqual(['https://app.example', 'https://play.example']);
    expect(config.daogameShellUrl).toBe('https://play.example/shell');
    const local = loadConfig({ PUBLIC_URL: 'https://app.example' });
    expect(local.daogameShellUrl).toBe('https://app.example/rest/polarisex/daogame/shell');
    expect(local.webViewAllowList).toEqual(['https://app.example']);
  });

  it('reads COMMUNITY_CHANNELS, and stops at start on a malformed value', () => {
    expect(parseCommunityChannels(undefined)).toEqual(DEFAULT_COMMUNITY_CHANNELS);
    expect(parseCommunityChannels('[{"id":"mail","name":"Email","url":"mailto:hi@city.example"}]')).toEqual([
      { id: 'mail', name: 'Email', url: 'mailto:hi@city.example' },
    ]);
    expect(() => parseCommunityChannels('{')).toThrow(/COMMUNITY_CHANNELS/);
    expect(() => parseCommunityChannels('[{"id":"x","name":"X","url":"javascript:alert(1)"}]')).toThrow(
      /COMMUNITY_CHANNELS/,
    );
  });
});
