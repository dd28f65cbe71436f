import { describe, expect, it } from 'vitest';
import { shareConfig } from './config.ts';

describe('share config', () => {
  it('defaults the short-link host to the public URL and leaves app links off', () => {
    expect(shareConfig({}, 'http://localhost:8080')).toEqual({
      shortLinkHost: 'http://localhost:8080',
      android: undefined,
      apple: undefined,
    });
    expect(shareConfig({ SHORT_LINK_HOST: 'https://plrs.example/' }, 'x').shortLinkHost).toBe('https://plrs.example');
  });

  it('stops on a half-given or malformed setting, naming it', () => {
    expect(() => shareConfig({ SHORT_LINK_HOST: 'https://plrs.example/s' }, 'x')).toThrow(/SHORT_LINK_HOST/);
    expect(() => shareConfig({ SHORT_LINK_HOST: 'ftp://plrs.example' }, 'x')).toThrow(/SHORT_LINK_HOST/);
    expect(() => shareConfig({ ANDROID_APP_PACKAGE: 'com.example.app' }, 'x')).toThrow(/ANDROID_CERT_SHA256/);
    expect(() => shareConfig({ ANDROID_APP_PACKAGE: 'x', ANDROID_CERT_SHA256: 'AB' }, 'x')).toThrow(
      /ANDROID_APP_PACKAGE/,
    );
    expect(() => shareConfig({ ANDROID_APP_PACKAGE: 'com.a.b', ANDROID_CERT_SHA256: 'AB:CD' }, 'x')).toThrow(
      /ANDROID_CERT_SHA256/,
    );
    expect(() => shareConfig({ IOS_TEAM_ID: 'ABCDE12345' }, 'x')).toThrow(/IOS_BUNDLE_ID/);
    expect(() => shareConfig({ IOS_BUNDLE_ID: 'com.a.b' }, 'x')).toThrow(/IOS_TEAM_ID/);
  });
});
